"""The internal port's door: a call without the platform's shared secret is refused.

A server interceptor on the internal server (``serve``): every call but those of the open
services (health) must carry ``authorization: Gateway <secret>`` (``conquest.relay.auth``),
else it ends UNAUTHENTICATED before its handler runs, so nothing reaches a bot.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Collection

import grpc
import grpc.aio

from conquest.relay.auth import authorized

logger = logging.getLogger(__name__)


async def _refuse(request, context: grpc.aio.ServicerContext) -> None:
    await context.abort(
        grpc.StatusCode.UNAUTHENTICATED,
        "the internal port takes workers only (metadata authorization: Gateway <secret>)",
    )


_REFUSALS = {
    (False, False): grpc.unary_unary_rpc_method_handler,
    (False, True): grpc.unary_stream_rpc_method_handler,
    (True, False): grpc.stream_unary_rpc_method_handler,
    (True, True): grpc.stream_stream_rpc_method_handler,
}


class SharedSecret(grpc.aio.ServerInterceptor):
    """Refuses the calls that do not present the shared secret, except to ``open_services``
    (full names, such as ``grpc.health.v1.Health``)."""

    def __init__(self, open_services: Collection[str]) -> None:
        self.open_prefixes = tuple(f"/{name}/" for name in open_services)

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler:
        """The call's handler if it may go on, else one that refuses it."""
        handler = await continuation(handler_call_details)
        method = handler_call_details.method  # type: ignore[attr-defined]
        if handler is None or method.startswith(self.open_prefixes):
            return handler
        if authorized(handler_call_details.invocation_metadata):  # type: ignore[attr-defined]
            return handler
        logger.warning("refused a call of %s without the shared secret", method)
        kind = _REFUSALS[handler.request_streaming, handler.response_streaming]
        return kind(_refuse, request_deserializer=handler.request_deserializer)
