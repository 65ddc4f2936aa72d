"""What keeps a clause from being a fact: questions, hypotheticals, negations, quoted or reported
speech, a first person inside a relative clause ("something I love is…"), and languages the
rules do not read. Precision first: a clause in doubt gives nothing."""

from __future__ import annotations

import re
import unicodedata

from memoryhub.ai.offline.splitting import strip_fillers
from memoryhub.ai.offline.vocabulary import OPENER_WORDS, PAST_TIME, TIME, word_set

_QUESTION_START = re.compile(
    r"^(?:do|does|did|is|are|am|was|were|can|could|would|should|will|what|where|when|why|how|who|which"
    r"|anyone|anybody|have|has|ever|any|u|you|wanna|want|isn't|aren't|don't|didn't|doesn't|whats|wheres)\b",
    re.IGNORECASE,
)
_RHETORICAL = re.compile(r"^(?:did (?:you|u|y'all) (?:know|hear)|guess what|fun fact)\b", re.IGNORECASE)
# Before a fact, these make it a wish or a maybe: "if I lived in Paris…", "I'd love to move to…".
_HYPOTHETICAL = re.compile(
    r"\b(?:if|unless|suppose|supposing|imagine|imagining|pretend|wish|wished|hypothetically|someday"
    r"|one day|I'd|I would|would|could|might|maybe|perhaps|dream of|dreaming of|fantasi[sz]e|when I grow up)\b",
    re.IGNORECASE,
)
_GENERAL = re.compile(
    r"\b(?:it's|it is|that's|that is)\s+(?:\w+\s+)?(?:normal|natural|ok|okay|fine|understandable|common|human"
    r"|easy|hard|tough)\s+to\s+(?:be|feel|get)\b",
    re.IGNORECASE,
)
# A negation anywhere before or in the fact: "I don't have any siblings", "I'm not a nurse",
# "I never lived in Paris". The rules that read a negation themselves (dislikes, diets) say so.
_NEGATION = re.compile(
    r"\b(?:not|never|no longer|no|nope|nah|n't|don't|doesn't|didn't|isn't|aren't|wasn't|weren't|won't|can't"
    r"|cannot|haven't|hasn't|hadn't|ain't|neither|nor|without)\b|n't\b",
    re.IGNORECASE,
)
# Before a fact, someone else's words: "my boss keeps saying I'm moving to Berlin", "she told me…".
_REPORTED_SPEECH = re.compile(
    r"\b(?:says|said|saying|tells|told|telling|claims?|claimed|thinks|joke|jokes|joked|quote|quoting"
    r"|texted|wrote|goes like|pretend|pretending|as if|like,|announced|yelling|yells|asked|asks)\b",
    re.IGNORECASE,
)
# The speaker quoting themselves: "told my boss "I'm moving to Vienna"", "I told them I'm a nurse".
_OWN_WORDS = re.compile(
    r"^(?:(?:so|and|then|finally|just|literally|I) )*(?:told|tell|texted|said to|announced to)"
    r" (?:my |the |our |a )?[\w'-]{1,30}(?: [\w'-]{1,30})?(?: that)?(?: ?\")?$",
    re.IGNORECASE,
)
_JOKE = re.compile(r"\b(?:jk|j/k|just kidding|kidding|/s|sarcasm|sarcastic)\b|/s$|\U0001f643|\U0001f644", re.IGNORECASE)


def is_question(clause: str) -> bool:
    """ "do you have pets?", "where do you work?": a question asks, it does not tell."""
    text = strip_fillers(clause).rstrip(" !.")
    if _RHETORICAL.match(clause.strip()):
        return False  # "did you know Kofi is only 19?": news, asked for effect
    return text.endswith("?") and bool(_QUESTION_START.match(text))


def is_hypothetical(before: str) -> bool:
    """Whether the words ``before`` a fact make it a wish or a maybe."""
    return bool(_HYPOTHETICAL.search(before))


