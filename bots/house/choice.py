"""Turning a legal-action template into a concrete action."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol, TypeVar, cast, overload

from engines.core import Action, Amount, amount_field, fill_amount

A = TypeVar("A", bound=Action)
D = TypeVar("D")


class ByKind(Protocol):
    """Legal actions grouped by their class (a dict, see :func:`by_kind`), typed by class:
    ``grouped[Claim]`` is a ``list[Claim]``."""

    def __contains__(self, kind: object, /) -> bool: ...
    def __iter__(self) -> Iterator[type[Action]]: ...
    def __getitem__(self, kind: type[A], /) -> list[A]: ...
    @overload
    def get(self, kind: type[A], /) -> list[A] | None: ...
    @overload
    def get(self, kind: type[A], default: D, /) -> list[A] | D: ...


fill = fill_amount
"""``template`` with its Amount field set to ``value`` (unchanged if it has none): the
contract's :func:`engines.core.fill_amount` (no reflection on each call), under the name the
bots use."""


def by_kind(legal_actions: tuple[Action, ...]) -> ByKind:
    """The legal actions grouped by their class, in listing order.

    >>> from engines.risk.actions import EndPhase, Occupy
    >>> by_kind((Occupy(Amount(1, 2)), EndPhase()))[EndPhase]
    [EndPhase()]
    """
    grouped: dict[type[Action], list[Action]] = {}
    for action in legal_actions:
        grouped.setdefault(type(action), []).append(action)
    # Each list holds only actions of its key's class: more than a dict's type can say.
    return cast(ByKind, grouped)


def bounds(template: Action) -> Amount | None:
    """The Amount range of ``template``, or None when it has no quantity to choose."""
    name = amount_field(template)
    return None if name is None else getattr(template, name)


def amount_of(template: Action) -> Amount:
    """The Amount range of ``template``, a template with a quantity to choose (ValueError
    otherwise).

    >>> from engines.risk.actions import Occupy
    >>> amount_of(Occupy(Amount(2, 5)))
    Amount(low=2, high=5)
    """
    name = amount_field(template)
    if name is None:
        raise ValueError(f"{template!r} has no quantity to choose")
    amount: Amount = getattr(template, name)
    return amount
