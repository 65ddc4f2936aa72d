"""Splitting messages into sentences and clauses, and reading one spelling of chat English."""

from __future__ import annotations

import re

from memoryhub.ai.offline.vocabulary import (
    FAMILY,
    FILLERS,
    INVITING_IF,
    IRREGULAR_PARTICIPLES,
    MONTHS,
    PETS,
    TRAILING_WORDS,
    word_set,
)

_LEADING_FILLERS = re.compile(rf"^(?:(?:{FILLERS})\b[\s,!.]*)+", re.IGNORECASE)


CONTINUATION = re.compile(
    r"^(?:that|the|they|they're|they've|it|it's|which|who|where|at|in|with|for|from|to|and|plus|starting"
    r"|since|because|cause|he|she|his|her|its|their|them|named|called|especially|mostly)\b",
    re.IGNORECASE,
)


# A clause ends at a full stop or a conjunction that starts a new thought ("so" when a subject
# follows: "…so I go every weekend", not "so excited", "so much", "or so").
_CLAUSE_CUT = re.compile(
    # "since January" is a time ("volunteering at the shelter since January"), "since it rained" a reason
    rf"\s*(?:\b(?:because|since(?! (?:{MONTHS}|(?:19|20)\d\d|last (?:year|summer|spring|autumn|winter)|christmas))"
    r"|cause|cuz|coz|but|though|although|while|whereas|unless|lol|lmao|rofl"
    r"|haha\w*|hehe\w*|tbh|honestly|imo|idk|btw|fyi|ngl"
    r"|which|once(?= (?:the|I|we|my|our|it|they|he|she|you)\b))\b"  # "a cafe downtown which is fine": a comment
    # on the place, not the place; "getting a dog once the boys are older": when, not what
    rf"|{INVITING_IF}"
    r"|(?<!\bor\s)\bso\s+(?=(?:i|i'm|i've|i'll|we|we're|you|he|she|they|it|it's|that|this|there|my|our|the|now|no)\b"
    r"|[\w'-]+\s+(?:is|are|was|were)\b)"  # "… so breakfast is on me next time": a new subject and its verb
    r"|[;:!?()]|\.(?:\s|$)|\s[-\u2013\u2014]\s|(?<=\w)[-\u2013\u2014]\s"  # "the view- it calms me"
    # "vegan for 5 years and love it", "… for 3 months and it's hard": a comment on what came before
    r"|\band\s+(?:(?:really|totally|absolutely|honestly)\s+)?(?:love|loving|hate|hating|like|liking|enjoy"
    r"|enjoying|miss|missing)\s+(?:it|them|that|this|every)\b|\band\s+(?=(?:it's|it is|it was|that's|that is)\b)"
    # "a point guard for the club and our first game is on Saturday", "… and we're throwing a
    # party": a new subject and its verb
    r"|\band\s+(?=(?:my|our|his|her|their|the)\s+(?:[\w'-]+\s+){1,3}(?:is|are|was|were|wants|loves|likes|hates"
    r"|plays)\b"
    r"|(?:we|they|I)(?:'re|'m|'ve|'ll| are| am| have| will)\b)).*$",
    re.IGNORECASE | re.DOTALL,
)


_TYPOGRAPHIC_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})

