"""Hand-written SQL as it is sent.

psycopg parses a statement's text for its placeholders once per process and caches the result,
but only for texts up to 4 kB (``psycopg._queries.MAX_CACHED_STATEMENT_LENGTH``): a longer one is
parsed again on every execution. ``compact`` drops the comments and indentation written for
people, so a long statement on the request path (the ranking) stays under that size.
"""

from __future__ import annotations

import re

_COMMENT = re.compile(r"--[^\n]*")  # our statements hold no "--" inside a string literal
_BREAK = re.compile(r"[ \t]*\n\s*")  # a line break with the spaces around it


def compact(statement: str) -> str:
    return _BREAK.sub("\n", _COMMENT.sub("", statement)).strip()
