"""The REST API: thin views and serializers over the apps' services and selectors."""
