"""Users' API tokens of DRF's ``rest_framework.authtoken`` (kept in clear until then) become
``UserToken`` rows holding only their SHA-256, so every token issued before keeps working; then
DRF's table, no longer used by any installed app, is dropped with the clear keys.

(Should ``rest_framework.authtoken`` ever be installed again: ``migrate authtoken zero --fake``
first, since its migrations are still recorded as applied.)
"""

import hashlib
from datetime import UTC, datetime

from django.db import migrations
from django.utils.dateparse import parse_datetime

LEGACY_TABLE = "authtoken_token"


def _aware(value) -> datetime:
    """A timestamp read from the legacy table (SQLite gives text, naive UTC)."""
    moment = value if isinstance(value, datetime) else parse_datetime(str(value))
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def hash_legacy_tokens(apps, schema_editor):
    connection = schema_editor.connection
    if LEGACY_TABLE not in connection.introspection.table_names():
        return  # a database created after rest_framework.authtoken was dropped
    table = schema_editor.quote_name(LEGACY_TABLE)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {schema_editor.quote_name('key')}, user_id, created FROM {table}")
        rows = cursor.fetchall()
    UserToken = apps.get_model("accounts", "UserToken")
    UserToken.objects.using(connection.alias).bulk_create(
        UserToken(
            user_id=user_id,
            prefix=key[:8],
            digest=hashlib.sha256(key.encode()).hexdigest(),
            created_at=_aware(created),
        )
        for key, user_id, created in rows
    )
    schema_editor.execute(f"DROP TABLE {table}")


class Migration(migrations.Migration):
    dependencies = [("accounts", "0001_initial")]

    operations = [
        # Not reversible in substance: the clear keys are gone (going back keeps the rows).
        migrations.RunPython(hash_legacy_tokens, migrations.RunPython.noop, elidable=False),
    ]
