"""Pure, deterministic rules engines behind one contract (``engines.core``).

>>> from engines.registry import get_game
>>> match = get_game("risk").new_match("hasbro", seats=3, seed=7)
>>> match.to_move()
(0,)
"""