# The full stop of an abbreviation is not the end of a sentence: "I'm a nurse at St. Mary's" is one
# sentence. While the rules read a message, such a stop is this character (a one-dot leader,
# which chat never uses); ``restore`` puts the full stops back in what the engine writes.
ABBREVIATION_DOT = "\u2024"
_ABBREVIATION = re.compile(
    r"\b(?:St|Dr|Mr|Mrs|Ms|Mt|Jr|Sr|Prof|Rev|Gen|Capt|Lt|Sgt|Ave|Rd|Blvd|Inc|Ltd|Co|Corp|Bros|Dept|Univ"
    r"|approx|appt|apt|est|vs|etc|prob|obv|jan|feb|aug|sept?|oct|nov|dec"
    r"|ft|lbs?|oz|min|hrs?|yrs?|mos?|wk|no|vol|ca|cf)\.(?=[ ,;:]|$)"
    r"|\b(?:[A-Za-z]\.){2,}",  # U.S., N.Y., e.g., i.e., a.m.
    re.IGNORECASE,
)
# Longer than this, a clause is not chat but a wall of text: no rule reads it. It also bounds the
# work any pattern can do on one clause, so a message is read in time linear in its length.
MAX_CLAUSE_CHARS = 300
_SENTENCE_END = re.compile(r"[.!?\u2026]+(?=\s|$)|\n+")
_WITHIN = re.compile(
    # "…, so I can travel": a purpose, not a statement of its own.
    r"\s*;\s*|\s*[-\u2013\u2014]+\s+|,\s*(?:(?:and|but)\s+|so\s+(?!I (?:can|could)\b))?(?=(?:I|I'm|I've|I'll|I'd|my)\b)"
    r"|\s+(?:and|but|so(?! I (?:can|could)\b))\s+(?=(?:I|I'm|I've|I'll|I'd|my)\b)"
    # "Bristol, but moving to Cardiff soon": the "I'm" left out after the "but" starts a clause of its own.
    r"|,\s*but\s+(?=[a-z]+ing\b)"
    # "I'm not originally from Leeds, we moved here when I was ten": the move is a clause of its own.
    r"|,\s*(?=we(?:'ve| have)? (?:(?:just|recently|only) )?moved\b)"
    # "I love fantasy novels, Brandon Sanderson is my favourite author": a favourite of its own.
    r"|,\s*(?=(?:[\w'-]+\s+){1,3}(?:is|are)\s+(?:my|our)\s+(?:all[- ]time\s+)?(?:favourite|favorite|fave)\b)",
    re.IGNORECASE,
)


# Common chat misspellings, read as the word meant (whole lowercase words only).
_MISSPELLINGS = {
    "relly": "really", "realy": "really", "rly": "really", "evry": "every", "everyday": "every day",
    "agian": "again", "finaly": "finally", "originaly": "originally", "latley": "lately",
    "maried": "married", "marryed": "married", "engagd": "engaged", "turnd": "turned", "startd": "started",
    "practicng": "practicing", "practiceing": "practicing", "enginer": "engineer", "engeneer": "engineer",
    "sofware": "software", "softare": "software", "developper": "developer", "teh": "the", "fsih": "fish",
    "apartmnet": "apartment", "appartment": "apartment", "roomates": "roommates", "roomate": "roommate",
    "translater": "translator", "reseacher": "researcher", "resercher": "researcher", "nurce": "nurse",
    "becuase": "because", "beacuse": "because", "recieved": "received",
    "definately": "definitely", "tommorow": "tomorrow", "tomorow": "tomorrow", "wierd": "weird",
    "freind": "friend", "freinds": "friends", "neice": "niece",
    "alergic": "allergic", "allergick": "allergic", "vegitarian": "vegetarian",
    "vegeterian": "vegetarian", "moveing": "moving", "liveing": "living", "studing": "studying",
"tryna": "trying to", "tmrw": "tomorrow", "tmr": "tomorrow", "tmw": "tomorrow", "2moro": "tomorrow",
    "nxt": "next", "wknd": "weekend", "wk": "week", "wks": "weeks", "yrs": "years",
}  # fmt: skip
_MISSPELLED = re.compile(r"\b(?:" + "|".join(sorted(_MISSPELLINGS, key=len, reverse=True)) + r")\b")
# Pictographs (emoji) and their modifiers. A run of them ends a thought ("hay fever again 🤧 my eyes
# are gone") unless the sentence goes on with a verb ("film photography 📸 is my whole thing").
# The two that mark sarcasm (🙃 🙄) are kept: the joke guard reads them.
_EMOJI = re.compile(
    r"\s*(?:[\u2600-\u27bf\U0001f000-\U0001f642\U0001f645-\U0001faff\ufe0f\u200d\U0001f3fb-\U0001f3ff]+\s*)+"
)
_GOES_ON = re.compile(r"(?:is|are|was|were|has|have|had|and|or|for|with|of|in|at|on|to)\b", re.IGNORECASE)


