"""What the importers share: the error for a file they cannot read, and the skipped records' report."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib.resources.abc import Traversable
from typing import Any

from django.core.management.base import CommandError

from accounts.models import Community


def community_for_command(slug: str) -> Community:
    """The community an import goes to (its ``--community``), or the command's error."""
    community = Community.objects.filter(slug=slug).first()
    if community is None:
        raise CommandError(f"No community has the slug {slug!r}.")
    return community


class ImportFileError(ValueError):
    """The file cannot be read at all (not this format, not JSON, no record in it): nothing was written."""


# Why a record was left out, as the summary says it.
SKIP_REASONS = {
    "bot": "written by a bot",
    "system": "system messages (joins, pins, topic changes, calls…)",
    "empty": "without text (attachments or stickers only)",
    "too_long": "too long to store",
    "no_author": "without an author",
    "malformed": "malformed",
    "duplicate": "already imported",
    "memory_off": "about people whose memory is off",
    "expired": "already expired",
}


@dataclass(frozen=True)
class Skipped:
    reason: str  # a key of SKIP_REASONS
    where: str  # "line 4", "message 1186", "general/2024-01-02.json #3"
    detail: str = ""


@dataclass
class ImportReport:
    """What a run did: how many records it wrote, and every record it left out, with why."""

    imported: int = 0
    skipped: list[Skipped] = field(default_factory=list)
    duplicates: int = 0  # counted, not listed: a second run skips every record

    def skip(self, reason: str, where: str, detail: str = "") -> None:
        self.skipped.append(Skipped(reason, where, detail))

    def lines(self, *, noun: str, verbose: bool) -> list[str]:
        """The summary: imported, then skipped by reason; malformed records are named with where
        they are (every skipped record with ``verbose``)."""
        counts = Counter(skip.reason for skip in self.skipped)
        if self.duplicates:
            counts["duplicate"] += self.duplicates
        out = [f"Imported {self.imported} {noun}."]
        if counts:
            out.append(f"Skipped {sum(counts.values())}:")
            out += [f"  {count} {SKIP_REASONS[reason]}" for reason, count in sorted(counts.items())]
        shown = [s for s in self.skipped if verbose or s.reason == "malformed"]
        for skip in shown[:50] if not verbose else shown:
            out.append(f"  {skip.where}: {SKIP_REASONS[skip.reason]}" + (f" ({skip.detail})" if skip.detail else ""))
        if len(shown) > 50 and not verbose:
            out.append(f"  … and {len(shown) - 50} more (--verbosity 2 lists them all)")
        return out


def json_load(path: Traversable) -> Any:
    """A whole JSON file, or ImportFileError saying why not."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as error:
        raise ImportFileError(f"{path.name} is not UTF-8 text: {error.reason}.") from error
    except json.JSONDecodeError as error:
        raise ImportFileError(f"{path.name} is not JSON: {error.msg} at line {error.lineno}.") from error


def time_read(value: Any) -> datetime:
    """An ISO 8601 time (UTC when it gives no offset), or ValueError."""
    if not isinstance(value, str):
        raise ValueError(f"not a time: {value!r}")
    moment = datetime.fromisoformat(value)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def mapping(value: Any) -> dict[str, Any]:
    """``value`` when it is a JSON object, else an empty one (a field a record may leave out)."""
    return value if isinstance(value, dict) else {}
