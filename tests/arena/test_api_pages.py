"""The API's own pages: its index, Swagger UI and Redoc served by the project (no CDN), and
list endpoints that refuse unknown filters and cap the page size."""

from __future__ import annotations

import re

import pytest
from api_helpers import error_of, make_league
from conquest.api.common import Pagination
from conquest.leagues.models import League
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def test_the_api_root_is_an_index_of_links_that_lead_somewhere():
    response = APIClient().get("/api/")
    assert response.status_code == 200
    links = response.json()["links"]
    assert {"bots", "leagues", "matches", "tournaments", "schema", "docs", "redoc"} <= set(links)
    for name, url in links.items():
        assert url.startswith("http://testserver/api/"), (name, url)
        followed = APIClient().get(url)
        assert followed.status_code != 404, (name, url, followed.status_code)


@pytest.mark.parametrize("page", ["/api/docs/", "/api/redoc/"])
def test_the_api_documentation_is_served_by_the_project_itself(page):
    response = APIClient().get(page)
    assert response.status_code == 200
    html = response.content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    scripts = [a for a in assets if a.endswith(".js")]
    assert scripts, html
    for asset in assets:
        assert not asset.startswith(("http:", "https:", "//")), f"{asset} is fetched from elsewhere"
    for asset in scripts:
        served = APIClient().get(asset)
        assert served.status_code == 200, asset
        assert b"".join(served.streaming_content if served.streaming else [served.content])


@pytest.mark.parametrize(
    ("url", "unknown"),
    [
        ("/api/matches/?bot=1", "bot"),
        ("/api/matches/?league=1&colour=red&limit=5", "colour"),
        ("/api/leagues/?game=risk", "game"),
        ("/api/bots/?owner=ann&sort=name", "sort"),
    ],
)
def test_a_list_refuses_a_filter_it_does_not_know_and_names_it(url, unknown):
    response = APIClient().get(url)
    assert response.status_code == 400
    error = error_of(response)
    assert set(error["fields"]) == {unknown}
    assert "unknown query parameter" in error["fields"][unknown][0]


def test_a_list_takes_its_own_filters_and_the_pagination():
    response = APIClient().get("/api/matches/?league=1&status=finished&limit=5&offset=0")
    assert response.status_code == 200
    assert response.json()["results"] == []


def test_a_page_never_holds_more_than_the_cap():
    make_league("first")
    League.objects.bulk_create(
        League(name=f"league {i}", game="risk", variant="hasbro", seats=2, engine_version="x")
        for i in range(Pagination.max_limit + 4)
    )
    page = APIClient().get("/api/leagues/", {"limit": 10_000}).json()
    assert page["count"] == Pagination.max_limit + 5
    assert len(page["results"]) == Pagination.max_limit
    assert page["next"] is not None
