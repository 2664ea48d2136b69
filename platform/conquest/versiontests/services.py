"""Writes on version tests: create one, play its pairs, count them, stop at a bound, promote.

**Pairs.** Every game of a pair is played on the pair's seed, and its matches are unrated
challenges requested by the test's owner (``Match.Origin.CHALLENGE``, ``rated`` false): a
version test never changes a rating. The pair has two halves, the seats rotated between them:

- *two seats* (head to head): half 0 seats the candidate first and the baseline second,
  half 1 the other way round; the candidate's game score in a half is 1 if it placed above the
  baseline, ½ for a tie, 0 below;
- *more seats* (against the league's pool): k − 1 opponents are drawn from the league's
  playable entries of other bots, and a seat for the tested version; in each half the
  candidate and the baseline play one match each, alone in the same seat against the same
  opponents in the same seats (half 1 rotates every seat by one). The candidate's game score
  in a half is 1 if it placed better than the baseline did in its twin match, ½ if equally,
  0 if worse.

The pair counts in the pentanomial by the sum of its two game scores (``sprt.pair_category``).
A pair whose match failed (error) or was cancelled is void: not counted, and another pair is
played instead.
"""

from __future__ import annotations

import secrets
from collections import defaultdict

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from conquest.bots.models import Bot, BotVersion
from conquest.leagues import selectors as leagues
from conquest.leagues.models import Entry
from conquest.leagues.services import entry_check, entry_reinstate, entry_withdraw
from conquest.matches import services as matches
from conquest.matches.models import Match, MatchSeat
from conquest.versiontests import sprt
from conquest.versiontests.managers import ENDED
from conquest.versiontests.models import VersionTest, VersionTestGame, VersionTestPair

Status = VersionTest.Status
_random = secrets.SystemRandom()
ORIGIN = Match.Origin.CHALLENGE
"""The origin of a version test's matches (its receiver of ``match_ended`` looks at these only)."""
_SETTINGS = ("elo0", "elo1", "alpha", "beta", "max_pairs", "concurrency")
"""The test's settings, given to :func:`version_test_create` or left at their defaults."""


def version_test_settings_check(
    *, elo0: float, elo1: float, alpha: float, beta: float, max_pairs: int, concurrency: int
) -> None:
    """ValidationError on the first setting that makes no test."""
    if not elo0 < elo1:
        raise ValidationError({"elo1": "elo1 must be above elo0"})
    try:
        sprt.bounds(alpha=alpha, beta=beta)
    except ValueError as error:
        raise ValidationError({"beta" if 0 < alpha < 1 else "alpha": str(error)}) from None
    if max_pairs < 1:
        raise ValidationError({"max_pairs": "at least one pair"})
    if concurrency < 1:
        raise ValidationError({"concurrency": "at least one pair at a time"})


def _opponents(test: VersionTest) -> list[Entry]:
    """The league's entries that can play now and are not the tested bot's (nor, unless the
    league allows two entries of one owner at a table, its owner's)."""
    tested = test.baseline.version.bot
    entries = test.league.entries.playable().exclude(version__bot=tested)
    if not test.league.allow_same_owner:
        entries = entries.exclude(version__bot__owner_id=tested.owner_id)
    return [
        entry
        for entry in entries.select_related("version__bot")
        if leagues.entry_waiting(entry) is None
    ]


