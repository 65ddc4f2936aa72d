"""Which lines of the repository quote a LoCoMo turn: a script, not a test.

    .venv/bin/python benchmarks/locomo_quotes.py PATH [--words N] [files or folders…]

``PATH`` is a folder of LoCoMo conversation files (kept outside the repository). LoCoMo is
research data that never enters this repository, and the offline engine is judged on sentences
it has not seen, so its rules, comments and tests use sentences of our own. A line quotes a turn
when it shares a run of ``--words`` words (default 6, case and punctuation aside) with one.

Prints ``file:line: turn-id: text`` for each such line and exits 1 when there is any. Without
files it reads the engine, the tests, the benchmarks' history and the docs.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PLACES = ("memories", "accounts", "chat", "memoryhub", "moderation", "privacy", "tests", "docs", "benchmarks")
READ = {".py", ".md", ".txt", ".html"}
WORD = re.compile(r"[a-z0-9']+")


def turns_load(path: Path) -> dict[str, str]:
    """Every turn's text by its ``dia_id``."""
    turns = {}
    for file in sorted(path.glob("*.json")):
        raw = json.loads(file.read_text())
        for key, value in raw.get("conversation", raw).items():
            if re.fullmatch(r"session_\d+", key):
                for turn in value:
                    turns[f"{file.stem}:{turn['dia_id']}"] = turn["text"]
    return turns


def runs(text: str, size: int) -> list[tuple[str, ...]]:
    words = WORD.findall(text.lower())
    return [tuple(words[i : i + size]) for i in range(len(words) - size + 1)]


def files_under(places: list[str]) -> list[Path]:
    found = []
    for place in places:
        path = (ROOT / place) if not Path(place).is_absolute() else Path(place)
        candidates = [path] if path.is_file() else sorted(path.rglob("*"))
        found += [p for p in candidates if p.is_file() and p.suffix in READ and p != Path(__file__).resolve()]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("places", nargs="*", default=list(DEFAULT_PLACES))
    parser.add_argument("--words", type=int, default=6)
    args = parser.parse_args()
    quoted: dict[tuple[str, ...], str] = {}
    for turn_id, text in turns_load(args.path).items():
        for run in runs(text, args.words):
            quoted.setdefault(run, turn_id)
    count = 0
    for file in files_under(args.places):
        for number, line in enumerate(file.read_text(errors="replace").splitlines(), 1):
            if hits := [quoted[run] for run in runs(line, args.words) if run in quoted]:
                count += 1
                print(f"{file.relative_to(ROOT)}:{number}: {hits[0]}: {line.strip()[:100]}")
    print(f"{count} lines quote a LoCoMo turn", file=sys.stderr)
    sys.exit(1 if count else 0)


if __name__ == "__main__":
    main()
