import pytest
from django.db import connection


@pytest.mark.django_db
def test_the_platform_tests_run_on_postgresql():
    assert connection.vendor == "postgresql"
