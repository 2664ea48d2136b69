"""The faults the suite injects, each in two steps: :meth:`Fault.aim` waits for a moment
when the fault hurts (a worker holding a match, a bot seated in one) and picks its target;
:meth:`Fault.strike` injects it and brings the process or service back, as a supervisor
would, and says when the fault was over."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from datetime import datetime

import checks
import redis
from checks import Excuse
from conquest.matches.codes import SeatCode
from conquest.relay.presence import presences
from django.utils import timezone
from fleet import Bot, Fleet, Role, Timers
from private_services import PrivatePostgres, PrivateRedis

AIM_SECONDS = 60.0
"""How long a fault waits for its target to be busy before it strikes all the same (and says
so: the round then did not test what it should)."""
RESTART_DELAY = 1.0
"""Between a process's death and its restart (a supervisor's delay)."""
BACK_WITHIN_GRACE = 0.125
"""A bot killed within its grace is restarted after this share of the grace (its program
then takes a second or two to connect)."""
BACK_AFTER_GRACE = 3.0
"""A bot killed past its grace comes back this long after the grace."""
HUNG_SHARE = 0.75
"""A hung bot is resumed after this share of the grace."""


@dataclass
class Stage:
    """What the faults act on: the private services, the process set, the league."""

    postgres: PrivatePostgres
    redis: PrivateRedis
    fleet: Fleet
    timers: Timers
    league_id: int
    bots: list[Bot]


class Reconnections:
    """When each bot is connected again after a fault that cut it off, counted from when it
    is made (just before the fault) and watched from a thread (so that the round's clock does
    not wait for it). ``fresh``: a new connection is needed (its gateway restarted); else any
    presence is (an emptied Redis forgot every one)."""

    def __init__(self, bots: list[Bot], seconds: float, *, fresh: bool) -> None:
        self.bots = bots
        self.seconds = seconds
        self.old = {bot.name: _presence(bot) for bot in bots} if fresh else {}
        self.back: dict[str, float] = {}
        self.began = time.monotonic()
        self._thread = threading.Thread(target=self._watch, name="reconnections", daemon=True)

    def start(self) -> Reconnections:
        """Start watching (once the fault is over)."""
        self._thread.start()
        return self

    def _watch(self) -> None:
        while len(self.back) < len(self.bots) and time.monotonic() - self.began < self.seconds:
            for bot in self.bots:
                found = _presence(bot)
                old = self.old.get(bot.name)
                fresh = found is not None and (old is None or found.connection != old.connection)
                if fresh and bot.name not in self.back:
                    self.back[bot.name] = time.monotonic() - self.began
            time.sleep(0.05)

    def notes(self) -> list[str]:
        """One line per bot: how long after the fault it was connected again."""
        self._thread.join()
        return [
            f"{bot.name} connected again {self.back[bot.name]:.1f} s after"
            if bot.name in self.back
            else f"{bot.name} not connected again within {self.seconds:g} s"
            for bot in self.bots
        ]


@dataclass
class Injected:
    """A fault as it happened: when it struck, when it was over (the process or service
    back), the seat codes it makes a bot's own, and what went otherwise than planned."""

    at: datetime
    restored: datetime
    bot: Bot | None = None
    excuses: list[Excuse] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """What happened, for the report (e.g. how long a bot took to reconnect)."""
    missed: list[str] = field(default_factory=list)
    """How the injection missed its aim (a limit of the suite, not a platform failure)."""
    reconnections: Reconnections | None = None


