"""Bot authors' pages: their bots, versions, tokens, league entries, challenges and logs.

Every change is a POST through the services the REST API uses; a service's ValidationError
comes back as form errors on the page. A user manages only their own bots: another's is a
404, as if it did not exist (staff included, as in the API).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from conquest.bots import selectors as bot_selectors
from conquest.bots import services as bot_services
from conquest.bots.models import Bot
from conquest.leagues import selectors as league_selectors
from conquest.leagues import services as league_services
from conquest.matches import selectors as match_selectors
from conquest.matches.managers import PENDING
from conquest.matches.models import Match
from conquest.web.accounts import rate_wait, too_often
from conquest.web.forms import (
    BotEditForm,
    BotForm,
    ChallengeForm,
    EntryForm,
    TokenForm,
    VersionForm,
    add_service_error,
)

RECENT_MATCHES = 20
"""How many of the user's latest matches the dashboard lists."""


def _own_bot(request, pk: int) -> Bot:
    """Bot ``pk`` if the user owns it; 404 otherwise (whether or not it exists)."""
    bot = bot_selectors.bot_get(pk)
    if bot is None or bot.owner_id != request.user.pk:
        raise Http404("no such bot of yours")
    return bot


def _matches_of(user):
    """The matches, newest first, in which a bot of ``user`` sits."""
    return match_selectors.match_list().filter(seats__entry__version__bot__owner=user).distinct()


def _manage_page(request, *, bot: Bot, **forms):
    """The bot's management page, with ``forms`` (bound, with their errors) replacing the
    blank ones."""
    context = {
        "bot": bot,
        "versions": bot_selectors.version_list(bot),
        "tokens": bot_selectors.token_list(bot),
        "entries": league_selectors.entry_list(bot_id=bot.pk),
        "bot_form": BotEditForm(bot=bot),
        "version_form": VersionForm(staff=request.user.is_staff),
        "token_form": TokenForm(),
        "entry_form": EntryForm(bot=bot),
        **forms,
    }
    return render(request, "web/bot_manage.html", context)


def _to_manage(bot: Bot):
    return redirect("web-bot-manage", pk=bot.pk)