def is_general(before: str) -> bool:
    """Whether the words ``before`` a fact make it true of anyone: "it's natural to feel a bit lost
    in the first weeks of a new job" says nothing of its speaker."""
    return bool(_GENERAL.search(before))


# Amazement or eagerness in a negation's words: "can't believe my daughter starts school tomorrow".
_NO_NEGATION = re.compile(r"\b(?:can't|cannot|can not|couldn't) (?:believe|wait)\b", re.IGNORECASE)


def is_negated(span: str) -> bool:
    """Whether a negation comes before or inside a fact (``span``: the clause up to its end)."""
    return bool(_NEGATION.search(_NO_NEGATION.sub("", span)))


def is_someone_elses_words(before: str) -> bool:
    """Whether the words ``before`` a fact make it a quotation or reported speech: inside a quote
    that is still open, or after "says", "told me"… A quotation closed before the fact does not
    count ("the cashier asked "are you even 18?" and reader, I am 31"), nor the speaker quoting
    themselves ("told my boss "I'm moving to Vienna"")."""
    if _OWN_WORDS.match(before.strip()):
        return False
    if before.count('"') % 2:
        return True  # inside an open quotation
    closed = before.rfind('"')
    return bool(_REPORTED_SPEECH.search(before[closed + 1 :] if closed >= 0 else before))


def is_joke(clause: str) -> bool:
    return bool(_JOKE.search(clause))


# When a statement may begin with before its "I": "yesterday", "last Fri", "this morning", "next week".
_LEAD_TIME = re.compile(
    rf"(?:(?:just|only|so|and|but) )?(?:{PAST_TIME.pattern}|{TIME.pattern}|last (?:mon|tues?|wed|thu|thurs|fri|sat|sun)"
    r"|this (?:morning|afternoon|evening)|earlier(?: today)?|the other day)",
    re.IGNORECASE,
)


def starts_a_statement(clause: str, position: int) -> bool:
    """Whether the words at ``position`` of ``clause`` begin the speaker's own statement: at its
    start, after a comma, or after an opener ("so", "btw", "honestly"); not inside a relative
    clause ("doing something I love is awesome") or after a verb ("she thinks I'm moving")."""
    before = clause[:position].rstrip()
    if not before or before.endswith((",", ":", "!", ".", "(", '"')):
        return True
    if _LEAD_TIME.fullmatch(strip_fillers(before)):
        return True  # "Last Sat I finally took my nephew to a cooking workshop", "yesterday I adopted a cat"
    if re.fullmatch(r"(?:(?:I|still|honestly|omg|wow)\s+)*(?:can't|cannot|can not) believe(?: that)?", before, re.I):
        return True  # "can't believe I'm moving to Leeds next week": their news, amazed
    if re.fullmatch(r"(?:(?:so|and|well|but|it|apparently)\s+)*turn(?:s|ed) out(?: that)?", before, re.I):
        return True  # "turns out my great grandad was a miner": news they found out
    if _OWN_WORDS.match(before):
        return True  # "so I finally told my boss I'm pregnant": their own news, told on
    previous = before.split()[-1].lower().strip(",.!:")
    if previous == "that" and before.lower().endswith("now that"):  # "… was worth it now that I'm a manager"
        return not re.search(r"\b(?:said|says|told|tells|thinks|thought|knows?|knew)\s+now that$", before, re.I)
    return previous in OPENER_WORDS


def is_english(text: str) -> bool:
    """Written in the Latin alphabet with English words in it. Other languages give no memories (an
    LLM endpoint handles them); a line of emoji or a name alone passes."""
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return True
    latin = sum(1 for c in letters if c.isascii() or "LATIN" in unicodedata.name(c, ""))
    if latin / len(letters) < 0.9:
        return False
    said = re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", text)
    words = [w.lower() for w in said]
    if len(words) < 4:
        return True
    english = sum(1 for w in words if w in _ENGLISH)
    # A capital inside a sentence begins a name, not a function word: "my daughter Mia turns 5" is English.
    foreign = sum(1 for i, w in enumerate(said) if w.lower() in _FOREIGN and (i == 0 or not w[0].isupper()))
    return english > foreign or foreign == 0 or (english == foreign and english >= 2)