def _wait_until(ready, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def _presence(bot: Bot):
    try:
        return presences().find(bot.bot_id)
    except redis.RedisError:
        return None


class Fault:
    """A kind of fault: its name in the table and what it does."""

    name = ""
    what = ""

    def aim(self, stage: Stage, number: int) -> object:
        """Wait until the fault hurts; its target (``number``: the round, to alternate)."""
        raise NotImplementedError

    def strike(self, stage: Stage, target) -> Injected:
        """Inject the fault into ``target``, restore, and say what happened."""
        raise NotImplementedError


class WorkerKill(Fault):
    name = "worker-kill"
    what = "SIGKILL a --pool solo worker (and its sandbox) mid-match; restarted 1 s later"

    def _role(self, stage: Stage, number: int) -> Role:
        return stage.fleet.workers[number % len(stage.fleet.workers)]

    def aim(self, stage: Stage, number: int) -> tuple[Role, list[str]]:
        role = self._role(stage, number)
        busy = _wait_until(lambda: checks.running_with_worker(role.pid), AIM_SECONDS)
        return role, [] if busy else [f"{role.name} held no running match: struck idle"]

    def strike(self, stage: Stage, target) -> Injected:
        role, missed = target
        at = timezone.now()
        role.kill()
        time.sleep(RESTART_DELAY)
        role.start()
        return Injected(at, timezone.now(), missed=missed, notes=[f"{role.name} killed"])


class RemoteWorkerKill(WorkerKill):
    name = "remote-worker-kill"
    what = "SIGKILL the --pool threads -Q remote worker mid-match; restarted 1 s later"

    def _role(self, stage: Stage, number: int) -> Role:
        return stage.fleet.remote


class ServiceFault(Fault):
    """A fault of a service every process uses: struck while house and remote matches run.
    ``cuts_bots``: the bots lose their presence (Redis) or their connection (gateway)."""

    cuts_bots = False
    fresh_connection = False

    def aim(self, stage: Stage, number: int) -> list[str]:
        both = {"house", "remote"}
        busy = _wait_until(lambda: checks.running_kinds(stage.league_id) >= both, AIM_SECONDS)
        return [] if busy else ["no house and remote matches running at once: struck anyway"]

    def strike(self, stage: Stage, target) -> Injected:
        watch = Reconnections(stage.bots, stage.timers.bound, fresh=self.fresh_connection)
        at = timezone.now()
        self.inject(stage)
        injected = Injected(at, timezone.now(), missed=target)
        if self.cuts_bots:
            injected.reconnections = watch.start()
        return injected

    def inject(self, stage: Stage) -> None:
        """Do it, and bring the service back."""
        raise NotImplementedError


class RedisRestart(ServiceFault):
    name = "redis-restart"
    what = "Redis SHUTDOWN NOSAVE, started again on its port (queues and presences lost)"
    cuts_bots = True

    def inject(self, stage: Stage) -> None:
        stage.redis.shutdown_nosave()
        stage.redis.start()


class RedisKill(ServiceFault):
    name = "redis-kill"
    what = "Redis kill -9, started again on its port"
    cuts_bots = True

    def inject(self, stage: Stage) -> None:
        stage.redis.kill()
        stage.redis.start()


class PostgresRestart(ServiceFault):
    name = "postgres-restart"
    what = "pg_ctl restart -m fast (every connection closed)"

    def inject(self, stage: Stage) -> None:
        stage.postgres.restart_fast()


class PostgresImmediate(ServiceFault):
    name = "postgres-immediate"
    what = "pg_ctl stop -m immediate (a crash), then start"

    def inject(self, stage: Stage) -> None:
        stage.postgres.stop_immediate()
        stage.postgres.start()


class LinkCut(ServiceFault):
    """The link between two hosts of the multi-host test (``network.py``) cut for ``seconds``,
    then mended: host ``client`` from ``service`` (its host ``server``, its ``address`` and
    ``port``), which the client must not reach meanwhile (else the round says the cut missed).
    ``excused``: the seat codes a remote bot may end with meanwhile (its own link's fault)."""

    def __init__(
        self,
        network,
        *,
        client: str,
        service: tuple[str, str, str, int],
        seconds: float,
        excused: frozenset[str] = frozenset(),
    ) -> None:
        self.network = network
        self.client = client
        label, self.server, self.address, self.port = service
        self.seconds = seconds
        self.excused = excused
        self.leaked = False
        self.name = f"cut {client} from {label}"
        self.what = (
            f"host {client} cut from {label} ({self.address} on host {self.server}) for "
            f"{seconds:g} s, then mended"
        )

    def strike(self, stage: Stage, target) -> Injected:
        injected = super().strike(stage, target)
        if self.leaked:
            injected.missed.append(f"{self.client} reached {self.address} through the cut")
        if self.excused:
            injected.excuses = [
                Excuse(bot.bot_id, self.excused, injected.at, injected.restored)
                for bot in stage.bots
            ]
        return injected

    def inject(self, stage: Stage) -> None:
        began = time.monotonic()
        cut = self.network.cut(self.name, self.client, self.server, self.address)
        try:
            self.leaked = self.network.reaches(self.client, self.address, self.port)
            time.sleep(max(0.0, self.seconds - (time.monotonic() - began)))
        finally:
            self.network.mend(cut)


class GatewayFault(ServiceFault):
    """The gateway stopped and started again on its ports; the bots must connect again."""

    cuts_bots = fresh_connection = True

    def strike(self, stage: Stage, target) -> Injected:
        began = time.monotonic()
        injected = super().strike(stage, target)
        down = time.monotonic() - began
        injected.notes.append(f"the gateway was away {down:.1f} s (stopped and started)")
        return injected

    def inject(self, stage: Stage) -> None:
        self.stop(stage.fleet.gateway)
        stage.fleet.start_gateway()

    def stop(self, gateway: Role) -> None:
        """Stop the gateway's process."""
        raise NotImplementedError


class GatewayRestart(GatewayFault):
    name = "gateway-restart"
    what = "SIGTERM the gateway, start it again on its ports"

    def stop(self, gateway: Role) -> None:
        gateway.terminate()


class GatewayKill(GatewayFault):
    name = "gateway-kill"
    what = "SIGKILL the gateway, start it again on its ports 1 s later"

    def stop(self, gateway: Role) -> None:
        gateway.kill()
        time.sleep(RESTART_DELAY)


class BotFault(Fault):
    """A fault of one remote bot, struck while it plays a match (the bots alternate)."""

    def aim(self, stage: Stage, number: int) -> tuple[Bot, list[str]]:
        bot = stage.bots[number % len(stage.bots)]
        seated = _wait_until(lambda: checks.running_with_entry(bot.entry_id), AIM_SECONDS)
        return bot, [] if seated else [f"{bot.name} was in no running match: struck anyway"]

    def _reconnected(self, stage: Stage, bot: Bot, old, at: datetime) -> tuple[datetime, str]:
        """When the bot connected again (a new connection in the presences), and a note."""

        def fresh() -> bool:
            found = _presence(bot)
            return found is not None and (old is None or found.connection != old.connection)

        if not _wait_until(fresh, stage.timers.bound):
            return timezone.now(), f"{bot.name} did not connect again in {stage.timers.bound} s"
        back = timezone.now()
        return back, f"{bot.name} connected again {(back - at).total_seconds():.1f} s after"


class BotKill(BotFault):
    """SIGKILL a bot mid-match; a new bot process with its token ``away`` seconds later."""

    def __init__(self, name: str, what: str, away: float, excused: frozenset[str]) -> None:
        self.name, self.what = name, what
        self.away = away
        self.excused = excused

    def strike(self, stage: Stage, target) -> Injected:
        bot, missed = target
        role = stage.fleet.bots[bot.name]
        old = _presence(bot)
        at = timezone.now()
        role.kill()
        time.sleep(self.away)
        role.start()
        back, note = self._reconnected(stage, bot, old, at)
        away = (back - at).total_seconds()
        excused = self.excused
        if away >= stage.timers.grace and not self.excused:
            # Not the fault intended: past its grace, the bot's forfeits are its own.
            missed.append(f"{bot.name} was back only {away:.1f} s after: not within its grace")
            excused = frozenset({SeatCode.DISCONNECT})
        excuses = [Excuse(bot.bot_id, excused, at, back)] if excused else []
        return Injected(at, back, bot, excuses, [note], missed)


class BotHung(BotFault):
    name = "bot-hung"
    what = "SIGSTOP a bot mid-match, SIGCONT after 3/4 of its grace (its timeouts are its own)"

    def strike(self, stage: Stage, target) -> Injected:
        bot, missed = target
        role = stage.fleet.bots[bot.name]
        at = timezone.now()
        role.pause()
        time.sleep(stage.timers.grace * HUNG_SHARE)
        role.resume()
        restored = timezone.now()
        excuse = Excuse(bot.bot_id, frozenset({SeatCode.TIMEOUT}), at, restored)
        return Injected(at, restored, bot, [excuse], [f"{bot.name} hung"], missed)


def kinds(timers: Timers) -> dict[str, Fault]:
    """Every fault kind by name, in the table's order."""
    within = timers.grace * BACK_WITHIN_GRACE
    after = timers.grace + BACK_AFTER_GRACE
    faults: list[Fault] = [
        WorkerKill(),
        RemoteWorkerKill(),
        RedisRestart(),
        RedisKill(),
        PostgresRestart(),
        PostgresImmediate(),
        GatewayRestart(),
        GatewayKill(),
        BotKill(
            "bot-within-grace",
            f"SIGKILL a bot mid-match, back {within:g} s later (within its grace)",
            within,
            frozenset(),
        ),
        BotKill(
            "bot-after-grace",
            f"SIGKILL a bot mid-match, back {after:g} s later (past its grace: its "
            "disconnect forfeits are its own)",
            after,
            frozenset({SeatCode.DISCONNECT}),
        ),
        BotHung(),
    ]
    return {fault.name: fault for fault in faults}
