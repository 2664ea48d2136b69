"""User accounts (Django auth) and their API tokens."""
