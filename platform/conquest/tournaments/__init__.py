"""Tournaments of a league: round robin, Swiss and knockout, seats balanced, tie-breaks stated."""
