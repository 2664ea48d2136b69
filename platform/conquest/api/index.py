"""The API's own pages: its index, which links every collection and the documentation."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

LINKS = {
    "register": "api-register",
    "token": "api-token",
    "me": "api-me",
    "bots": "api-bots",
    "leagues": "api-leagues",
    "matches": "api-matches",
    "tournaments": "api-tournaments",
    "version_tests": "api-version-tests",
    "schema": "api-schema",
    "docs": "api-docs",
    "redoc": "api-redoc",
}
"""The index's links, by the URL name each one leads to."""


@extend_schema(exclude=True)
class IndexView(APIView):
    """``/api/``: where to start (absolute links to the collections, the OpenAPI schema,
    Swagger UI and Redoc)."""

    authentication_classes = []
    permission_classes = [AllowAny]

    def get(self, request: Request) -> Response:
        """The links, by name."""
        return Response(
            {
                "name": "Conquest Arena API",
                "links": {name: reverse(url, request=request) for name, url in LINKS.items()},
            }
        )
