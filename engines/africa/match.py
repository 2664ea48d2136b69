"""The Africa rules engine (seed 002): one state machine for both variants of :mod:`variants`.

Territories are indices into ``MAP`` inside the engine and ids in actions, events and
observations; seat ``i`` plays ``POWERS[i]``. ``presence[t]`` lists the seats present on
territory ``t`` (at most one presence per power, 002 3.1); ``relations[a][b]`` is what seat
``a`` declared to seat ``b`` at the last reading (the embassies, 002 3.3). The diplomacy goes
in rounds: ``queued`` holds what each power said this round, delivered to all when the round
is complete. During the orders phase each seat's sheet (``orders``, ``landing``, ``declared``)
stays hidden from the others, with when it is handed in, until every seat has submitted.
``messages`` only grows (but for :meth:`_redraw_hidden`): each seat's views of it are kept in a
list that only grows, and an observation shows its first items, so it never views or copies
the whole log.
Every rule cites the book's section; adaptations are in RULES.md.
"""

from __future__ import annotations

import random
from enum import StrEnum
from typing import Any, cast

from engines.africa.actions import (
    Declare,
    Develop,
    EndDiplomacy,
    Explore,
    Hold,
    Land,
    Message,
    PlaceStart,
    SubmitOrders,
)
from engines.africa.board import MAP
from engines.africa.events import (
    ColonyFounded,
    Developed,
    DiplomacyEnded,
    MatchEnded,
    MessageSent,
    OrderGiven,
    OrdersRead,
    OrdersSubmitted,
    OrderVoid,
    PresencePlaced,
    PresenceRemoved,
    Scored,
    StartPlaced,
    TurnStarted,
)
from engines.africa.observation import (
    DIPLOMACY,
    ORDERS,
    OVER,
    PLACEMENT,
    AfricaObservation,
    MessageLog,
    MessageView,
)
from engines.africa.variants import (
    ALL,
    ALLIANCE,
    ALLIANCE_POINTS,
    ALONE_POINTS,
    COLONIES,
    POWER_NAMES,
    POWERS,
    PRESENCES,
    RELATIONS,
    SHARED_POINTS,
    VARIANTS,
    WAR,
    YEARS,
)
from engines.core.chance import below
from engines.core.contract import Action, Event, IllegalAction, Result
from engines.core.match import Match, lookup
from engines.core.spectator import Board, place

N = len(MAP.territories)
IDS = MAP.territories
INDEX = MAP.index
DEVELOP, HOLD = "develop", "hold"

# Actions are frozen: the legal listings share one object per action.
END_DIPLOMACY = EndDiplomacy()
SUBMIT = SubmitOrders()
PLACES = tuple(PlaceStart(t) for t in IDS)
DEVELOPS = tuple(Develop(t) for t in IDS)
HOLDS = tuple(Hold(t) for t in IDS)
LANDS = tuple(Land(t) for t in IDS)
EXPLORES = tuple({n: Explore(IDS[t], IDS[n]) for n in MAP.neighbours[t]} for t in range(N))
DECLARES = {(p, r): Declare(p, r) for p in POWERS for r in RELATIONS}
MESSAGES = {to: Message(to, "") for to in (*POWERS, ALL)}

OpenBoard = tuple[
    tuple[tuple[int, ...], ...],  # presences
    tuple[int, ...],  # developed
    tuple[bool, ...],  # colonies
    int,  # colonies left
    tuple[int, ...],  # stock
    tuple[tuple[str, ...], ...],  # embassies
]
"""The open board's part of every observation, as :class:`AfricaObservation` holds it."""


class EndReason(StrEnum):
    """Why an Africa match ended: every ``reason`` its results may give."""

    LAST_TURN = "last_turn"
    """The 1914 turn is over and one power has the most points (002 "LA FIN DE LA
    PARTIE")."""
    LAST_COLONY = "last_colony"
    """The turn in which the last colony figure was placed is over and one power has the
    most points (002 "LA FIN DE LA PARTIE")."""
    TIE_NO_WINNER = "tie_no_winner"
    """The last turn, either way, is over with several powers first on points: "aucun
    joueur n'est déclaré vainqueur" (002 "LA FIN DE LA PARTIE")."""
    STEP_LIMIT = "step_limit"
    """The step limit stopped the match: no winner, powers ranked by their points then
    (RULES.md, "Result"; no book rule)."""