def _emoji_gap(match: re.Match[str]) -> str:
    rest = match.string[match.end() :]
    before = match.string[: match.start()].rstrip()
    if not before or not rest or _GOES_ON.match(rest) or before.endswith((".", "!", "?", ",")):
        return " "
    return ". "


_ME_AND_MY = re.compile(
    r"(?P<before>(?:^|[.!?,;]\s+)(?:(?:lol|so|and|but|yeah|well|ok|omg)[, ]+)?)"
    r"me (?:and|&) my (?P<who>[\w\u00e9'-]{1,20})\b",
    re.IGNORECASE,
)
# "my cats name is luna", "my moms birthday": the apostrophe chat leaves out of a relative's or a pet's.
# (The shape first, the word then: one alternation of every relative and pet tried at every "my" of a
# long message cost milliseconds.)
_WHOSE = re.compile(r"\b(?P<my>my|our) (?P<who>[a-z-]{2,20}(?: [a-z]{2,12})?)s (?P<what>name|birthday|bday)\b", re.I)
_KIN_OR_PET = re.compile(rf"(?:{FAMILY}|{PETS})", re.IGNORECASE)


def _whose(match: re.Match[str]) -> str:
    if not _KIN_OR_PET.fullmatch(match["who"]):
        return match[0]
    return f"{match['my']} {match['who']}'s {match['what']}"


# Asked outright to remember: "please remember that my sister's name is Maya", "can you note that I hate
# mornings?": the request's words before the statement it carries (not "remember when we …").
ASKED_TO_REMEMBER = re.compile(
    r"^\W*(?:(?:hey|ok|okay|so|oh)[, ]+)?(?:(?:please|pls|plz|can you|could you|would you)\s+)*"
    r"(?:remember|note|keep in mind|make a note)(?: (?:please|pls))?(?! when\b| how\b| the time\b)"
    r"(?: that| this)?[:,]?\s+(?=\S)",
    re.IGNORECASE,
)


# "our daughter turns 3 next month", "second, our dog …": a household's child or pet, told of as the
# statement's subject, is the speaker's (elsewhere "our" is left to the rules: "took our parrot Mango").
_OUR = re.compile(
    r"(?P<before>(?:^|[.!?,;]\s+|\b(?:and|but|so|btw|also)\s+))our (?P<who>[a-z-]{2,20})\b", re.IGNORECASE
)


def _ours(match: re.Match[str]) -> str:
    who = match["who"].lower()
    if _KIN_OR_PET.fullmatch(who) or _KIN_OR_PET.fullmatch(who[:-1]):
        return f"{match['before']}my {match['who']}"
    return match[0]


# "has anyone seen a grey cat around Elm St? ours got out last night": the pet asked after is theirs.
_OURS_LOST = re.compile(
    r"\b(?:ours|mine)(?= (?:just )?(?:got out|ran away|went missing|has gone missing|is missing|escaped)\b)", re.I
)
_A_PET = re.compile(rf"\b(?P<species>{PETS})\b", re.IGNORECASE)


def _ours_lost(text: str) -> str:
    lost = _OURS_LOST.search(text)
    pet = _A_PET.search(text, 0, lost.start()) if lost else None
    if lost is None or pet is None:
        return text
    return f"{text[: lost.start()]}my {pet['species'].lower()}{text[lost.end() :]}"


# A parent or grandparent called by the word alone, starting the statement: "mum's in hospital again".
_BARE_PARENT = re.compile(
    r"(?:^|(?<=[.!?]\s))(?:mum|mom|mam|dad|nan|nana|gran|granny|grandma|grandad|grandpa)"
    r"(?=(?:'s| is| was| has| had| got| just)\b)",
    re.IGNORECASE,
)


_MADE_TO_GO = re.compile(
    r"\b(?:I|(?P<we>we))(?: have| have got|'ve got| need| must) to go to\b"
    r"|\b(?:work|my (?:boss|company|job|manager|employer|work))(?: is|'s) (?:making|forcing|dragging) (?:me|us)"
    r"(?: all)? (?:to )?go to\b"
    r"|\b(?:work|my (?:boss|company|job|manager|employer|work))(?: is|'s) sending me to\b",
    re.IGNORECASE,
)


