"""Elo and OpenSkill ratings per league, their history and their recomputation."""
