"""How the offline engine words a fact: where a phrase ends, which fillers fall off its end, and
the article before a word."""

from __future__ import annotations

import pytest

from memoryhub.ai.offline.splitting import phrase_cut, strip_trailing
from memoryhub.ai.offline.text import article_for


@pytest.mark.parametrize(
    ("phrase", "cut"),
    [
        ("peanuts so I can't eat satay", "peanuts"),  # "so" and a subject: what follows from it
        ("a marathon so the mornings are early", "a marathon"),
        ("why puzzle games are so addictive", "why puzzle games are so addictive"),  # "so" before a word it intensifies
        ("Denver for a year or so I think", "Denver for a year or so I think"),  # "or so": about
        ("a so-called superfood", "a so-called superfood"),
        ("Lisbon because of work", "Lisbon"),
    ],
)
def test_a_phrase_ends_where_its_clause_does(phrase: str, cut: str) -> None:
    assert phrase_cut(phrase, max_words=10) == cut


@pytest.mark.parametrize(
    ("clause", "stripped"),
    [
        ("I'm allergic to shellfish sadly", "I'm allergic to shellfish"),
        ("I sold my car unfortunately.", "I sold my car"),
        ("I'm 26 actually lol", "I'm 26"),
        ("I'm moving to Austin anyway", "I'm moving to Austin"),
        ("I love it too much", "I love it too much"),
    ],
)
def test_fillers_fall_off_the_end_of_a_clause(clause: str, stripped: str) -> None:
    assert strip_trailing(clause) == stripped


@pytest.mark.parametrize(
    ("word", "article"),
    [
        ("Arsenal", "an"),
        ("Lakers", "a"),
        ("NBA", "an"),  # an initialism is read letter by letter: "en-bee-ay"
        ("HR", "an"),
        ("UX", "a"),
        ("university", "a"),  # "you-", not "uh-"
        ("hour", "an"),
        ("engineer", "an"),
        ("dog", "a"),
    ],
)
def test_the_article_goes_by_the_first_sound(word: str, article: str) -> None:
    assert article_for(word) == article
