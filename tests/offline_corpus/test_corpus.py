"""The offline engine on its labelled corpus, one test per chat window: every expected fact saved
about the right person (told by the right person), nothing else saved.

Windows the engine gets wrong today are listed in ``known_misses.txt`` and marked xfail, strictly:
a fixed window fails the run until it leaves the list, so the list only shrinks. Precision and
recall over the whole corpus are measured by ``benchmarks/offline_quality.py``, not here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.offline_quality import pathological
from memoryhub.ai.offline import OfflineLLM
from memoryhub.ai.offline.attribution import MAX_CLAUSES
from memoryhub.ai.offline.splitting import MAX_CLAUSE_CHARS, clauses, normalise
from tests.offline_corpus.corpus import Case, case_extract, case_score, corpus_load

CASES = corpus_load()
KNOWN_MISSES = {
    line.split("#")[0].strip()
    for line in (Path(__file__).parent / "known_misses.txt").read_text(encoding="utf-8").splitlines()
    if line.split("#")[0].strip()
}
LLM = OfflineLLM()
# The known misses may only shrink: lower this when a fix takes a window off the list, never raise it.
KNOWN_MISSES_AT_MOST = 18


def _params() -> list[object]:
    return [
        pytest.param(
            case,
            id=case.id,
            marks=[pytest.mark.xfail(strict=True, reason="a known miss (known_misses.txt)")]
            if case.id in KNOWN_MISSES
            else [],
        )
        for case in CASES
    ]


def test_the_corpus_is_big_and_varied_enough() -> None:
    assert sum(len(case.lines) for case in CASES) >= 400
    categories = {category for case in CASES for category in case.categories}
    assert len(categories - {"chit-chat", "non-english", "multi-party", "reported", "negated"}) >= 20
    assert {case.id for case in CASES} >= KNOWN_MISSES, "known_misses.txt names a window that is not there"


def test_the_known_misses_only_shrink() -> None:
    """A window the engine gets wrong is fixed, not added to the list (which would hide a regression)."""
    assert len(KNOWN_MISSES) <= KNOWN_MISSES_AT_MOST, "known_misses.txt grew: fix the engine instead"


@pytest.mark.parametrize("case", _params())
def test_the_window_gives_exactly_its_expected_memories(case: Case) -> None:
    produced = case_extract(case, LLM)
    score = case_score(case, produced)
    assert score.missed == [], f"missed {[str(e) for e in score.missed]}; saved {[p.content for p in produced]}"
    assert score.unexpected == [], f"unexpected {[(p.subject, p.content) for p in score.unexpected]}"
    assert score.wrong_reporter == [], f"wrong teller {[(str(e), p.reporter) for e, p in score.wrong_reporter]}"


@pytest.mark.parametrize(
    "text",
    [
        "Ich wohne in Berlin und arbeite als Lehrerin",
        "Je m'appelle Sophie et je suis infirmière à Lyon",
        "Me mudé a Madrid el año pasado y trabajo como enfermera",
        "Mia es mi hermana y vivo con ella",  # a word that is also a name, at the start
        "我住在北京\uff0c我是老师",
        "أنا أعيش في القاهرة وأعمل طبيبة",
        "אני גר בתל אביב ויש לי כלב",
        "Я живу в Москве и работаю врачом",
    ],
)
def test_a_language_the_rules_do_not_read_gives_nothing_and_no_error(text: str) -> None:
    case = Case(id="foreign", categories=(), where="", lines=[("ana", text)], names={"ana": "Ana"})
    assert case_extract(case, LLM) == []


def test_the_same_fact_in_english_is_remembered() -> None:
    """The language test above would pass for an engine that remembers nothing."""
    case = Case(id="english", categories=(), where="", lines=[("ana", "I live in Berlin")], names={"ana": "Ana"})
    assert [memory.content for memory in case_extract(case, LLM)] == ["Ana lives in Berlin"]


def test_a_name_that_is_a_word_of_another_language_leaves_english_english() -> None:
    """ "Mia" is Italian for "my", "Una" Spanish for "a": inside an English sentence, a name."""
    lines = [("ana", "my daughter Mia turns 5 next Saturday"), ("ana", "my cousin Una turns 30 tomorrow")]
    case = Case(id="names", categories=(), where="", lines=lines, names={"ana": "Ana"})
    assert [memory.content for memory in case_extract(case, LLM)] == [
        "Ana's daughter Mia turns 5 next Saturday",
        "Ana's cousin Una turns 30 tomorrow",
    ]


@pytest.mark.parametrize("text", pathological(), ids=lambda text: f"{text[:12]!r}x{len(text)}")
def test_a_pathological_message_is_read_in_bounded_pieces(text: str) -> None:
    """Linear time by construction, not by a clock (the benchmark times it): the rules only ever
    see clauses of at most MAX_CLAUSE_CHARS, at most MAX_CLAUSES of a message, so no pattern's
    work can grow with the message; and reading it gives an answer, not an error."""
    pieces = clauses(normalise(text))
    assert all(len(piece) <= MAX_CLAUSE_CHARS for piece in pieces)
    read = pieces[:MAX_CLAUSES]
    assert sum(len(piece) for piece in read) <= MAX_CLAUSES * MAX_CLAUSE_CHARS
    case = Case(id="pathological", categories=(), where="", lines=[("ana", text)], names={"ana": "Ana"})
    assert all(memory.subject == "ana" for memory in case_extract(case, LLM))