def version_test_create(*, user, baseline: Entry, candidate: BotVersion, **settings) -> VersionTest:
    """A running version test of ``candidate`` against the ladder entry ``baseline`` (a
    version of the same bot, owned by ``user`` unless staff), its first pairs queued.

    ``settings`` are VersionTest fields: elo0, elo1, alpha, beta, max_pairs, concurrency.
    The candidate plays through its own entry in the league, created withdrawn (the ladder
    does not schedule it) when it has none. A bot has one running test at most.
    """
    league = baseline.league
    bot = baseline.version.bot
    if not user.is_staff and bot.owner_id != user.pk:
        raise ValidationError({"baseline": "the baseline must be an entry of one of your bots"})
    if candidate.bot_id != bot.pk:
        raise ValidationError({"candidate": f"the candidate must be a version of {bot}"})
    if candidate.pk == baseline.version_id:
        raise ValidationError({"candidate": "the candidate must differ from the baseline"})
    for field, waiting in (
        ("baseline", leagues.entry_waiting(baseline)),
        ("candidate", leagues.version_waiting(candidate)),
    ):
        if waiting is not None:
            raise ValidationError({field: f"it cannot play now: {waiting}"})
    defaults = {f: VersionTest._meta.get_field(f).default for f in _SETTINGS}
    values = {**defaults, **settings}
    version_test_settings_check(**values)
    try:
        entry_check(league=league, version=candidate)
    except ValidationError as error:
        raise ValidationError({"candidate": error.messages}) from None
    with transaction.atomic():
        Bot.objects.select_for_update().filter(pk=bot.pk).first()  # one creation at a time
        running = VersionTest.objects.running().filter(baseline__version__bot=bot).first()
        if running is not None:
            raise ValidationError(
                {"baseline": f"test {running.pk} of {bot} is running: one test of a bot at a "
                 "time (cancel it first)"}
            )  # fmt: skip
        entry, _ = Entry.objects.get_or_create(
            league=league, version=candidate, defaults={"active": False}
        )
        test = VersionTest.objects.create(
            league=league, requested_by=user, baseline=baseline, candidate=entry, **values
        )
        if league.seats > 2 and len(_opponents(test)) < league.seats - 1:
            raise ValidationError(
                {"baseline": f"{league} needs {league.seats - 1} entries of other bots that "
                 "can play now to test against"}
            )  # fmt: skip
        version_test_advance(test=test)
    return test


def _can_play(test: VersionTest) -> bool:
    """Can both versions play now (a remote bot connected, neither bot disabled), and has
    the pool enough opponents?"""
    if any(
        leagues.version_waiting(entry.version) is not None
        for entry in (test.candidate, test.baseline)
    ):
        return False
    return test.league.seats == 2 or len(_opponents(test)) >= test.league.seats - 1


def _seatings(test: VersionTest) -> list[tuple[int, list[Entry]]]:
    """Each match of a new pair: its half and its entries in seat order (module docstring)."""
    candidate, baseline, k = test.candidate, test.baseline, test.league.seats
    if k == 2:
        return [(0, [candidate, baseline]), (1, [baseline, candidate])]
    opponents = _random.sample(_opponents(test), k - 1)
    seat = _random.randrange(k)
    seatings = []
    for half in (0, 1):
        others = opponents[half:] + opponents[:half]
        at = (seat + half) % k
        for tested in (candidate, baseline):
            seatings.append((half, [*others[:at], tested, *others[at:]]))
    return seatings


def _schedule_pair(test: VersionTest, number: int) -> list[int]:
    """Schedule pair ``number`` of ``test`` on a new seed; its match ids."""
    pair = VersionTestPair.objects.create(test=test, number=number, seed=secrets.randbelow(2**31))
    created = []
    for half, entries in _seatings(test):
        match = matches.match_schedule(
            league=test.league,
            entries=entries,
            origin=ORIGIN,
            requested_by=test.requested_by,
            rated=False,
            seed=pair.seed,
        )
        VersionTestGame.objects.create(pair=pair, match=match, half=half)
        created.append(match.pk)
    return created


def _category(test: VersionTest, pair: VersionTestPair) -> int:
    """The pentanomial category of ``pair``, every match of it finished."""
    places: dict[tuple[int, int], int] = {}
    for half, entry_id, placement in MatchSeat.objects.filter(
        match__version_test_game__pair=pair, entry_id__in=(test.candidate_id, test.baseline_id)
    ).values_list("match__version_test_game__half", "entry_id", "placement"):
        places[half, entry_id] = placement
    scores = []
    for half in (0, 1):
        mine, theirs = places[half, test.candidate_id], places[half, test.baseline_id]
        scores.append(1.0 if mine < theirs else 0.5 if mine == theirs else 0.0)
    return sprt.pair_category(*scores)


