from django.apps import AppConfig


class GatewayConfig(AppConfig):
    """The gRPC gateway remote bots connect to, and the workers' way to reach them."""

    name = "conquest.gateway"
    label = "gateway"
