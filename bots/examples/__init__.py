"""Example bots for bot authors: copy one to start (quickstart: ``docs/bots.md``)."""
