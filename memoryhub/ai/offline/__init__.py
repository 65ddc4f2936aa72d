"""The offline engine: the LLM used when no ``OPENAI_API_KEY`` is set.

It speaks the same interface as the OpenAI implementation, so the same pipeline runs on it:
extraction answers with one ``record_memories`` tool call, profiles with ``write_profile``,
summaries and chat replies with text. Everything is rules over regular expressions: no
network, no model, and the same input always gives the same output.

Extraction reads the prompt back with :func:`extraction_prompt_parse` (what a real model
reads) and walks the conversation line by line, clause by clause:

- a table of first-person rules ("my name is…", "I work as…", "I'm moving to…", "I hate…",
  pets, family, plans, feelings) turns a clause into a fact about the SPEAKER, written in
  the third person and naming them;
- "<member> got engaged / a new job / …" gives a fact about that known member, "reported by"
  the speaker; names that are not participants or known members get nothing;
- a short answer to another person's "where are you moving?" completes the question;
- a speaker's following messages that add details (a time, a number, a name, "that startup…")
  are folded into their last fact, so rapid-fire messages make one memory;
- near-duplicates of an existing memory (word Jaccard ≥ 0.7, or the same slot such as
  "lives in") become updates of that memory; a memory repeated word for word is skipped;
- at most 5 operations per person and 15 in all, the most important first;
- participants who learned a permanent fact about themselves get their profile paragraph
  rewritten (old profile minus what the new facts replace, plus the new facts, < 120 words).
  Hearsay never rewrites a profile, and known members' profiles are not in the prompt.

Summaries are extractive: the facts the same rules find, then the most topical lines
("Bob said "…"."), in conversation order, within the word and sentence limits asked for.
Profiles sort remembered facts into summary, preferences, personality and habits. Chat
replies are short templates spoken to the person: at most two remembered facts that share a
word with their message, turned into the second person ("you work as a nurse").

Token counts are estimates: words * 4 / 3, rounded up (a common rule of thumb for English
with OpenAI's tokenisers). They are only there so cost accounting has numbers to add up.
"""

from memoryhub.ai.offline.engine import MODEL_NAME, OfflineLLM

__all__ = ["MODEL_NAME", "OfflineLLM"]