# "my wife and I …", "Kat and I are going to Paris": one subject, not two clauses (a name, at the
# sentence's start).
_PARTNER_AND_I = re.compile(
    r"\bmy (?:(?:best|oldest|older|younger|little|big|twin|other) )?[\w\u00e9'-]{1,20}$"  # "my best friend and I"
    r"|^(?-i:[A-Z])[\w\u00e9'-]{1,20}$",
    re.IGNORECASE,
)


def partner_and_i(text: str, cut: re.Match[str]) -> bool:
    """Whether the "and" of ``cut`` joins "my wife" or "Kat" to the "I" after it: one subject."""
    return bool(_PARTNER_AND_I.search(text, max(0, cut.start() - 30), cut.start()) and re.search(r"and|&", cut[0]))


# A wedding anniversary by its name, "anniversary" left unsaid: "our ruby wedding" (not "our silver
# wedding rings").
_NAMED_ANNIVERSARY = re.compile(
    r"\b(?P<named>(?:silver|pearl|coral|ruby|sapphire|golden|gold|emerald|diamond|platinum) wedding)\b"
    r"(?! (?:anniversary|rings?|dress|cake|present|gift)\b)",
    re.IGNORECASE,
)


def normalise(text: str) -> str:
    """Straight apostrophes, the chat spellings of "I'm", "don't"…, common misspellings, emoji read
    as a pause, and abbreviations' full stops set apart, so the rules read one spelling."""
    text = text.translate(_TYPOGRAPHIC_QUOTES).replace(ABBREVIATION_DOT, ".")
    text = _MISSPELLED.sub(lambda match: _MISSPELLINGS[match[0]], text)
    # "moved ot Leeds", "moving 2 berlin": "to"
    text = re.sub(r"\b(mov(?:ed|ing|e)|going|went|flying|flew|head(?:ed|ing)) (?:ot|2)\b(?! (?:of|\d))", r"\1 to", text)
    text = _NAMED_ANNIVERSARY.sub(r"\g<named> anniversary", text)  # "our ruby wedding": "… wedding anniversary"
    text = re.sub(r"\bhand, foot,? and mouth\b", "hand foot and mouth", text, flags=re.IGNORECASE)  # one illness
    text = re.sub(r"\bmy baby (girl|boy)\b", lambda baby: "my daughter" if baby[1] == "girl" else "my son", text)
    text = re.sub(r"\b(expecting (?:our|my) (?:first|second|third))\b(?! (?:baby|child|kid))", r"\1 baby", text)
    text = _BARE_PARENT.sub(lambda bare: f"my {bare[0].lower()}", text)  # "mum's in hospital again"
    text = re.sub(  # "… someone"; not "started seeing a counsellor" (``rules/treatment.py``)
        r"\bI(?:'ve| have)? (?:just |recently )?started (seeing|dating)\b"
        r"(?! (?:a|my) (?:[\w-]+ )?(?:counsellor|counselor|therapist|psychologist|psychiatrist)\b)",
        r"I'm \1",
        text,
    )
    # Made to go is going: "I have to go to a conference in Berlin", "my boss is making us all go to a
    # retreat in Wales next month", "work is sending me to Singapore in March".
    text = _MADE_TO_GO.sub(lambda made: "we're going to" if made["we"] else "I'm going to", text)
    # "I'm OOO friday", "I'll be ooo tomorrow"; "ooo that's nice" is no absence
    text = re.sub(r"\bOOO\b", "out of office", text)
    text = re.sub(r"\b(I'm|I am|I'll be|I will be) ooo\b", r"\1 out of office", text, flags=re.IGNORECASE)
    text = _ME_AND_MY.sub(r"\g<before>my \g<who> and I", text)  # "me and my sister went…": "my sister and I went…"
    text = _WHOSE.sub(_whose, text)
    text = _OUR.sub(_ours, text)
    text = _ours_lost(text)
    text = _EMOJI.sub(_emoji_gap, text).strip()
    text = ASKED_TO_REMEMBER.sub("", text, count=1)  # "please remember that …": what to remember, as a statement
    for pattern, replacement in (
        (r"\bim\b", "I'm"),
        (r"\bive\b", "I've"),
        (r"\bdont\b", "don't"),
        (r"\bdoesnt\b", "doesn't"),
        (r"\bcant\b", "can't"),
        (r"\bi\b", "I"),
        (r"\bteh\b", "the"),
        (r"\bu\b(?= (?:know|guys|all)\b)", "you"),
        # "kids r off school", "my parents r visiting": chat's "r" before what is said of them
        (
            r"(?<=[a-z] )(?-i:r)(?= (?:[a-z]+ing|off|on|in|at|so|really|back|home|away|here|there|all|both|not)\b)",
            "are",
        ),
        (r"\b(I|we) (?:also|actually) (?=[a-z])", r"\1 "),  # "I also play the accordion": said as without "also"
        # "I've just been promoted", "I've been accepted into Leeds": as "I got promoted", "I got accepted …"
        (r"\b(I|we)(?:'ve| have) (just |finally |recently )?been (promoted|accepted)\b", r"\1 \2got \3"),
        # "I've just had a baby", "we've finally bought a house": what is just done, said as "I just had …"
        (
            r"\b(I|we)(?:'ve| have) (just|finally|recently) (?!been\b)"
            rf"(?=(?:[a-z]+ed|{IRREGULAR_PARTICIPLES})\b)",
            r"\1 \2 ",
        ),
        # "I'm finally learning to drive", "I'm currently learning Japanese": said as without the adverb
        (r"\b(I'm|I am|we're) (?:also|actually|finally|slowly|gradually|currently|now) (?=[a-z]+ing\b)", r"\1 "),
        # "I'm teaching myself to code", "I taught myself the ukulele": learning
        (r"\bteaching (?:myself|ourselves) (?:how )?(?=to |the |[a-z]+$)", "learning "),
        (r"\btaught (?:myself|ourselves) (?:how )?(?=to |the |[a-z]+$)", "learned "),
        (r"\bbf\b", "boyfriend"),
        (r"\bgf\b", "girlfriend"),
        (r"\s+rn\b(?=\s*(?:[,.!?]|$))", ""),  # "obsessed with bouldering rn": right now, as every message is
        # "my mum's 70th is on March 3rd": a birthday, not "is 70th"
        (
            r"(?<='s )(\d{1,3}(?:st|nd|rd|th))"
            r"(?=\s+(?:is|was|on|party|next|this|tomorrow|today|tonight)\b|\s*(?:[,.!?]|$))",
            r"\1 birthday",
        ),
    ):
        text = re.sub(pattern, replacement, text, flags=re.IGNORECASE)
    text = _ABBREVIATION.sub(lambda match: match[0].replace(".", ABBREVIATION_DOT), text)
    return " ".join(text.split())


