"""Leagues, their entries and ladder matchmaking."""
