"""API errors."""
