"""Turning a legal-action template into a concrete action."""

from __future__ import annotations

from dataclasses import replace

from engines.core import Action, Amount, amount_field


def fill(template: Action, value: int) -> Action:
    """``template`` with its Amount field set to ``value`` (unchanged if it has none).

    >>> from engines.risk.actions import Occupy
    >>> fill(Occupy(Amount(2, 5)), 4)
    Occupy(armies=4)
    """
    name = amount_field(template)
    return template if name is None else replace(template, **{name: value})


def by_kind(legal_actions: tuple[Action, ...]) -> dict[type, list[Action]]:
    """The legal actions grouped by their class, in listing order.

    >>> from engines.risk.actions import EndPhase, Occupy
    >>> by_kind((Occupy(Amount(1, 2)), EndPhase()))[EndPhase]
    [EndPhase()]
    """
    grouped: dict[type, list[Action]] = {}
    for action in legal_actions:
        grouped.setdefault(type(action), []).append(action)
    return grouped


def bounds(template: Action) -> Amount | None:
    """The Amount range of ``template``, or None when it has no quantity to choose."""
    name = amount_field(template)
    return None if name is None else getattr(template, name)
