"""The restore drill: dump a MemoryHub database, restore the dump into a fresh database, and check
that the copy holds what the original holds (docs/operations.md, *Backups and the restore drill*).

    .venv/bin/python scripts/restore_drill.py --target memoryhub_drill [--dump FILE] [--drop]
        [--context "community/person/persona/message" ...]

It reads the database to copy from ``--source``, else ``DATABASE_URL``, and makes ``--target`` on the
same server (it refuses one that exists). Then:

1. ``pg_dump --format=custom`` of the source, the backup you would keep;
2. ``CREATE DATABASE`` the target, ``pg_restore --exit-on-error --no-owner`` the dump into it;
3. every table's row count compared, source against target;
4. for each ``--context``, ``manage.py context`` run against both databases (no recall recorded):
   the memory block a bot would read must be the same.

It prints the restored database's URL: point a MemoryHub process at it (``DATABASE_URL=…``) to look
for yourself; ``--drop`` drops it once checked. The PostgreSQL client programs come from ``--bin-dir``,
else ``PATH`` or the embedded server's (the ``pgserver`` package), whichever is at least the server's
major version. It needs only the standard library and psycopg, and exits non-zero on any
difference.
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

import psycopg
from psycopg import sql

PROJECT_DIR = Path(__file__).resolve().parents[1]


def client_programs(bin_dir: str | None, server_major: int) -> tuple[str, str]:
    """The paths of ``pg_dump`` and ``pg_restore``: from ``bin_dir``, else the first of ``PATH``'s and
    the embedded server's (the ``pgserver`` package) whose major version is at least the server's
    (an older pg_dump refuses a newer server)."""
    folders = [Path(bin_dir)] if bin_dir else []
    if not bin_dir:
        found = shutil.which("pg_dump")
        if found:
            folders.append(Path(found).parent)
        try:
            import pgserver  # the embedded server ships its client programs
        except ImportError:
            pass
        else:
            folders.append(Path(pgserver.__file__).parent / "pginstall" / "bin")
    for folder in folders:
        version = subprocess.run(  # noqa: S603 - PostgreSQL's own program, asked its version
            [str(folder / "pg_dump"), "--version"], capture_output=True, text=True, check=False
        ).stdout
        major = re.search(r"\(PostgreSQL\) (\d+)", version)  # "pg_dump (PostgreSQL) 16.2"
        if major and int(major.group(1)) >= server_major:
            return str(folder / "pg_dump"), str(folder / "pg_restore")
    raise SystemExit(f"no pg_dump of PostgreSQL {server_major} or newer in {[str(f) for f in folders]}: pass --bin-dir")


def database_url_with_name(url: str, name: str) -> str:
    """``url`` naming database ``name`` instead (the same server, user and options)."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + quote(name)))