@login_required
def dashboard(request):
    """The user's bots with their versions, entries, pending challenges and recent matches."""
    user = request.user
    mine = _matches_of(user)
    context = {
        "bots": bot_selectors.bot_list(owner=user.username).prefetch_related("versions"),
        "entries": league_selectors.entry_list(owner=user),
        "challenges": mine.filter(origin=Match.Origin.CHALLENGE, status__in=PENDING),
        "matches": mine[:RECENT_MATCHES],
    }
    return render(request, "web/dashboard.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def bot_new(request):
    """Create a bot of the user's."""
    form = BotForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            bot = bot_services.bot_create(owner=request.user, **form.cleaned_data)
        except ValidationError as error:
            add_service_error(form, error)
        else:
            messages.success(request, f"Bot {bot.name} created: now give it a version.")
            return _to_manage(bot)
    return render(request, "web/bot_new.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def bot_manage(request, pk: int):
    """The bot's versions, tokens and entries; a POST changes its description, games or
    enabled flag."""
    bot = _own_bot(request, pk)
    if request.method == "GET":
        return _manage_page(request, bot=bot)
    form = BotEditForm(request.POST, bot=bot)
    if form.is_valid():
        try:
            bot_services.bot_update(bot=bot, **form.cleaned_data)
        except ValidationError as error:
            add_service_error(form, error)
        else:
            messages.success(request, f"Bot {bot.name} saved.")
            return _to_manage(bot)
    bot.refresh_from_db()
    return _manage_page(request, bot=bot, bot_form=form)


@login_required
@require_http_methods(["GET", "POST"])
def version_new(request, pk: int):
    """Create the bot's next version."""
    bot = _own_bot(request, pk)
    if request.method == "GET":
        return _to_manage(bot)
    staff = request.user.is_staff
    form = VersionForm(request.POST, staff=staff)
    if form.is_valid():
        try:
            version = bot_services.version_create(bot=bot, staff=staff, **form.cleaned_data)
        except ValidationError as error:
            add_service_error(form, error)
        else:
            messages.success(request, f"Version {version} created.")
            return _to_manage(bot)
    return _manage_page(request, bot=bot, version_form=form)


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def token_new(request, pk: int):
    """Issue a token for the bot and show it, this once (it is never stored nor shown again)."""
    bot = _own_bot(request, pk)
    if request.method == "GET":
        return _to_manage(bot)
    form = TokenForm(request.POST)
    if not form.is_valid():
        return _manage_page(request, bot=bot, token_form=form)
    token, plaintext = bot_services.token_issue(bot=bot, name=form.cleaned_data["name"])
    return render(
        request, "web/token_created.html", {"bot": bot, "token": token, "plaintext": plaintext}
    )


@login_required
@require_POST
def token_revoke(request, pk: int, token_id: int):
    """Revoke one of the bot's tokens for good."""
    bot = _own_bot(request, pk)
    token = bot_selectors.token_get(bot, token_id)
    if token is None:
        raise Http404("no such token")
    bot_services.token_revoke(token=token)
    messages.success(request, f"Token {token.prefix}… revoked: it no longer authenticates.")
    return _to_manage(bot)


@login_required
@require_http_methods(["GET", "POST"])
def entry_new(request, pk: int):
    """Enter a version of the bot in a league."""
    bot = _own_bot(request, pk)
    if request.method == "GET":
        return _to_manage(bot)
    form = EntryForm(request.POST, bot=bot)
    if form.is_valid():
        try:
            entry = league_services.entry_create(**form.cleaned_data)
        except ValidationError as error:
            add_service_error(form, error)
        else:
            messages.success(request, f"{entry} entered.")
            return _to_manage(bot)
    return _manage_page(request, bot=bot, entry_form=form)


@login_required
@require_POST
def entry_withdraw(request, pk: int):
    """Withdraw one of the user's entries: no new matches; its history and ratings stay."""
    entry = league_selectors.entry_get(pk)
    if entry is None or entry.version.bot.owner_id != request.user.pk:
        raise Http404("no such entry of yours")
    league_services.entry_withdraw(entry=entry)
    messages.success(request, f"{entry} withdrawn.")
    return _to_manage(entry.version.bot)


def _challenge_page(request, *, league, form, status: int = 200):
    """The league's challenge page with ``form``, and the link to the match named by ``?match=``
    when the user requested it."""
    requested = request.GET.get("match", "")
    match = match_selectors.match_get(int(requested)) if requested.isdigit() else None
    if match is not None and (match.requested_by_id != request.user.pk or match.league != league):
        match = None
    context = {"league": league, "form": form, "match": match}
    return render(request, "web/challenge.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def challenge(request, pk: int):
    """Request an unrated match of the league between entries, the user's first (within the
    API's challenge rate, one budget with it); then the new match's link."""
    league = league_selectors.league_get(pk)
    if league is None:
        raise Http404("no such league")
    if request.method == "GET":
        form = ChallengeForm(league=league, user=request.user)
        return _challenge_page(request, league=league, form=form)
    form = ChallengeForm(request.POST, league=league, user=request.user)
    if not form.is_valid():
        return _challenge_page(request, league=league, form=form)
    wait = rate_wait(request, scope="challenge")
    if wait is not None:
        form.add_error(None, too_often(wait))
        return _challenge_page(request, league=league, form=form, status=429)
    try:
        match = league_services.challenge_create(
            user=request.user, league=league, entries=form.entries()
        )
    except ValidationError as error:
        add_service_error(form, error)
        return _challenge_page(request, league=league, form=form)
    messages.success(request, f"Challenge match #{match.pk} queued.")
    return redirect(f"{reverse('web-challenge', args=[league.pk])}?match={match.pk}")


@login_required
def match_log(request, pk: int):
    """The lines the user's bots sent to the match's log (staff: every seat's); 403 for a user
    with no seat in it."""
    match = match_selectors.match_get(pk)
    if match is None:
        raise Http404("no such match")
    staff = request.user.is_staff
    seats = [
        seat.seat
        for seat in match.seats.all()
        if staff or seat.entry.version.bot.owner_id == request.user.pk
    ]
    context = {"match": match, "seats": seats}
    if not seats:
        return render(request, "web/match_log.html", {**context, "denied": True}, status=403)
    context["lines"] = match_selectors.match_bot_log(match, seats)
    return render(request, "web/match_log.html", context)
