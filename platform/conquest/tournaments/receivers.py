"""Signal receivers: a tournament match that ends may complete its round."""

from __future__ import annotations

from django.dispatch import receiver

from conquest.matches.models import Match
from conquest.matches.signals import match_ended
from conquest.tournaments import services
from conquest.tournaments.models import Tournament


@receiver(match_ended, dispatch_uid="tournaments-advance-on-match-ended")
def advance_on_match_ended(sender, match_id: int, status: str, origin: str, **kwargs) -> None:
    """Advance the tournament of match ``match_id``, if it has one (a tournament's games are
    of its origin)."""
    if origin != Match.Origin.TOURNAMENT:
        return
    tournament = Tournament.objects.filter(tournament_games__match_id=match_id).first()
    if tournament is not None:
        services.tournament_advance(tournament=tournament)