class AfricaMatch(Match):
    """An Africa match of any variant in ``variants.VARIANTS``."""

    state_fields = (
        "phase",
        "turn",
        "placer",
        "presence",
        "developed",
        "colony",
        "relations",
        "done",
        "sent",
        "queued",
        "messages",
        "orders",
        "landing",
        "declared",
        "end_reason",
    )
    # Not state but derived from it, for the observations: the open board (None once it
    # changed: a placement, a reading) and, per seat (see _messages_seen), the delivered
    # messages as that seat sees them, a list extended only when a message reaches it
    # (``messages`` only grows), and the last log shown to it with the word of the round it
    # ends with (None: the log is to be made again).
    _board: OpenBoard | None
    _seen: list[list[MessageView]]
    _shown: list[tuple[list[str] | None, MessageLog | None]]

    def __init__(
        self, variant: str, seats: int, seed: int, options: dict[str, Any], version: str
    ) -> None:
        super().__init__(variant, seats, seed, options, version)
        self.rules = VARIANTS[variant]
        self.powers = POWERS[:seats]
        self.phase = PLACEMENT
        self.turn = 0
        self.placer = 0
        self.presence: list[list[int]] = [[] for _ in range(N)]
        self.developed = [0] * N
        self.colony = [False] * N
        # 002 "LA MISE EN PLACE": a relation token of each power in every other embassy; no
        # side is given before the first reading: alliance, the sheet's default (RULES.md).
        self.relations = [["" if a == b else ALLIANCE for b in range(seats)] for a in range(seats)]
        self.done = [False] * seats
        self.sent = [0] * seats
        # This diplomacy round, per seat: None (not said yet), [to, text] or [] (ends talking).
        self.queued: list[list[str] | None] = [None] * seats
        self.messages: list[list[int | str]] = []  # [turn, sender seat, to, text], delivered
        self.orders: list[dict[str, str]] = [{} for _ in range(seats)]
        self.landing = [""] * seats
        self.declared: list[dict[str, str]] = [{} for _ in range(seats)]
        self.end_reason: str | None = None
        self._forget_views()
        self._setup(self.setup_events)

    # =========================================================================== set-up

    def _setup(self, events: list[Event]) -> None:
        """002 "LA MISE EN PLACE DU JEU": "A tour de rôle, dans l'ordre des pays ci-dessus,
        chaque joueur pose une de ses présences sur un des territoires côtiers"; with the
        "Règle optionnelle" each power's first presence is imposed (Grande-Bretagne
        Alexandrie, France Alger, Allemagne Dahomey, Italie Mogadiscio, Pays-Bas Cape Town,
        Belgique Angola)."""
        if self.rules.historical:
            for seat, power in enumerate(self.powers):
                territory = MAP.historical_starts[power]
                self.presence[INDEX[territory]].append(seat)
                events.append(StartPlaced(seat, power, territory))
            self._begin_turn(events)

    def _place_start(self, seat: int, action: PlaceStart, events: list[Event]) -> None:
        """002 "LA MISE EN PLACE DU JEU": one presence on a coastal territory, "Le placement de
        cette présence est libre"; never on one that already has a presence (RULES.md)."""
        t = lookup(INDEX, action.territory, seat, action, "territory")
        if not MAP.coastal[t]:
            raise IllegalAction(seat, action, f"{action.territory} is not coastal")
        if self.presence[t]:
            raise IllegalAction(seat, action, f"{action.territory} already has a presence")
        self.presence[t].append(seat)
        self._board = None
        events.append(StartPlaced(seat, self.powers[seat], IDS[t]))
        self.placer += 1
        if self.placer == self.seats:
            self._begin_turn(events)

    # =========================================================================== turns

    def _begin_turn(self, events: list[Event]) -> None:
        """002 "LES TOURS DE JEU": eight turns, 1880 to 1914, each beginning with the
        diplomacy phase (002 1), every power at once."""
        self.turn += 1
        self.phase = DIPLOMACY
        self.done = [False] * self.seats
        self.sent = [0] * self.seats
        self.queued = [None] * self.seats
        events.append(TurnStarted(self.turn, YEARS[self.turn - 1]))

    def _message(self, seat: int, action: Message, events: list[Event]) -> None:
        """002 1: "Tous les joueurs ont donc huit minutes pour discuter librement entre eux";
        "Les promesses faites lors des discussions n'engagent pas les joueurs": a message
        changes nothing on the board. Bounded per turn and in size, one per round, delivered
        at the round's end (RULES.md)."""
        to, text = action.to, action.text
        if to != ALL and (to not in self.powers or to == self.powers[seat]):
            raise IllegalAction(seat, action, f"{to!r} is neither another power nor 'all'")
        if not isinstance(text, str):
            raise IllegalAction(seat, action, "the text must be a string")
        if len(text) > self.options["message_length"]:
            raise IllegalAction(
                seat, action, f"the text is over {self.options['message_length']} characters"
            )
        if self.sent[seat] >= self.options["messages"]:
            raise IllegalAction(seat, action, "no messages left this turn")
        self.sent[seat] += 1
        self.queued[seat] = [to, text]
        self._end_round(events)

    def _end_diplomacy(self, seat: int, events: list[Event]) -> None:
        """002 1: the phase ends for all at once ("la durée de cette phase"): here when every
        power has ended it; then 002 2, the orders, every power at once."""
        self.queued[seat] = []
        self._end_round(events)

    def _end_round(self, events: list[Event]) -> None:
        """When every power still talking has said its word this round, every message is
        delivered and every end of talk is known, together: nobody hears another's word before
        saying its own, nor when it was said (RULES.md)."""
        queued = self.queued
        for said, done in zip(queued, self.done, strict=True):
            if said is None and not done:
                return
        for seat, said in enumerate(queued):
            if said:
                to, text = said
                self.messages.append([self.turn, seat, to, text])
                recipient = None if to == ALL else self.powers.index(to)
                events.append(MessageSent(seat, self.powers[seat], to, recipient, text))
        ended = [seat for seat, said in enumerate(queued) if said == []]
        for seat in ended:
            self.done[seat] = True
        self.queued = [None] * self.seats
        if all(self.done):
            self.phase = ORDERS
            self.done = [False] * self.seats
            self.orders = [{} for _ in range(self.seats)]
            self.landing = [""] * self.seats
            self.declared = [{} for _ in range(self.seats)]
        events.extend(DiplomacyEnded(seat, self.phase) for seat in ended)

    # =========================================================================== orders

    def _order(self, seat: int, action: Develop | Explore | Hold, events: list[Event]) -> None:
        """002 2.1: "Chaque joueur donne autant d'ordres qu'il possède de présences"; "Une
        présence ne peut recevoir qu'un seul type d'ordre par tour"."""
        kind = type(action)
        # ``kind is X`` does not narrow ``action`` for the type checker: the casts do.
        source = (
            cast(Explore, action).source
            if kind is Explore
            else cast("Develop | Hold", action).territory
        )
        t = lookup(INDEX, source, seat, action, "territory")
        if seat not in self.presence[t]:
            raise IllegalAction(seat, action, f"no presence of yours on {source}")
        if source in self.orders[seat]:
            raise IllegalAction(seat, action, f"the presence on {source} already has its order")
        if kind is Develop:
            # 002 3.1 "Lorsque toutes les cases carrées d'un territoire sont occupées, n'y
            # posez plus de pions": an order that cannot develop is refused (RULES.md).
            if self.developed[t] >= MAP.squares[t]:
                raise IllegalAction(seat, action, f"{source} is fully developed")
            order = DEVELOP
        elif kind is Hold:
            order = HOLD
        else:
            target = cast(Explore, action).target
            n = lookup(INDEX, target, seat, action, "territory")
            if not MAP.borders(t, n):
                raise IllegalAction(seat, action, f"{target} does not border {source}")
            # 002 5 "aucun pays ne peut plus donner un ordre d'exploration vers ce territoire".
            if self.colony[n]:
                raise IllegalAction(seat, action, f"{target} is a colony")
            # 002 3.1 "un pays ne peut posséder qu'une seule présence par territoire".
            if seat in self.presence[n]:
                raise IllegalAction(seat, action, f"you already have a presence on {target}")
            order = IDS[n]
        self.orders[seat][source] = order
        events.append(OrderGiven(seat, f"{source}: {order}"))

    def _land(self, seat: int, action: Land, events: list[Event]) -> None:
        """002 2.2: "Un joueur ne peut donner qu'un seul ordre de débarquement par tour";
        "Un débarquement peut être ordonné que sur un territoire côtier vide de toute
        présence" (judged on the board as the orders are written, RULES.md)."""
        t = lookup(INDEX, action.territory, seat, action, "territory")
        if self.landing[seat]:
            raise IllegalAction(seat, action, f"already landing on {self.landing[seat]}")
        if not MAP.coastal[t]:
            raise IllegalAction(seat, action, f"{action.territory} is not coastal")
        if self.presence[t]:
            raise IllegalAction(seat, action, f"{action.territory} has a presence")
        self.landing[seat] = IDS[t]
        events.append(OrderGiven(seat, f"land: {IDS[t]}"))

    def _declare(self, seat: int, action: Declare, events: list[Event]) -> None:
        """002 2.3: one relation per other country, "une alliance ou une guerre"."""
        power, relation = action.power, action.relation
        if power not in self.powers or power == self.powers[seat]:
            raise IllegalAction(seat, action, f"{power!r} is not another power of this match")
        if relation not in RELATIONS:
            raise IllegalAction(seat, action, f"relation {relation!r}: 'alliance' or 'war'")
        if power in self.declared[seat]:
            raise IllegalAction(seat, action, f"relation to {power} already declared")
        self.declared[seat][power] = relation
        events.append(OrderGiven(seat, f"{power}: {relation}"))

    def _submit(self, seat: int, events: list[Event]) -> None:
        """002 3: "Une fois que tous les joueurs ont rempli leur fiche d'ordres", the orders
        are read, then 002 4 and 5 follow."""
        self.done[seat] = True
        events.append(OrdersSubmitted(seat))
        if all(self.done):
            self._read(events)
            self._conflicts(events)
            self._colonies(events)
            self._end_turn(events)
            self._board = None

    # =========================================================================== reading

    def _sheet(self, seat: int) -> tuple[list[tuple[int, str]], dict[int, str]]:
        """``seat``'s orders per presence and relations per seat, with the book's defaults:
        002 2.1 "Un ordre oublié ou erroné est considéré comme: ne rien faire"; 002 2.3 "Une
        relation diplomatique oubliée ou illisible est considérée comme une alliance"."""
        given = self.orders[seat]
        orders = [(t, given.get(IDS[t], HOLD)) for t in range(N) if seat in self.presence[t]]
        relations = {
            other: self.declared[seat].get(self.powers[other], ALLIANCE)
            for other in range(self.seats)
            if other != seat
        }
        return orders, relations

    def _read(self, events: list[Event]) -> None:
        """002 3 "LA LECTURE DES ORDRES": every sheet is revealed and executed together."""
        sheets = [self._sheet(seat) for seat in range(self.seats)]
        for seat, (orders, relations) in enumerate(sheets):
            events.append(
                OrdersRead(
                    seat,
                    self.powers[seat],
                    tuple((IDS[t], order) for t, order in orders),
                    self.landing[seat],
                    tuple((self.powers[o], r) for o, r in relations.items()),
                )
            )
        # 002 3.1: "Chaque ordre de développement entraîne le placement d'un nouveau pion
        # développement"; "Plusieurs ordres ... de différents pays présents entraînent la pose
        # d'autant de pions"; "Lorsque toutes les cases carrées d'un territoire sont occupées,
        # n'y posez plus de pions."
        wanted = [0] * N
        for orders, _ in sheets:
            for t, order in orders:
                wanted[t] += order == DEVELOP
        for t in range(N):
            count = min(wanted[t], MAP.squares[t] - self.developed[t])
            if count > 0:
                self.developed[t] += count
                events.append(Developed(IDS[t], count, self.developed[t]))
        # 002 3.1: an exploration puts a presence on the explored territory, "Cependant un pays
        # ne peut posséder qu'une seule présence par territoire même s'il ordonne plusieurs
        # explorations vers un même territoire"; REMARQUE: past the 22 presences "ces ordres
        # sont exécutés dans l'ordre alphabétique des territoires puis sont considérés comme
        # nuls" (the board's order is the order sheet's alphabetical one).
        for seat, (orders, _) in enumerate(sheets):
            targets = sorted({INDEX[o] for _, o in orders if o not in (DEVELOP, HOLD)})
            for n in targets:
                self._put(seat, n, "explore", events)
        # 002 3.2: then the landings ("Rappelons que dans tous les cas, un pays ne peut
        # posséder qu'une seule présence par territoire").
        for seat in range(self.seats):
            if self.landing[seat]:
                self._put(seat, INDEX[self.landing[seat]], "land", events)
        # 002 3.3: the embassies show the declared relations.
        for seat, (_, relations) in enumerate(sheets):
            for other, relation in relations.items():
                self.relations[seat][other] = relation

    def _put(self, seat: int, t: int, how: str, events: list[Event]) -> None:
        """Put a presence of ``seat`` on ``t`` unless it has one there; void without stock."""
        if seat in self.presence[t]:
            return
        if self._stock(seat) == 0:
            events.append(OrderVoid(seat, IDS[t]))
            return
        self.presence[t].append(seat)
        self.presence[t].sort()
        events.append(PresencePlaced(seat, IDS[t], how))

    # =========================================================================== conflicts

    def removals(self, t: int) -> list[tuple[int, int, int]]:
        """The presences on ``t`` that the conflicts remove, as (seat, wars, alliances)
        received from the other powers present (002 4; none on a colony, 002 5)."""
        present = self.presence[t]
        if self.colony[t] or len(present) < 2:
            # 002 4 "Sur tous les territoires qui contiennent une présence: cette présence
            # reste"; 002 5 "les règles de résolution des conflits ... ne concernent plus les
            # présences qui s'y trouvent".
            return []
        rel = self.relations
        removed = []
        for a in present:
            wars = sum(rel[o][a] == WAR for o in present if o != a)
            alliances = len(present) - 1 - wars
            if len(present) == 2:
                # 002 4: "une présence d'un pays est retirée s'il a déclaré une alliance avec
                # l'autre pays présent et que ce dernier lui a déclaré la guerre. Dans tous les
                # autres cas les deux présences restent."
                (b,) = (o for o in present if o != a)
                gone = rel[a][b] == ALLIANCE and rel[b][a] == WAR
            else:
                # 002 4: three or more: "retirée s'il a davantage de déclarations de guerre
                # qu'il n'a de déclarations d'alliance de la part des autres pays présents";
                # "une présence reste si elle a autant de déclarations de guerre que
                # d'alliance".
                gone = wars > alliances
            if gone:
                removed.append((a, wars, alliances))
        return removed

    def _conflicts(self, events: list[Event]) -> None:
        """002 4 "LA RÉSOLUTION DES CONFLITS", every territory judged on the presences after
        the reading; the removed presences "retournent dans le stock"."""
        for t in range(N):
            gone = self.removals(t)
            for seat, wars, alliances in gone:
                self.presence[t].remove(seat)
                events.append(PresenceRemoved(seat, IDS[t], wars, alliances))

    # =========================================================================== colonies

    def allied(self, t: int) -> bool:
        """002 5: "si plusieurs pays sont présents, tous sont alliés entre eux": every power
        present on ``t`` declared alliance to every other one present (RULES.md)."""
        present = self.presence[t]
        return all(self.relations[a][b] == ALLIANCE for a in present for b in present if a != b)

    def _colonies(self, events: list[Event]) -> None:
        """002 5 "LA CONSTRUCTION DES COLONIES": a colony "doit être posée" on a territory
        "entièrement développé" with "Au moins une présence" whose powers are all allied; for
        good; in the turn the last figure is placed, stand-ins finish the turn (002 "LA FIN DE
        LA PARTIE"), so every territory that qualifies becomes a colony."""
        for t in range(N):
            if (
                not self.colony[t]
                and self.developed[t] == MAP.squares[t]
                and self.presence[t]
                and self.allied(t)
            ):
                self.colony[t] = True
                events.append(ColonyFounded(IDS[t], tuple(self.presence[t]), sum(self.colony)))

    def _end_turn(self, events: list[Event]) -> None:
        """002 "LA FIN DE LA PARTIE": "Le dernier tour de jeu est soit celui de 1914, soit
        celui durant lequel le dernier pion colonie disponible est posé"."""
        if sum(self.colony) >= COLONIES:
            self._finish(EndReason.LAST_COLONY, events)
        elif self.turn == len(YEARS):
            self._finish(EndReason.LAST_TURN, events)
        else:
            self._begin_turn(events)

    # =========================================================================== actions

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        kind = type(action)
        # ``kind is X`` does not narrow ``action`` for the type checker: the casts do.
        if self.phase == PLACEMENT:
            if kind is not PlaceStart:
                raise IllegalAction(seat, action, "set-up: PlaceStart on a coastal territory")
            self._place_start(seat, cast(PlaceStart, action), events)
        elif self.phase == DIPLOMACY:
            if kind is Message:
                self._message(seat, cast(Message, action), events)
            elif kind is EndDiplomacy:
                self._end_diplomacy(seat, events)
            else:
                raise IllegalAction(seat, action, "diplomacy: Message or EndDiplomacy")
        elif kind in (Develop, Explore, Hold):
            self._order(seat, cast("Develop | Explore | Hold", action), events)
        elif kind is Land:
            self._land(seat, cast(Land, action), events)
        elif kind is Declare:
            self._declare(seat, cast(Declare, action), events)
        elif kind is SubmitOrders:
            self._submit(seat, events)
        else:
            raise IllegalAction(
                seat, action, "orders: Develop, Explore, Hold, Land, Declare or SubmitOrders"
            )
        return events

    def _stock(self, seat: int) -> int:
        """Presences of ``seat`` not on the board (002 3.1 REMARQUE: 22 at most)."""
        return PRESENCES - sum(seat in p for p in self.presence)

    # =========================================================================== listing

    def _to_move(self) -> tuple[int, ...]:
        if self.phase == PLACEMENT:
            return (self.placer,)
        if self.phase == DIPLOMACY:
            queued = self.queued
            return tuple(s for s in range(self.seats) if not self.done[s] and queued[s] is None)
        if self.phase == ORDERS:
            return tuple(s for s in range(self.seats) if not self.done[s])
        return ()

    def _legal_actions(self, seat: int) -> tuple[Action, ...]:
        presence = self.presence
        if self.phase == PLACEMENT:
            return tuple(PLACES[t] for t in range(N) if MAP.coastal[t] and not presence[t])
        if self.phase == DIPLOMACY:
            legal: list[Action] = []
            if self.sent[seat] < self.options["messages"]:
                own = self.powers[seat]
                legal.extend(MESSAGES[p] for p in self.powers if p != own)
                legal.append(MESSAGES[ALL])
            legal.append(END_DIPLOMACY)
            return tuple(legal)
        legal = []
        given = self.orders[seat]
        for t in range(N):
            if seat not in presence[t] or IDS[t] in given:
                continue
            legal.append(HOLDS[t])
            if self.developed[t] < MAP.squares[t]:
                legal.append(DEVELOPS[t])
            legal.extend(
                action
                for n, action in EXPLORES[t].items()
                if not self.colony[n] and seat not in presence[n]
            )
        if not self.landing[seat]:
            legal.extend(LANDS[t] for t in range(N) if MAP.coastal[t] and not presence[t])
        declared = self.declared[seat]
        for other, power in enumerate(self.powers):
            if other != seat and power not in declared:
                legal.append(DECLARES[power, ALLIANCE])
                legal.append(DECLARES[power, WAR])
        legal.append(SUBMIT)
        return tuple(legal)

    # =========================================================================== results

    def points(self) -> list[tuple[int, int, int, int]]:
        """Per seat (alone, shared, alliances, points) now (002 "LA FIN DE LA PARTIE": 8 per
        presence alone on a colony, 3 per presence sharing one, 1 per alliance declared in its
        embassy in the last turn)."""
        alone = [0] * self.seats
        shared = [0] * self.seats
        for t in range(N):
            if self.colony[t]:
                for seat in self.presence[t]:
                    if len(self.presence[t]) == 1:
                        alone[seat] += 1
                    else:
                        shared[seat] += 1
        out = []
        for seat in range(self.seats):
            allies = sum(
                self.relations[o][seat] == ALLIANCE for o in range(self.seats) if o != seat
            )
            total = ALONE_POINTS * alone[seat] + SHARED_POINTS * shared[seat]
            total += ALLIANCE_POINTS * allies
            out.append((alone[seat], shared[seat], allies, total))
        return out

    def _finish(self, reason: EndReason, events: list[Event]) -> None:
        self.phase, self.end_reason = OVER, reason
        self.done = [True] * self.seats
        for seat, (alone, shared, allies, total) in enumerate(self.points()):
            events.append(Scored(seat, alone, shared, allies, total))
        self._result = self._ranked(reason)
        events.append(MatchEnded(self._result.reason, self._result.winners))

    def _ranked(self, reason: EndReason) -> Result:
        """002 "LA FIN DE LA PARTIE": "Le joueur qui totalise le plus de points de victoire
        gagne la partie"; "Si plusieurs joueurs arrivent en tête en totalisant le même nombre
        de points de victoire, aucun joueur n'est déclaré vainqueur": then no winner and the
        reason is ``tie_no_winner``. Places below the first follow the points."""
        points = [p[3] for p in self.points()]
        ranking = tuple(
            tuple(s for s in range(self.seats) if points[s] == value)
            for value in sorted(set(points), reverse=True)
        )
        shown = ", ".join(f"{self.powers[s]} {points[s]}" for s in range(self.seats))
        why = {
            EndReason.LAST_TURN: "the 1914 turn is over",
            EndReason.LAST_COLONY: "the last colony figure was placed",
            EndReason.STEP_LIMIT: "the step limit stopped the match",
        }[reason]
        if reason == EndReason.STEP_LIMIT:
            winners: tuple[int, ...] = ()
            verdict = "no winner"
        elif len(ranking[0]) > 1:
            winners = ()
            verdict = "tie at the top: no winner (002 'aucun joueur n'est déclaré vainqueur')"
            reason = EndReason.TIE_NO_WINNER
        else:
            winners = ranking[0]
            verdict = f"{self.powers[winners[0]]} wins"
        detail = f"{why}: {shown} points; {verdict}"
        return Result(ranking, tuple(float(p) for p in points), reason, detail, winners)

    def _step_limit_result(self) -> Result:
        self.phase, self.end_reason = OVER, EndReason.STEP_LIMIT
        return self._ranked(EndReason.STEP_LIMIT)

    def summary(self) -> list[str]:
        """Turn, colonies and each power's presences and points, for people."""
        year = YEARS[self.turn - 1] if self.turn else "set-up"
        lines = [f"turn {self.turn} ({year}), colonies {sum(self.colony)}/{COLONIES}"]
        for seat, (alone, shared, allies, total) in enumerate(self.points()):
            lines.append(
                f"{self.powers[seat]}: {PRESENCES - self._stock(seat)} presences, "
                f"{alone} alone and {shared} shared on colonies, {allies} alliances: "
                f"{total} points"
            )
        return lines

    # =========================================================================== view

    def _observation(self, seat: int) -> AfricaObservation:
        said = self.queued[seat]
        presences, developed, colonies, colonies_left, stock, embassies = self._open_board()
        ordering = self.phase == ORDERS
        if ordering:
            # 002 2 "chaque joueur écrit en secret": nor is it seen when another hands it in.
            done = tuple(s == seat and d for s, d in enumerate(self.done))
        else:
            done = tuple(d or (s == seat and said == []) for s, d in enumerate(self.done))
        return AfricaObservation(
            seat=seat,
            power=self.powers[seat],
            powers=self.powers,
            variant=self.variant,
            board=MAP,
            phase=self.phase,
            turn=self.turn,
            year=YEARS[self.turn - 1] if self.turn else 0,
            last_turn=len(YEARS),
            presences=presences,
            developed=developed,
            colonies=colonies,
            colonies_left=colonies_left,
            stock=stock,
            embassies=embassies,
            placer=self.placer if self.phase == PLACEMENT else None,
            done=done,
            messages=self._messages_seen(seat, said),
            messages_left=self.options["messages"] - self.sent[seat]
            if self.phase == DIPLOMACY
            else 0,
            message_length=self.options["message_length"],
            my_orders=tuple(self.orders[seat].items()) if ordering else (),
            my_landing=self.landing[seat] if ordering else "",
            my_relations=tuple(self.declared[seat].items()) if ordering else (),
        )

    def _open_board(self) -> OpenBoard:
        """The open board as observations show it (002 "COMPOSITION DU JEU": presences,
        development tokens, colonies, stocks, embassies), shared by every observation until
        it changes."""
        board = self._board
        if board is None:
            board = (
                tuple(tuple(p) for p in self.presence),
                tuple(self.developed),
                tuple(self.colony),
                max(0, COLONIES - sum(self.colony)),
                tuple(self._stock(s) for s in range(self.seats)),
                tuple(tuple(row) for row in self.relations),
            )
            self._board = board
        return board

    def _messages_seen(self, seat: int, said: list[str] | None) -> MessageLog:
        """The messages ``seat`` sent or received, oldest first, then its word of this round
        (``said``), as one log shared by its observations until that changes: each delivered
        message is viewed once, when it reaches the seat, and a log shows the first items of
        the seat's list of views, so an observation costs the same however long the log is.
        002 1 "entre deux joueurs ou davantage": who talks with whom is seen, not what two
        other powers say to each other."""
        seen = self._seen[seat]
        word, shown = self._shown[seat]
        if len(seen) < len(self.messages):
            power = self.powers[seat]
            # A record is [turn, sender seat, to, text]: a list, the state being plain data,
            # whose items' types go by position (a list type cannot say it: each is cast).
            seen.extend(
                MessageView(
                    cast(int, turn),
                    cast(int, sender),
                    cast(str, to),
                    cast(str, text) if sender == seat or to in (ALL, power) else "",
                )
                for turn, sender, to, text in self.messages[len(seen) :]
            )
            shown = None
        # ``said`` is a new list for every word, never changed in place, and held here while
        # its log is: the same list is the same word, and the round's end clears it.
        if shown is None or word is not said:
            shown = MessageLog(
                seen, len(seen), MessageView(self.turn, seat, *said) if said else None
            )
            self._shown[seat] = (said, shown)
        return shown

    def _forget_views(self) -> None:
        """Drop the observations' views of the board and the messages (for a state written
        otherwise than by the rules: restored, or its hidden texts drawn again)."""
        self._board = None
        self._seen = [[] for _ in range(self.seats)]  # new lists: a log shown keeps its own
        self._shown = [(None, None)] * self.seats

    def _spectator_board(self) -> Board:
        """The open board (002 "COMPOSITION DU JEU"): per territory its presences (the owner
        when one power is alone there; the powers as marks when several share it), its
        development tokens and colony; per power its presences, stock, colonies, the wars it
        declared at the last reading (its tokens in the embassies, 002 3.3) and its points so
        far; the turn and phase. Never a sheet, nor who has handed one in, nor a word of the
        diplomacy round not yet delivered."""
        places = {}
        for t in range(N):
            present = self.presence[t]
            marks = [self.powers[seat] for seat in present] if len(present) > 1 else []
            if self.developed[t]:
                marks.append(f"developed {self.developed[t]}/{MAP.squares[t]}")
            if self.colony[t]:
                marks.append("colony")
            owner = present[0] if len(present) == 1 else None
            places[IDS[t]] = place(owner, len(present), tuple(marks))
        seats: list[dict[str, int | str]] = []
        for seat, (alone, shared, allies, total) in enumerate(self.points()):
            wars = [self.powers[o] for o, r in enumerate(self.relations[seat]) if r == WAR]
            facts: dict[str, int | str] = {
                "power": POWER_NAMES[self.powers[seat]],
                "presences": PRESENCES - self._stock(seat),
                "stock": self._stock(seat),
                "colonies": alone + shared,
                "war on": ", ".join(POWER_NAMES[p] for p in wars) or "nobody",
                "alliances received": allies,
                "points": total,
            }
            if self.phase == DIPLOMACY:  # known at each round's end (DiplomacyEnded)
                facts["talk"] = "ended" if self.done[seat] else "open"
            seats.append(facts)
        if self.phase == PLACEMENT:
            stage = f"set-up: {POWER_NAMES[self.powers[self.placer]]} places a first presence"
        else:
            year = YEARS[self.turn - 1] if self.turn else "set-up"
            doing = {DIPLOMACY: "diplomacy", ORDERS: "orders, written in secret", OVER: "over"}
            stage = f"turn {self.turn} of {len(YEARS)} ({year}): {doing[self.phase]}"
        colonies = f"colonies {sum(self.colony)} of {COLONIES}"
        return Board(places, tuple(seats), (stage, colonies))

    # =========================================================================== hidden

    def _redraw_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Write again what ``seat`` (``None``: a spectator) may not know: the texts of the
        messages between two other powers (002 1 "entre deux joueurs"), what every other power
        said this diplomacy round (a message or the end of its talk, not delivered yet), and
        every other power's sheet so far (002 2 "chaque joueur écrit en secret"), each written
        as the rules allow; who has handed in its sheet stays (the platform asks the others).
        """
        power = None if seat is None else self.powers[seat]
        for message in self.messages:
            _, sender, to, _ = message
            if to not in (ALL, power) and sender != seat:
                message[3] = self._text(rng)
        for other in range(self.seats):
            if other == seat:
                continue
            if self.phase == DIPLOMACY and self.queued[other] is not None:
                self.sent[other] -= bool(self.queued[other])
                self.queued[other] = []
                if self.sent[other] < self.options["messages"] and below(rng, 2):
                    targets = [p for p in (*self.powers, ALL) if p != self.powers[other]]
                    self.queued[other] = [targets[below(rng, len(targets))], self._text(rng)]
                    self.sent[other] += 1
            elif self.phase == ORDERS:
                self._write_sheet(other, rng)
        self._forget_views()

    def _text(self, rng: random.Random) -> str:
        """A text a message may hold (002 1: the talk is free; RULES.md: its size): random
        hexadecimal digits, twelve a draw."""
        size = below(rng, self.options["message_length"] + 1)
        return "".join(f"{below(rng, 1 << 48):012x}" for _ in range(0, size, 12))[:size]

    def _write_sheet(self, seat: int, rng: random.Random) -> None:
        """Write ``seat``'s sheet again: a random number of orders, each chosen among those
        the rules allow at that point of the writing (002 2.1-2.3)."""
        self.orders[seat], self.landing[seat], self.declared[seat] = {}, "", {}
        lines = sum(seat in p for p in self.presence) + 1 + self.seats - 1
        for _ in range(below(rng, lines + 1)):
            choices = [a for a in self._legal_actions(seat) if a is not SUBMIT]
            if not choices:
                break
            self._apply(seat, choices[below(rng, len(choices))])

    # =========================================================================== snapshot

    def _restored(self) -> None:
        self.rules = VARIANTS[self.variant]
        self.powers = POWERS[: self.seats]
        self._forget_views()
        if self.end_reason is not None:
            self._result = self._ranked(EndReason(self.end_reason))