def restore(text: str) -> str:
    """What the engine writes, with the abbreviations' full stops back."""
    return text.replace(ABBREVIATION_DOT, ".")


def sentences(text: str) -> list[str]:
    """The sentences of a message: they end at ``.``, ``!``, ``?`` or ``…`` before a space (not at
    an abbreviation's full stop), or at a line break."""
    parts, start = [], 0
    for end in _SENTENCE_END.finditer(text):
        parts.append(text[start : end.end()])
        start = end.end()
    parts.append(text[start:])
    return [part.strip() for part in parts if part.strip()]


_YES_OR_NO_ALONE = re.compile(r"\W*(?:yes+|yeah|yep|yup|ya|no+|nope|nah|ok|okay|sure)\W*", re.IGNORECASE)


def clauses(text: str) -> list[str]:
    """Sentences, further split where a new first-person statement starts ("…, and I live in…"),
    at semicolons and at dashes; walls of text (longer than MAX_CLAUSE_CHARS) are left out."""
    found = []
    for sentence in sentences(text):
        start, quotes, counted = 0, 0, 0
        parts = []
        for cut in _WITHIN.finditer(sentence):
            quotes, counted = quotes + sentence.count('"', counted, cut.start()), cut.start()
            if partner_and_i(sentence, cut):
                continue  # "my wife and I just hit 5 years": one subject, not two clauses
            if quotes % 2:
                continue  # inside a quotation: "my husband this, my husband that" is one quote
            if _YES_OR_NO_ALONE.fullmatch(sentence[start : cut.start()]):
                continue  # "yeah but I turned it down": the yes goes with what qualifies it
            parts.append(sentence[start : cut.start()])
            start = cut.end()
        parts.append(sentence[start:])
        for part in parts:
            part = part.strip()
            if part and len(part) <= MAX_CLAUSE_CHARS:
                found.append(part)
    return found


