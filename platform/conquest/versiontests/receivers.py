"""Signal receivers: a version test's match that ends may complete a pair."""

from __future__ import annotations

from django.dispatch import receiver

from conquest.matches.signals import match_ended
from conquest.versiontests import services
from conquest.versiontests.models import VersionTest


@receiver(match_ended, dispatch_uid="versiontests-advance-on-match-ended")
def advance_on_match_ended(sender, match_id: int, status: str, origin: str, **kwargs) -> None:
    """Advance the version test of match ``match_id``, if it has one (its games are of
    ``services.ORIGIN``)."""
    if origin != services.ORIGIN:
        return
    test = VersionTest.objects.filter(pairs__games__match_id=match_id).first()
    if test is not None:
        services.version_test_advance(test=test)
