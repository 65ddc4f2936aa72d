"""Text as it is stored: no control characters, no direction overrides.

Messages and memories end up in prompts, pages and exports. A right-to-left override or an
invisible control character could make a memory read differently from what it says (a spoofed
name, a reversed word), so they are removed on the way in; line breaks and tabs stay.
"""

from __future__ import annotations

import re

# C0 and C1 controls but tab and line feed; the bidirectional embeddings, overrides and isolates;
# the left-to-right and right-to-left marks.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def text_clean(text: str) -> str:
    return _CONTROLS.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))
