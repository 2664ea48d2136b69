"""Measure a version test's error rates by simulation: ``manage.py sprt_simulate --elo 0``."""

from __future__ import annotations

import math
import random

from django.core.management.base import BaseCommand

from conquest.versiontests import sprt


class Command(BaseCommand):
    help = (
        "Play many simulated version tests of a candidate --elo stronger (pairs drawn from two "
        "independent games with --draw draws) and print the share accepted and the pairs they "
        "took: at --elo equal to --elo0 the share is the false positive rate (about --alpha at "
        "most); at --elo1, the power (about 1 - --beta)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--elo", type=float, default=0.0, help="The candidate's true Elo.")
        parser.add_argument("--elo0", type=float, default=0.0)
        parser.add_argument("--elo1", type=float, default=50.0)
        parser.add_argument("--alpha", type=float, default=0.05)
        parser.add_argument("--beta", type=float, default=0.05)
        parser.add_argument("--draw", type=float, default=0.2, help="Draw rate of a game.")
        parser.add_argument("--runs", type=int, default=1000)
        parser.add_argument("--seed", type=int, default=1)

    def handle(self, *args, **o):
        rng = random.Random(o["seed"])
        probabilities = sprt.pair_probabilities(elo=o["elo"], draw=o["draw"])
        verdicts, pairs = [], []
        for _ in range(o["runs"]):
            decided, used = sprt.simulate(
                probabilities=probabilities,
                elo0=o["elo0"],
                elo1=o["elo1"],
                alpha=o["alpha"],
                beta=o["beta"],
                rng=rng,
            )
            verdicts.append(decided)
            pairs.append(used)
        runs = o["runs"]
        rate = verdicts.count(sprt.ACCEPTED) / runs
        error = math.sqrt(rate * (1 - rate) / runs)
        self.stdout.write(
            f"{runs} tests of a candidate {o['elo']:+g} Elo (H0 {o['elo0']:g}, H1 {o['elo1']:g}, "
            f"alpha {o['alpha']:g}, beta {o['beta']:g}): accepted {rate:.3f} ± {error:.3f}, "
            f"rejected {verdicts.count(sprt.REJECTED) / runs:.3f}, undecided "
            f"{verdicts.count(None) / runs:.3f}; pairs: mean {sum(pairs) / runs:.1f}, "
            f"most {max(pairs)}"
        )