def strip_fillers(text: str) -> str:
    """The clause without chat fillers before ("yeah so…") or after ("…lol", "…tbh")."""
    return strip_trailing(_LEADING_FILLERS.sub("", text.strip()))


def strip_trailing(text: str) -> str:
    """``text`` without the fillers at its end ("I'm 26 actually", "so tired lol!"), word by word:
    no pattern is tried at every position of a long message."""
    words = text.split()
    while words:
        last = words[-1].strip(",.!").lower()
        if last in TRAILING_WORDS or last.startswith(("haha", "lmao", "lool", "lolol")) or not last:
            words.pop()
        else:
            break
    return " ".join(words).rstrip(" ,")


# After a comma, a question or an aside is no longer the phrase: "hiking, any good trails near Austin?".
_TAIL = re.compile(
    r",\s*(?:any|anyone|anybody|who|what|where|when|how|why|does|do|did|is|are|can|could|would|should"
    r"|wanna|u|you|right|yeah|lol|haha|which|so|(?:he|she|it|they|that)(?:'s|'re| is| are| was)"
    r"|tastes|smells|looks|sounds|feels|roll on"
    r"|(?:and |but )?(?:this|that|these|those|the|my|our) (?:[\w'-]+ ){0,2}?(?:is|are|was|were|has|have))\b.*$",
    re.IGNORECASE,
)


_DANGLING = word_set("and or & but then so plus a an the my our their his her")  # never a phrase's last word
# What opens a phrase of its own, dropped whole when the words ran out in it.
_OPENERS = word_set("in on at to of for with from about by into during after before like than")
# A phrase's last word only where it was cut short: "… enhance their strategic thinking in" (… in chess).
_CUT_SHORT = word_set(
    "in on at to of for with from about by into during after before as like than who that those these this which"
    " called named"
    " I'll you'll he'll she'll we'll they'll it'll I'm you're we're they're I've you've we've they've"
)


def phrase_cut(text: str, *, max_words: int = 10, commas: bool = False) -> str:
    """The phrase at the start of ``text``: up to the end of its clause, at most ``max_words``
    (with ``commas``, a list goes on past a comma, but not into a question or an aside)."""
    if (since := re.match(r"\s*since\s+", text, re.IGNORECASE)) and max_words > 1:
        rest = phrase_cut(text[since.end() :], max_words=max_words - 1, commas=commas)  # "since 2015": a when
        return f"since {rest}" if rest else ""
    text = _CLAUSE_CUT.sub("", text)
    text = _TAIL.sub("", text) if commas else re.split(r"(?<!\d),|,(?!\d)", text)[0]  # not "£2,000"
    cut = len(text.split()) > max_words
    said, words = text.split(), text.split()[:max_words]
    while words and (last := words[-1].lower().strip(",")) and (last in _DANGLING or (cut and last in _CUT_SHORT)):
        if last == "plus" and len(words) > 1 and re.fullmatch(r"\d+|eleven|over-\d+s", words[-2].lower()):
            break  # "passed his 11 plus": the exam's name, not a joint
        words.pop()  # "for 5 years and" of "for 5 years and love it": the words ran out after a joint
    # "their sleep in the long" of "… in the long run": the phrase after "in" cut short, dropped whole
    # ("… in Berlin" of "… in Berlin called Kontor" ended where the next one opens)
    ran_out = cut and len(words) == max_words and said[max_words].lower() not in _CUT_SHORT | _DANGLING
    if ran_out and (opened := [i for i in range(max(2, len(words) - 3), len(words)) if words[i].lower() in _OPENERS]):
        del words[opened[-1] :]
    return " ".join(words).strip(" ,.'\"")