_ENGLISH = word_set(
    """i i'm my me the a an and is are was to of in on at for with it that this you your we our have
    has just so but not be do don't like love work live from moving going got am im i've i'll"""
)
# Function words of the other languages written in the Latin alphabet that chat brings most.
_FOREIGN = word_set(
    """el la los las un una y es soy estoy mi mis en de del que con por para pero muy tengo vivo
    trabajo le les une et est je suis mon ma mes dans avec pour mais très j'ai habite travaille der
    die das ein eine und ist ich bin mein meine mit für aber sehr habe wohne arbeite nicht il lo gli
    sono ho mio mia che con per sono vivo lavoro eu sou meu minha não com uma muito"""
)


# Chat drops the "I": "moving to Austin next month!!", "turned 34 last week", "born in '97".
_IMPLIED_I_AM = word_set(
    """moving relocating living working studying going heading flying visiting learning training dating trying
    allergic vegan vegetarian pescatarian married engaged pregnant based originally currently turning
    starting retired unemployed doing divorced separated widowed single between spending camping
    signing so super really kinda lowkey totally severely mildly deathly nervous anxious training
    excited stressed scared terrified worried proud thrilled dreading obsessed fluent lactose
    self-employed freelancing also still now halfway recovering planning thinking considering hoping saving
    taking back joining knitting crocheting sewing writing making building restoring off"""
)
# "still", "also" or "now" before a verb that says its own tense: the subject left out is not "I'm".
_ADVERB_THEN_VERB = re.compile(
    r"(?:still|also|now|so|really|kinda|lowkey|totally) (?:doesn't|don't|didn't|isn't|wasn't|can't|won't|hasn't"
    r"|haven't|does|did|can|will|feels?|seems?|looks?)\b",
    re.IGNORECASE,
)
# An -ing word followed by its verb is the clause's subject, not "I'm …" left out.
_GERUND_SUBJECT = re.compile(
    r"\w+ing(?: (?!who\b|that\b|which\b|and\b|but\b)\w+){0,3} (?:is|was|has|had|starts|started|ends|begins"
    r"|sucks|takes|gets|got|makes|seems|feels|looks|costs|kills|helps|will|won't|can|can't|should|would|might)\b",
    re.IGNORECASE,
)
# A state's word followed by its verb is a subject too: "vegan food is overrated", "vegetarian lasted
# 10 days", "married life suits me" (not "I'm vegan", "I'm married").
_STATE_SUBJECT = re.compile(
    r"(?:vegan|vegetarian|veggie|pescatarian|married|single|retired|divorced|pregnant|sober)"
    r"(?: (?!who\b|that\b|which\b|and\b|but\b)\w+){0,2} (?:is|was|has|had|lasted|didn't|doesn't|won't|isn't"
    r"|wasn't|suits|suited|sucks|sucked|gets|got|seems|feels|looks|costs|will|can|can't)\b",
    re.IGNORECASE,
)
_IMPLIED_I = word_set(
    """moved turned started got grew born live work study play have love like hate adopted bought broke ran
    twisted messed speak finished graduated quit lost joined went go just finally recently own drive teach run
    support tore sprained injured picked signed practice practise practiced practicing keep dropped
    climbed research sing coach bake cook volunteer spoke left never haven't swim hike knit teach can't
    visited attended took spent binged ended landed arrived booked passed released launched raised came placed
    deleted exchanged saw had"""
)