def libpq_url(url: str) -> str:
    """A DATABASE_URL as libpq reads it: Django's ``postgres://`` and ``pgsql://`` schemes and the like
    are all ``postgresql://`` to it."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(scheme="postgresql"))


def table_counts(url: str) -> dict[str, int]:
    """Every table of the public schema and its exact row count."""
    with psycopg.connect(libpq_url(url)) as conn:
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"
            ).fetchall()
        ]
        return {
            table: conn.execute(sql.SQL("SELECT count(*) FROM {}").format(sql.Identifier(table))).fetchone()[0]  # type: ignore[index]
            for table in tables
        }


def context_block(url: str, check: str) -> str:
    """The memory block ``manage.py context`` prints against database ``url`` for ``check``
    ("community/person/persona/message"), without its scores (they move with the clock)."""
    community, person, persona, message = check.split("/", 3)
    env = dict(os.environ, DATABASE_URL=url)
    result = subprocess.run(  # noqa: S603 - this project's manage.py, its arguments a list
        [sys.executable, "manage.py", "context", "--community", community, "--user", person, "--persona", persona,
         message],
        cwd=PROJECT_DIR, env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    if result.returncode != 0:
        raise SystemExit(f"manage.py context failed against {redacted(url)}:\n{result.stderr[-2000:]}")
    return result.stdout.split("\nmemory tokens ", 1)[0]


def redacted(url: str, *, keep: bool = True) -> str:
    """``url`` with its password shown as ``***`` (for printing), or left out (``keep=False``)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(":" + parts.password + "@", ":***@" if keep else "@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def drill(*, source: str, target: str, dump: Path, bin_dir: str | None, contexts: list[str], drop: bool) -> int:
    target_url = database_url_with_name(source, target)
    with psycopg.connect(libpq_url(source)) as conn:
        server_major = conn.info.server_version // 10000
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [target]).fetchone():
            print(f"database {target} exists: the drill restores into a fresh one only", file=sys.stderr)
            return 2
    pg_dump, pg_restore = client_programs(bin_dir, server_major)
    # The password goes to the programs in their environment, not on a command line others can read.
    env = dict(os.environ, PGPASSWORD=urlsplit(source).password or os.environ.get("PGPASSWORD", ""))
    started = time.monotonic()
    subprocess.run(  # noqa: S603 - PostgreSQL's own program, its arguments a list
        [pg_dump, "--format=custom", "--file", str(dump), libpq_url(redacted(source, keep=False))], env=env, check=True
    )
    print(f"dumped {redacted(source)} to {dump} ({dump.stat().st_size:,} bytes, {time.monotonic() - started:.1f} s)")

    with psycopg.connect(libpq_url(source), autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(target)))
    try:
        started = time.monotonic()
        subprocess.run(  # noqa: S603 - PostgreSQL's own program, its arguments a list
            [pg_restore, "--exit-on-error", "--no-owner", "--dbname", libpq_url(redacted(target_url, keep=False)),
             str(dump)],
            env=env, check=True,
        )  # fmt: skip
        print(f"restored into {redacted(target_url)} ({time.monotonic() - started:.1f} s)")

        problems = []
        before, after = table_counts(source), table_counts(target_url)
        for table in sorted(before.keys() | after.keys()):
            if before.get(table) != after.get(table):
                problems.append(f"{table}: {before.get(table)} rows in the source, {after.get(table)} restored")
        print(f"{len(before)} tables, {sum(before.values()):,} rows compared")
        for check in contexts:
            original, restored = context_block(source, check), context_block(target_url, check)
            # The original is asked again when they differ: an age ("2 minutes ago") may have moved on.
            if restored != original and restored != context_block(source, check):
                lines = difflib.unified_diff(original.splitlines(), restored.splitlines(), "original", "restored")
                problems.append(f"the context for {check!r} differs:\n" + "\n".join(lines))
            else:
                print(f"the same context for {check!r}")
    finally:
        if drop:
            with psycopg.connect(libpq_url(source), autocommit=True) as conn:
                conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(target)))
            print(f"dropped {target}")
    for problem in problems:
        print("DIFFERENT: " + problem, file=sys.stderr)
    if not problems:
        print("restore drill passed" + ("" if drop else f": DATABASE_URL={redacted(target_url)}"))
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--source", default=os.environ.get("DATABASE_URL"), help="default: $DATABASE_URL")
    parser.add_argument("--target", required=True, help="the fresh database to restore into (on the same server)")
    parser.add_argument("--dump", type=Path, help="where to write the dump (default: a temporary file, removed)")
    parser.add_argument("--bin-dir", help="where pg_dump and pg_restore are")
    parser.add_argument(
        "--context", action="append", default=[], metavar="COMMUNITY/PERSON/PERSONA/MESSAGE",
        help="compare the memory block a bot reads (repeat for more)",
    )  # fmt: skip
    parser.add_argument("--drop", action="store_true", help="drop the restored database once checked")
    options = parser.parse_args(argv)
    if not options.source:
        parser.error("no --source and no DATABASE_URL")
    with tempfile.TemporaryDirectory() as scratch:
        dump = options.dump or Path(scratch) / "memoryhub.dump"
        return drill(
            source=options.source,
            target=options.target,
            dump=dump,
            bin_dir=options.bin_dir,
            contexts=options.context,
            drop=options.drop,
        )


if __name__ == "__main__":
    sys.exit(main())
