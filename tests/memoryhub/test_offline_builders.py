"""The offline engine's rule builders are pure functions: what one makes depends on its arguments
alone, and it changes nothing it is given. A builder reads the window through ``Said.scene``, a
snapshot taken when its clause is read, never through the ``Reader`` that walks the window; a fact
made before that it reads anew ("I adopted a cat" … "my cat Luna") it returns revised, and the
engine keeps it.
"""

from __future__ import annotations

import ast
import copy
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from memoryhub.ai.offline import OfflineLLM, matching
from memoryhub.ai.offline.facts import Builder, Fact, Said
from tests.offline_corpus.corpus import Case, case_extract, corpus_load

RULES = Path(matching.__file__).resolve().parent / "rules"
# The engine's own modules: they walk the window and keep what the builders make.
ENGINE = frozenset({"memoryhub.ai.offline.attribution", "memoryhub.ai.offline.matching"})


def _engine_touched(path: Path) -> list[str]:
    """Where the module at ``path`` reaches for the engine: its reader, its ``Reader``, its modules,
    or a name of the module's own to rebind from inside a function."""
    touched = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        where = f"{path.name}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Attribute) and node.attr == "reader":
            touched.append(f"{where} reads .reader")
        elif isinstance(node, ast.Name) and node.id == "Reader":
            touched.append(f"{where} names Reader")
        elif isinstance(node, ast.ImportFrom) and (
            node.module in ENGINE
            or (node.module == "memoryhub.ai.offline" and {a.name for a in node.names} & {"attribution", "matching"})
        ):
            touched.append(f"{where} imports from the engine")
        elif isinstance(node, ast.Import) and {alias.name for alias in node.names} & ENGINE:
            touched.append(f"{where} imports the engine")
        elif isinstance(node, ast.Global | ast.Nonlocal):
            touched.append(f"{where} rebinds {', '.join(node.names)}")
    return touched


@pytest.mark.parametrize("path", sorted(RULES.glob("*.py")), ids=lambda path: path.name)
def test_no_rule_module_reaches_for_the_reader_that_walks_the_window(path: Path) -> None:
    assert _engine_touched(path) == []


def test_the_check_on_rule_modules_sees_a_builder_that_reads_the_reader(tmp_path: Path) -> None:
    """The test above would pass for a check that finds nothing."""
    impure = tmp_path / "impure.py"
    impure.write_text(
        "from memoryhub.ai.offline.attribution import Reader\n\n"
        "def pet_rule(match, said):\n"
        "    global LAST\n"
        "    LAST = Reader({})\n"
        "    return said.reader.pet_waiting(said.handle)\n",
        encoding="utf-8",
    )
    assert sorted(_engine_touched(impure)) == [
        "impure.py:1 imports from the engine",
        "impure.py:4 rebinds LAST",
        "impure.py:5 names Reader",
        "impure.py:6 reads .reader",
    ]


def _window(id: str, *lines: str) -> Case:
    return Case(id=id, categories=(), where="", lines=[("ana", line) for line in lines], names={"ana": "Ana"})


# Builders that read a fact made before: a pet named a line later, its kind told, the pet said again.
PETS_TOLD_AGAIN = [
    _window("named-later", "I just adopted a cat!", "my cat Pickle is already running the house"),
    _window("kind-told", "my dog ate a whole baguette off the counter", "she's a husky named Juniper"),
    _window("said-again", "we got a kitten last week", "my kitten sleeps on my keyboard all day"),
    _window("named-after", "we rescued a puppy on Saturday", "named him Turnip"),
]


def _given(said: Said) -> tuple[Any, ...]:
    """All a builder is given, copied deep: the clause, who said it, and the window as they saw it."""
    scene = said.scene
    return (
        said.handle,
        said.name,
        said.clause,
        said.line_index,
        said.teller,
        said.teller_name,
        scene.line_text,
        scene.question_text,
        scene.last_place,
        dict(scene.names),
        copy.deepcopy(list(scene.facts)),
    )


def test_every_builder_on_the_corpus_makes_the_same_fact_twice_and_changes_nothing_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every call the engine makes to a builder while reading the labelled corpus, made twice more:
    the two answers are equal, and what the builder was given is as it was."""
    keep = matching.build
    answers: Counter[str] = Counter()

    def build_twice(builder: Builder, match: re.Match[str], said: Said) -> Fact | None:
        given = _given(said)
        first, second = builder(match, said), builder(match, said)
        name = builder.__qualname__
        assert _given(said) == given, f"{name} changed what it was given, reading {said.clause!r}"
        assert first == second, f"{name} answered {said.clause!r} twice in two ways"
        revised = [answer.revises if answer is not None else None for answer in (first, second)]
        assert revised[0] is revised[1], f"{name} read two facts made before anew"
        answers["none" if first is None else "revised" if first.revises is not None else "fact"] += 1
        return keep(builder, match, said)

    monkeypatch.setattr(matching, "build", build_twice)
    llm = OfflineLLM()
    for case in [*corpus_load(), *PETS_TOLD_AGAIN]:
        case_extract(case, llm)
    # every kind of answer was checked: a new fact, none, and a fact made before read anew
    assert all(answers[kind] for kind in ("fact", "none", "revised")), answers