# What a clause begins by wanting, planning, being about to do or once doing: "I really want to",
# "I'm gonna", "I used to". A verb after "and" or a comma goes on under it: "I want to learn piano
# and play guitar" wants the guitar too, it does not say they play it.
_MODAL_LEAD = re.compile(
    r"^(?P<lead>I'll|(?:I|I'm|I am|I've|I have)\s+(?:(?:really|also|just|still|kinda|finally|always|been"
    r"|seriously|totally|definitely|probably|actually)\s+)*(?:(?:want|wanted|hope|hoping|plan|planning|need"
    r"|have|got|used|going|trying|meaning|about|supposed|decided|intend|intending|aim|aiming)\s+to"
    r"|gonna|wanna|gotta|will|should|must))\s",
    re.IGNORECASE,
)
# The verbs such a part begins with. Not "love", "like" or "hate": after "and" or "but" they begin a
# statement of the speaker's own more often ("I want to quit but love my team").
_GOES_ON = word_set(
    """live work study play have speak drive teach run support practice practise keep climb research
    sing coach bake cook volunteer swim hike knit move travel visit learn adopt sell buy retire open
    start try get go see take make find build write read eat quit become save spend finish begin meet
    stay change leave return apply join launch switch stop focus use train lose raise grow settle
    rent own marry"""
)


def modal_lead(part: str) -> str | None:
    """The "I want to" a part begins with ("I want to learn piano" → "I want to"), or None."""
    found = _MODAL_LEAD.match(part)
    return found["lead"] if found else None


def begins_with_verb(part: str) -> bool:
    """Whether the part begins with one of the verbs a lead's wish or plan goes on with."""
    words = part.split(maxsplit=1)
    return bool(words) and words[0].lower() in _GOES_ON


def under_lead(lead: str, part: str) -> str | None:
    """A part that drops its subject, read under the clause's lead: "I'm gonna" + "move to Berlin" →
    "I'm gonna move to Berlin"; None when the part does not begin with a verb that goes on."""
    return f"{lead} {part}" if begins_with_verb(part) else None


def under_be(lead: str, part: str) -> str | None:
    """ "I'm 19" + "in college" → "I'm in college": where the clause's "I'm" goes on to say where one
    is; None for any other part, or a clause that did not begin with "I'm"."""
    if re.match(r"(?:I'm|I am)\b", lead, re.IGNORECASE) and re.match(r"(?:in|at) \w", part, re.IGNORECASE):
        return f"I'm {part}"
    return None


def with_implied_subject(clause: str) -> str | None:
    """The clause with the "I" chat leaves out put back ("I'm moving to Austin…", "I turned 34…"),
    or None when it has a subject of its own."""
    words = clause.split()
    if not words:
        return None
    first = words[0].lower().strip(",.!")
    if re.match(
        r"not (?:an? )?(?:(?:big|huge|massive) )?(?:fan of|into|big on|a (?:big |huge )?fan of)\b"
        r"|not (?:vegan|vegetarian|veggie|pescatarian|keto|sober|single|a student|a smoker) (?:anymore|any more)\b",
        clause,
        re.I,
    ):
        return "I'm " + clause  # "not a fan of crowds", "not vegan anymore lol"
    clause = clause[:1].lower() + clause[1:]  # "Planning a trip…": a verb, never a name
    if (joined := re.match(r"(?:but|and|so|though|although) (?=\w+ing\b)", clause, re.I)) and len(words) > 2:
        clause, first = clause[joined.end() :], words[1].lower().strip(",.!")  # "… but moving to Cardiff soon"
    if _GERUND_SUBJECT.match(clause) or _STATE_SUBJECT.match(clause):
        return None  # "training starts Monday", "moving day is Saturday": the -ing word is the subject
    if _ADVERB_THEN_VERB.match(clause):
        return None  # "still doesn't feel real": a verb of its own follows, no "I'm" was left out
    if first in _IMPLIED_I_AM:
        return "I'm " + clause
    if first == "born":
        return "I was " + clause
    if first == "been":
        return "I've " + clause
    if first == "feeling":
        return "I'm " + clause
    if first in _IMPLIED_I:
        return "I " + clause
    return None