def _count_ended_pairs(test: VersionTest) -> None:
    """Count (or void) every open pair of ``test`` whose matches have all ended."""
    statuses: dict[int, set[str]] = defaultdict(set)
    for pair_id, status in VersionTestGame.objects.filter(pair__in=test.pairs.open()).values_list(
        "pair_id", "match__status"
    ):
        statuses[pair_id].add(status)
    for pair in test.pairs.filter(pk__in=[p for p, s in statuses.items() if s <= set(ENDED)]):
        if statuses[pair.pk] == {Match.Status.FINISHED}:
            pair.category = _category(test, pair)
            pair.save(update_fields=["category"])
            field = f"pairs_{pair.category}"
            setattr(test, field, getattr(test, field) + 1)
        else:
            pair.void = True
            pair.save(update_fields=["void"])
            test.voided += 1


def _stop(test: VersionTest, status: str) -> None:
    """End ``test`` with ``status`` and cancel its matches not yet claimed."""
    test.status = status
    test.finished_at = timezone.now()
    for match in Match.objects.filter(
        version_test_game__pair__test=test,
        status__in=(Match.Status.SCHEDULED, Match.Status.QUEUED),
    ).only("pk"):
        matches.match_cancel(match=match, why=f"version test {test.pk} {status}")


def version_test_advance(*, test: VersionTest) -> str:
    """Count the pairs of ``test`` that have ended, update its LLR, and stop at a bound (or
    after ``max_pairs``) or keep ``concurrency`` pairs playing. Idempotent: its status."""
    with transaction.atomic():
        test = (
            VersionTest.objects.select_related(
                "league", "candidate__version__bot", "baseline__version__bot"
            )
            .select_for_update(of=("self",))
            .get(pk=test.pk)
        )
        if test.status != Status.RUNNING:
            return test.status
        _count_ended_pairs(test)
        test.llr = sprt.llr(test.pentanomial, elo0=test.elo0, elo1=test.elo1)
        counted = sum(test.pentanomial)
        decided = sprt.verdict(test.llr, alpha=test.alpha, beta=test.beta)
        if decided is not None:
            _stop(test, decided)
        elif counted >= test.max_pairs:
            _stop(test, Status.INCONCLUSIVE)
        else:
            playing = test.pairs.open().count()
            number = test.pairs.count()
            want = min(test.concurrency, test.max_pairs - counted) - playing
            if not _can_play(test):
                want = 0  # the periodic task tries again
            created = []
            for n in range(max(want, 0)):
                created += _schedule_pair(test, number + n + 1)
            matches.match_enqueue(match_ids=created)
        test.save()
        return test.status


def version_test_advance_all() -> int:
    """Advance every running version test; how many reached a verdict."""
    return sum(
        version_test_advance(test=test) != Status.RUNNING
        for test in VersionTest.objects.running().only("pk")
    )


def version_test_cancel(*, user, test: VersionTest) -> VersionTest:
    """Stop a running test (its owner or staff); its matches not yet claimed are cancelled."""
    _owner_check(user, test)
    with transaction.atomic():
        test = VersionTest.objects.select_for_update().get(pk=test.pk)
        if test.status != Status.RUNNING:
            raise ValidationError({"status": f"the test is {test.status}: it has stopped"})
        _stop(test, Status.CANCELLED)
        test.save()
    return test


def _owner_check(user, test: VersionTest) -> None:
    if not user.is_staff and test.requested_by_id != user.pk:
        raise ValidationError({"test": "only the test's owner may do that"})


def version_test_promote(*, user, test: VersionTest) -> VersionTest:
    """On an accepted test, the candidate replaces the baseline on the league's ladder: the
    baseline's entry is withdrawn (its history stays) and the candidate's entry plays on the
    ladder, rated from the start values (a league's ratings are a fold of its results)."""
    _owner_check(user, test)
    with transaction.atomic():
        test = (
            VersionTest.objects.select_related("candidate", "baseline")
            .select_for_update(of=("self",))
            .get(pk=test.pk)
        )
        if test.status != Status.ACCEPTED:
            raise ValidationError(
                {"status": f"the test is {test.status}: only an accepted candidate is promoted"}
            )
        if test.promoted_at is not None:
            raise ValidationError({"status": "the candidate was promoted already"})
        entry_reinstate(entry=test.candidate)
        if test.baseline.active:
            entry_withdraw(entry=test.baseline)
        test.promoted_at = timezone.now()
        test.save(update_fields=["promoted_at"])
    return test
