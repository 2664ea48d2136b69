"""The suite's report: its rounds, the markdown table made of them (one row per kind of
round), the details of what failed with its evidence, and the same as JSON."""

from __future__ import annotations

import statistics
from dataclasses import asdict, dataclass, field
from pathlib import Path

from fleet import Timers


@dataclass
class Report:
    """The rounds played, and the table and details made of them."""

    timers: Timers
    folder: Path
    rounds: list = field(default_factory=list)
    seconds: float = 0.0
    aborted: str = ""
    """The traceback that stopped the rounds early, if one did."""
    legend: dict[str, str] = field(default_factory=dict)
    """What each kind of fault does, by name."""

    @property
    def passed(self) -> bool:
        """Were all the rounds played, and did every invariant hold in every one?"""
        return not self.aborted and not any(r.failures() for r in self.rounds)

    def kinds(self) -> list[str]:
        """The kinds of rounds, in the order they first came."""
        return list(dict.fromkeys(r.kind for r in self.rounds))

    def table(self) -> str:
        """The markdown table: one row per kind of round."""
        head = (
            "| fault | rounds | matches | lost | double-counted | stuck | not recovered | "
            "ratings | recovery p50 / max | throughput back p50 / max | bot back p50 / max "
            "| pending ended p50 / max | all processes back p50 / max | result |"
        )
        lines = [f"Timers: {self.timers.describe()}.", "", head, "|---" * 14 + "|"]
        for kind in self.kinds():
            rounds = [r for r in self.rounds if r.kind == kind]
            lines.append(_row(kind, rounds))
        lines.append("")
        lines += [f"- `{name}`: {what}" for name, what in self.legend.items()]
        return "\n".join(lines)

    def details(self) -> str:
        """Per round, what failed (with its evidence) and what was noted."""
        lines = []
        for r in self.rounds:
            failures = r.failures()
            if not failures and not r.notes:
                continue
            verdict = "FAILED" if failures else "passed"
            lines.append(f"\n{r.kind} #{r.number} at {r.at:%H:%M:%S} {verdict}")
            lines += [f"  note: {n}" for n in r.notes]
            for problem in [*r.lost, *r.stuck, *r.double]:
                lines.append(f"  {problem}")
                lines += [f"    | {t}" for t in problem.log_tail.splitlines()]
                lines += [f"    > {t}" for t in r.evidence.get(problem.match_id, [])]
            lines += [f"  {f}" for f in failures if not f.startswith(("lost", "stuck", "double"))]
            lines += [f"    > {line}" for line in r.last_words]
        if self.aborted:
            lines.append(f"\nthe suite stopped early:\n{self.aborted}")
        return "\n".join(lines)

    def to_json(self) -> dict:
        """The report as JSON-ready data."""
        return {
            "passed": self.passed,
            "timers": asdict(self.timers),
            "folder": str(self.folder),
            "seconds": self.seconds,
            "aborted": self.aborted,
            "rounds": [{**asdict(r), "failures": r.failures()} for r in self.rounds],
        }


def _figures(values: list[float | None]) -> str:
    """Median and maximum of the seconds measured, and how many never came."""
    known = [v for v in values if v is not None]
    if not values:
        return "-"
    text = f"{statistics.median(known):.1f} / {max(known):.1f} s" if known else "never"
    missing = len(values) - len(known)
    return f"{text} ({missing} never)" if known and missing else text


def _row(kind: str, rounds: list) -> str:
    """The table's row of the rounds of one kind."""
    measured = [r for r in rounds if r.kind not in ("warm-up", "between faults")]
    checked = [r for r in rounds if r.ratings is not None]
    ratings = sum(bool(r.ratings) for r in checked)
    cells = [
        kind,
        str(len(rounds)),
        str(sum(r.matches for r in rounds)),
        str(sum(len(r.lost) for r in rounds)),
        str(sum(len(r.double) for r in rounds)),
        str(sum(len(r.stuck) for r in rounds)),
        str(sum(len(r.unrecovered) for r in rounds)),
        f"differ in {ratings}" if ratings else "equal" if checked else "-",
        _figures([r.recovery for r in measured]),
        _figures([r.throughput_back for r in measured]),
        _figures([r.bot_back for r in measured]) if kind.startswith("bot") else "-",
        _figures([r.settled for r in measured]),
        _figures([r.all_back for r in measured]),
        "FAIL" if any(r.failures() for r in rounds) else "pass",
    ]
    return "| " + " | ".join(cells) + " |"
