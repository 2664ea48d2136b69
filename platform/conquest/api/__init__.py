"""The REST API: per domain, thin views (``bots.py``) and serializers (``bot_serializers.py``)."""
