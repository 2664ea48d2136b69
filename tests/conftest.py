"""Every test may import the toy game (``toy/toy_games.py``); it is registered as a game only
where a test installs its registration (the conformance suite)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "toy"))
