"""Version tests (DESIGN.md, "Competitions"): before a bot's new version replaces the old on a
league's ladder, paired matches on shared seeds under fishtest's SPRT decide whether it is
stronger."""
