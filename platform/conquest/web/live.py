"""A running match's live feed as server-sent events (``conquest.relay.feeds`` reads it).

Each frame comes as ``id: <epoch>.<n>`` / ``event: frame`` / ``data: <JSON>``; ``event: reset``
when the feed started anew (the match is played again: forget its frames); ``event: end``
with ``{"status", "result"}``, then the stream closes (at once for a match that has ended and
has no feed left: the page then loads its replay). A comment line keeps a quiet connection
open; each connection closes after ``feeds.CONNECTION_SECONDS``, and the browser's
EventSource reconnects with ``Last-Event-ID``, from which the feed resumes. Frames hold
public facts only: no seed, no action, no private event.
"""

from __future__ import annotations

from collections.abc import Iterator

from django.db import connection
from django.http import Http404, HttpRequest, StreamingHttpResponse
from django.views.decorators.http import require_GET

from conquest.matches.managers import PENDING
from conquest.matches.models import Match
from conquest.relay import feeds


@require_GET
def match_live(request: HttpRequest, pk: int) -> StreamingHttpResponse:
    """The live feed of match ``pk`` as ``text/event-stream`` (see the module's docstring)."""
    if not Match.objects.filter(pk=pk).exists():
        raise Http404("No such match.")
    messages = feeds.follow(pk, request.headers.get("Last-Event-ID", ""), ended=lambda: _ended(pk))
    response = StreamingHttpResponse(_events(messages), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # a proxy passes each event on at once
    return response


def _ended(pk: int) -> str | None:
    """The match's status once it has ended (``deleted`` if it is gone), else None. The
    database connection is closed after: a stream lasts minutes and must not hold one."""
    try:
        status = Match.objects.filter(pk=pk).values_list("status", flat=True).first()
    finally:
        if not connection.in_atomic_block:
            connection.close()
    if status in PENDING:
        return None
    return status or "deleted"


def _events(messages: Iterator[feeds.Message]) -> Iterator[str]:
    """``messages`` in the text/event-stream format."""
    yield "retry: 2000\n\n"  # the browser's wait before it reconnects (milliseconds)
    for message in messages:
        if message.kind == "keepalive":
            yield ": keep-alive\n\n"
            continue
        data = feeds.dumps(message.data).decode()
        head = f"id: {message.id}\n" if message.id else ""
        yield f"{head}event: {message.kind}\ndata: {data}\n\n"
