"""Extractive session summaries within the word and sentence limits asked for."""

from __future__ import annotations

import re
from collections import Counter

from memoryhub.ai.contract import (
    BOT_HANDLE,
    REDACTED,
    SENTENCE_END,
    summary_limits_parse,
)
from memoryhub.ai.offline.attribution import Reader
from memoryhub.ai.offline.consolidation import conversation
from memoryhub.ai.offline.facts import IMPORTANCE_RANK
from memoryhub.ai.offline.splitting import normalise, sentences, strip_fillers
from memoryhub.ai.offline.text import content_words, join_names, word_count
from memoryhub.ai.offline.vocabulary import TEST_WORDS

_SENTENCES = re.compile(r"\bin (?P<low>\d+)(?:\s*(?:-|\u2013|to)\s*(?P<high>\d+))? sentences?\b", re.IGNORECASE)


def _sentence_safe(text: str) -> str:
    """No full stops inside a sentence, so sentences can be counted by their ends."""
    return re.sub(r"[.!?]+(?=\s)", ",", text).strip().rstrip(".!?,;: ")


def summary_text(text: str) -> str:
    max_words = summary_limits_parse(text)
    shape = _SENTENCES.search(text)
    low, high = (int(shape["low"]), int(shape["high"] or shape["low"])) if shape else (1, 4)
    lines, after = conversation(text)
    previous = ""
    if match := re.search(r"^Summary so far:\n(?P<summary>.+)$", after, re.MULTILINE):
        previous = match["summary"].strip()

    members: dict[str, str] = {}
    for line in lines:
        members.setdefault(line.handle, line.name)
    facts = Reader(members).read(lines)
    covered = {index for fact in facts for index in fact.lines}
    frequency = Counter(word for line in lines if line.content != REDACTED for word in content_words(line.content))

    # (score, position, sentence): facts first, then the summary so far, then the most topical lines.
    candidates: list[tuple[float, float, str]] = []
    for fact in facts:
        candidates.append((100 - IMPORTANCE_RANK[fact.importance], fact.lines[0], _sentence_safe(fact.content) + "."))
    for position, sentence in enumerate(SENTENCE_END.split(previous) if previous else []):
        candidates.append((50, -1 + position / 1000, _sentence_safe(sentence) + "."))
    # A line quoted is one of the people's, not the persona's own reply, and only its first sentence
    # with words to it:
    # 'Nora asked "do you remember my sister's name".' (was the persona's reply, cut after 20 words
    # in the middle of its second sentence: 'Mira asked "good question, If I remember right, …, Is".')
    for index, line in enumerate(lines):
        said = [strip_fillers(part) for part in sentences(normalise(line.content))] or [""]
        body = next((part for part in said if len(content_words(part)) >= 2), said[0])
        words = content_words(body)
        worded = [word for word in words if re.search(r"[a-z]{2}", word) and word not in TEST_WORDS]
        if index in covered or line.content == REDACTED or line.handle == BOT_HANDLE or len(worded) < 2:
            continue  # filler ("test", "delay 0.0") is no part of what a conversation was about
        score = sum(frequency[word] for word in set(words)) + (2 if re.search(r"\b(?:I|my)\b", body) else 0)
        quoted = " ".join(_sentence_safe(body).split()[:20])
        verb = "asked" if body.endswith("?") else "said"
        candidates.append((score, index, f'{line.name} {verb} "{quoted}".'))

    chosen: list[tuple[float, str]] = []
    used = 0
    for _score, order, sentence in sorted(candidates, key=lambda c: (-c[0], c[1])):
        if len(chosen) >= high:
            break
        if any(sentence.casefold() == said.casefold() for _, said in chosen):
            continue  # a summary never says a sentence twice
        if used + word_count(sentence) <= max_words:
            chosen.append((order, sentence))
            used += word_count(sentence)
    if not chosen and candidates:  # even the best sentence is too long: cut it
        best = min(candidates, key=lambda c: (-c[0], c[1]))
        cut = " ".join(best[2].split()[: max(max_words, 1)]).rstrip(".") + "."
        chosen.append((best[1], cut))
        used = word_count(cut)
    speakers = [
        name for handle, name in members.items() if any(ln.handle == handle and ln.content != REDACTED for ln in lines)
    ]
    if chosen and len(chosen) < low and speakers:
        opening = f"{join_names(speakers)} talked." if len(speakers) > 1 else f"{speakers[0]} talked."
        if used + word_count(opening) <= max_words:
            chosen.append((-2, opening))
    if not chosen:  # nothing worth a summary (questions, greetings, test lines): none is made
        return " ".join(previous.split()[:max_words]) if previous else ""
    return " ".join(sentence for _, sentence in sorted(chosen))
