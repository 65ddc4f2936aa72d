"""What the operators' commands share: a tqdm progress bar fed by a service, the maintenance
options, and the batch and community options of the commands that embed."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from accounts.models import Community
from memories.services.maintenance import BATCH_SIZE, LOCK_TIMEOUT_MS, Progress


def maintenance_arguments(parser: CommandParser, *, batch_size: int = BATCH_SIZE) -> None:
    parser.add_argument(
        "--batch-size", type=int, default=batch_size, help=f"Memories per batch and transaction (default {batch_size})."
    )
    parser.add_argument(
        "--lock-timeout",
        type=int,
        default=LOCK_TIMEOUT_MS,
        metavar="MS",
        help=f"Skip a batch that waits longer than this for a lock (default {LOCK_TIMEOUT_MS} ms).",
    )


def maintenance_options(options: dict[str, Any]) -> dict[str, int]:
    if options["batch_size"] < 1:
        raise CommandError("--batch-size must be at least 1.")
    if options["lock_timeout"] < 1:
        raise CommandError("--lock-timeout must be at least 1 ms.")
    return {"batch_size": options["batch_size"], "lock_timeout_ms": options["lock_timeout"]}


@contextmanager
def progress_bar(command: BaseCommand, label: str, unit: str, verbosity: int) -> Iterator[Progress]:
    """A tqdm bar on the command's stderr (none with --verbosity 0), fed as ``(done, total)``.

    Redrawn after every batch (a batch takes far longer than a redraw); in place on a terminal,
    in a log as one line per batch, separated by carriage returns."""
    # The raw stream: tqdm redraws with "\r", which Django's OutputWrapper would end with newlines.
    bar = tqdm(
        desc=label, unit=unit, file=command.stderr._out, disable=verbosity == 0, dynamic_ncols=True, mininterval=0
    )

    def advance(done: int, total: int) -> None:
        bar.total = total
        bar.update(done - bar.n)

    try:
        yield advance
    finally:
        bar.close()


def maintenance_run(
    command: BaseCommand, options: dict[str, Any], *, label: str, unit: str, run: Callable[..., int]
) -> int:
    arguments = maintenance_options(options)
    with progress_bar(command, label, unit, options["verbosity"]) as advance:
        return run(on_progress=advance, **arguments)


def embedding_arguments(parser: CommandParser, *, unit: str) -> None:
    parser.add_argument("--batch-size", type=int, default=256, help=f"{unit} embedded per batch (default 256).")
    parser.add_argument("--community", metavar="SLUG", help=f"Only this community's {unit.lower()}.")


def embedding_options(options: dict[str, Any]) -> tuple[int, Community | None]:
    """(batch size, community or None), or a CommandError naming what is wrong."""
    if options["batch_size"] < 1:
        raise CommandError("--batch-size must be at least 1.")
    community = None
    if options["community"]:
        community = Community.objects.filter(slug=options["community"]).first()
        if community is None:
            raise CommandError(f"No community has the slug {options['community']!r}.")
    return options["batch_size"], community
