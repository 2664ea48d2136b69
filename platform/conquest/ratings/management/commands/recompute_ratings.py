"""``manage.py recompute_ratings``: fold every rated result again; compare with the stored."""

from django.core.management.base import BaseCommand, CommandError

from conquest import refs
from conquest.ratings.services import rating_recompute


class Command(BaseCommand):
    help = (
        "Recompute every league's ratings from its match history. Exits 1 when they differ "
        "from the stored ones (unless --write, which replaces the stored ones)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--league", help="only this league (name)")
        parser.add_argument("--write", action="store_true", help="store the recomputed ratings")

    def handle(self, *args, league=None, write=False, **options):
        leagues = refs.model(refs.LEAGUE).objects.all()
        if league is not None:
            leagues = leagues.filter(name=league)
        if league is not None and not leagues.exists():
            raise CommandError(f"no league {league!r}")
        differing = 0
        for each in leagues:
            differences = rating_recompute(league=each, write=write)
            status = "equal" if not differences else f"{len(differences)} differences"
            self.stdout.write(f"{each.name}: {each.rated_count} rated matches, {status}")
            for difference in differences[:20]:
                self.stdout.write(f"  {difference}")
            differing += bool(differences)
        if differing and not write:
            raise CommandError(f"{differing} league(s) differ from their match history")
