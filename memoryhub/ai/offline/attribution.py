"""Walking a conversation: who each clause is about (the speaker, a known member, the answer to
someone's question), and a speaker's follow-up details joined to their last fact. The rule table is
tried on a clause in ``matching``; ``mentions`` reads who a clause names, ``questions`` what was
asked of the room."""

from __future__ import annotations

import re
from types import MappingProxyType

from memoryhub.ai.contract import (
    BOT_HANDLE,
    REDACTED,
    ConversationLine,
    EntityType,
    MemoryKind,
)
from memoryhub.ai.offline import corrections, having, matching, mentions, questions
from memoryhub.ai.offline.facts import Fact, Said, Scene, expiration_for, member_named, revised
from memoryhub.ai.offline.guards import (
    begins_with_verb,
    is_english,
    is_general,
    is_hypothetical,
    is_joke,
    is_question,
    is_someone_elses_words,
    modal_lead,
    under_be,
    under_lead,
    with_implied_subject,
)
from memoryhub.ai.offline.rules import ANSWER, QUESTIONS, TYPED_ANSWERS
from memoryhub.ai.offline.rules.answers import (
    FAVOURITE_ASKED,
    HAS_FAVOURITE_ASKED,
    favourite_answer,
    newborn_name_asked,
)
from memoryhub.ai.offline.rules.fragments import fragment_fact
from memoryhub.ai.offline.rules.opinions import HOT_TAKE
from memoryhub.ai.offline.rules.pets import pet_name_given, pet_named, pet_waiting
from memoryhub.ai.offline.splitting import (
    CONTINUATION,
    MAX_CLAUSE_CHARS,
    clauses,
    normalise,
    sentences,
    strip_fillers,
    strip_trailing,
)
from memoryhub.ai.offline.text import content_words
from memoryhub.ai.offline.vocabulary import NON_ANSWERS, PAST_TIME, TIME

# A message of more clauses than this is a wall of text: the rest of it is not read, which also
# bounds the time one message takes.
MAX_CLAUSES = 40


# A relative and "and" just before a clause: the clause goes on with the pair ("my sister and her husband",
# "my brother Theo and his wife").
_COUPLE_BEGUN = re.compile(r"\bmy [\w-]+(?: (?-i:[A-Z])[\w'-]+)? (?:and|&)\s*$", re.IGNORECASE)


class Reader:
    """Walks a conversation and collects the facts the rules find, with consolidation. The rules'
    builders never see it: each clause is handed to them with a ``Scene`` of the window taken when
    it is read, and what they return is kept here (``matching.build``)."""

    def __init__(self, members: dict[str, str]) -> None:
        self.members = members
        self.facts: list[Fact] = []
        self.last_place = ""
        self._open: dict[str, Fact] = {}  # per speaker: the fact their next details belong to
        self._last_line: dict[str, int] = {}
        self._question: tuple[int, str, str] | None = None  # (line index, asker, text)
        self._prompt: tuple[int, str] | None = None  # "introduce yourselves", "how old…": (line index, asker)
        self._mentioned: dict[int, str] = {}  # line index → the member last named in it
        self._relative: tuple[int, tuple[str, str]] | None = None  # (line index, relation) last named by its speaker
        self.line_text = ""  # the message being read, normalised
        self._own_question: dict[str, tuple[int, str]] = {}  # "fav movie of all time?" asked by themselves
        self._favourite_asked: tuple[int, str] | None = None  # (line index, thing) of the last "your favourite…?"
        self._run: dict[str, tuple[list[int], list[str]]] = {}  # per speaker: their last short messages
        self._said: dict[int, tuple[str, str]] = {}  # line index → (speaker, message) read so far
        names: dict[str, str | None] = {}
        for handle, name in members.items():
            for key in {name.lower(), name.split()[0].lower() if name.split() else "", handle.lower()}:
                if key:
                    names[key] = handle if names.get(key, handle) == handle else None  # None: ambiguous
        self._names = MappingProxyType(names)

    def _mention(self, index: int, speaker: str, clause: str) -> None:
        pronoun = re.search(r"\b(?:she|he)\b", clause, re.IGNORECASE)
        for named in re.finditer(r"[A-Z][\w'-]{1,39}", clause[: pronoun.start()] if pronoun else clause):
            if mentions.VOCATIVE_AFTER.match(clause, named.end()) and mentions.VOCATIVE_BEFORE.search(
                clause[: named.start()][-40:]
            ):
                continue  # "Thanks, Priya! his name is Kyle": who is spoken to is "you", not "he"
            handle = self.member(re.sub(r"'s?$", "", named[0]))
            if handle is not None and handle != speaker:
                self._mentioned[index] = handle

    def _time_of_what_follows(self, clause: str) -> bool:
        """ "Last Sunday," before "I ran my first 10K": only a time gone, its sentence going on after a comma."""
        body = strip_fillers(clause).strip(" ,.!")
        time = PAST_TIME.match(body)
        if time is None or time.end() != len(body):
            return False
        at = self.line_text.find(body)
        return at >= 0 and self.line_text[at + len(body) :].lstrip().startswith(",")

    def _spoken_to(self, clause: str) -> bool:
        """ "that's awesome, Nora": the clause ends on a member's name, spoken to."""
        name = re.search(r"(?:^|,)\s*(?P<name>[A-Z][\w'-]{1,39})\W*$", clause)
        return name is not None and self.member(name["name"]) is not None

    def member(self, mention: str) -> str | None:
        return member_named(self._names, mention)

    def _scene(self) -> Scene:
        """The window as a builder may read it now: later messages and facts do not enter it. Its facts
        are the reader's own, not copies, so that a builder can name the one it revises."""
        return Scene(self.line_text, self.question_text, self.last_place, self._names, tuple(self.facts))

    def read(self, lines: list[ConversationLine]) -> list[Fact]:
        for index, line in enumerate(lines):
            self._line(index, line)
        return self.facts

    def _line(self, index: int, line: ConversationLine) -> None:
        previous = self._last_line.get(line.handle)
        if previous is None or index - previous - 1 > matching.MAX_DETAIL_GAP:
            self._open.pop(line.handle, None)
        if line.content != REDACTED and is_english(line.content):  # the rules read English only
            text = normalise(line.content)
            self.line_text = text
            known = len(self.facts)
            for clause in clauses(text)[:MAX_CLAUSES] if line.handle != BOT_HANDLE else []:
                clause = strip_trailing(clause) or clause  # "I'm 26 actually"
                if not mentions.WORDY.search(clause):
                    continue  # "- - -", "?!": nothing to read
                self._mention(index, line.handle, clause)
                # "… my sister. She's a doctor."; "I have a cat named Mochi" … "Mochi is sick"
                clause = self._about_their_relative(index, clause, speaker=line.handle) or clause
                named = self._relative[1] if self._relative and self._relative[0] == index else None
                clause = mentions.relatives_kin(clause, named)  # "… and we're visiting her parents"
                clause = self._about_their_pet(line.handle, clause) or clause
                clause = mentions.answer_as_asked(clause, self._question, index) or clause  # "mine is 2"
                clause = mentions.there_as_asked(clause, self._question, index) or clause  # "in year 2 there"
                clause = having.count_named_before(clause, text) or clause  # "allergic to cats but I have two"
                self._clause(Said(line.handle, line.name, clause, index, self._scene()))
                if (relative := mentions.relative_in(clause)) is not None:
                    self._relative = (index, relative)
            self._rapid_fire(index, line, text, found=len(self.facts) > known)
            self._said[index] = (line.handle, text)
            if "?" in text or questions.PROMPT.search(text) or questions.UNMARKED.search(text):
                self._question = (index, line.handle, text)
                if index in self._mentioned:  # "has anyone heard from Eli?" … "he's in hospital": Eli
                    self._mentioned.setdefault(index + 1, self._mentioned[index])
            if asked := FAVOURITE_ASKED.search(text) or HAS_FAVOURITE_ASKED.search(text):
                self._favourite_asked = (index, asked["thing"])  # "what's your favourite movie?" … "mine's Heat"
            if questions.PROMPT.search(text) or questions.AGE_TALK.search(text):
                self._prompt = (index, line.handle)
        self._last_line[line.handle] = index

    def _about_their_relative(self, index: int, part: str, before: str = "", speaker: str = "") -> str | None:
        """``part`` read as about the relation its speaker named just before in the message (in
        ``before``, else an earlier clause), when it starts with "she"/"he": "my sister moved to
        Berlin, she works at a startup". A member named in the message is who "she"/"he" is
        instead (``_reported``). A name given is the relative's too when the speaker named them in
        their message before: "my sister lives in Boston" … "her name is Clara"."""
        if index in self._mentioned or _COUPLE_BEGUN.search(before):
            return None  # "my sister and | her husband moved": the two are one subject, read whole
        relative = mentions.relative_in(before)
        if relative is None and self._relative is not None and self._relative[0] == index:
            relative = self._relative[1]
        if (
            relative is None
            and self._relative is not None
            and speaker
            and self._last_line.get(speaker) == self._relative[0]
            and index - self._relative[0] <= 2
            and mentions.SAID_OF_THEM_AFTER.match(part)
            and newborn_name_asked(self.question_text, self.facts, speaker) is None  # the baby's, not the partner's
        ):
            relative = self._relative[1]
        return mentions.about_relative(part, relative)

    def _about_their_pet(self, speaker: str, clause: str) -> str | None:
        """ "Mochi is sick" after "I have two cats, Mochi and Pepper": the clause as said of "my cat"."""
        said = mentions.PET_NAMED_FIRST.match(clause)
        if said is None:
            return None
        for fact in reversed(self.facts):
            for entity in fact.entities if fact.subject == speaker and not fact.reported else []:
                if entity["type"] == EntityType.THING and entity["name"] == said["name"]:
                    return f"my {entity['attributes'].get('species', 'pet')}{said['rest']}"
        return None

    def _rapid_fire(self, index: int, line: ConversationLine, text: str, *, found: bool) -> None:
        """ "moving" / "to" / "BERLIN" / "in june!!!": a speaker's run of one- to three-word messages,
        read together as one sentence once the run says something."""
        words = text.strip(" !.?").split()
        run = self._run.get(line.handle)
        if found or not words or len(words) > matching.MAX_RUN_WORDS or line.handle == BOT_HANDLE or "?" in text:
            self._run.pop(line.handle, None)
            return
        if run is None or index - run[0][-1] > 2:
            run = ([], [])
        lines, pieces = [*run[0], index], [*run[1], text.strip(" !.")]
        self._run[line.handle] = (lines, pieces)
        if len(pieces) < 2 or sum(len(piece.split()) for piece in pieces) > 12:
            return
        facts = self._rules(Said(line.handle, line.name, " ".join(pieces), index, self._scene()), segments=False)
        for fact in facts:
            fact.lines = sorted({*fact.lines, *lines})
            self._add(fact)
        if facts:
            self._open[line.handle] = facts[-1]
            self._run.pop(line.handle, None)

    def _clause(self, said: Said) -> None:
        if is_joke(said.clause):
            return  # "I'm a professional napper jk"
        if (asked := FAVOURITE_ASKED.fullmatch(strip_fillers(said.clause))) and asked.group(0)[:3].lower() != "wha":
            self._own_question[said.handle] = (said.line_index, asked["thing"])  # "fav movie of all time?"
            return
        mine = mentions.MINE.match(strip_fillers(said.clause))
        if (
            mine
            and self._favourite_asked
            and said.line_index - self._favourite_asked[0] <= 3
            and (fact := favourite_answer(mine["value"], self._favourite_asked[1], said))
        ):
            self._add(fact)  # "what's your favourite food?" … "What about you?" … "mine is ramen"
            return
        own = self._own_question.pop(said.handle, None)
        if (
            own
            and said.line_index - own[0] <= 1
            and (fact := favourite_answer(said.clause.split(",")[0], own[1], said))
        ):
            self._add(fact)  # … "spirited away, no contest"
            return
        if not is_question(said.clause):
            pair = mentions.PAIR.match(strip_fillers(said.clause))
            both = pair is not None and bool(self.member(pair["first"]) and self.member(pair["second"]))
            # "Alex and Jordan broke up" is news about both, not "Jordan broke up" read after the "and".
            facts = (self._reported(said) if both else []) or self._rules(said) or self._reported(said)
            facts = facts or self._answer(said)
            if facts:
                for fact in facts:
                    if not any(fact is known for known in self.facts):
                        self._add(fact)
                self._open[said.handle] = facts[-1]
                return
        if self._name_pet_later(said):
            return
        opened = self._open.get(said.handle)
        if opened is not None and opened.lead and (more := self._next_item(said, opened)):
            self._add(more)
            self._open[said.handle] = more
            return
        # "I love pizza" … "Going out with Bob tonight": only an obvious continuation joins these.
        if (
            opened is not None
            and opened.kind in (MemoryKind.PREFERENCE, MemoryKind.EMOTION)
            and not CONTINUATION.match(strip_fillers(said.clause))
        ):
            opened = None
        body = strip_fillers(said.clause)
        answers_the_other = said.line_index > max(opened.lines, default=said.line_index) + 1 if opened else False
        if opened is not None and (
            mentions.ADMIRED.match(body)
            or mentions.OF_THEIRS.search(body)
            or (answers_the_other and (mentions.REACTION.match(body) or self._spoken_to(said.clause)))
        ):
            opened = None  # "That's a chill pic!" after the other's photo: said of theirs, not of the fact
        if opened is not None and answers_the_other and self._replies_to_another(said, opened):
            opened = None
        if opened is not None and matching.answers_something_else(self._question, opened, said):
            opened = None
        if opened is not None and self._time_of_what_follows(said.clause):
            opened = None  # "Last Sunday, I ran my first 10K": the time of the next clause, not a detail
        lasting = opened is not None and opened.kind not in (MemoryKind.PLAN, MemoryKind.EVENT)
        if opened is not None and (corrected := corrections.date_corrected(opened.text, said.clause)):
            opened.text, opened.lines = corrected, [*opened.lines, said.line_index]  # "wait no, the 15th"
            opened.corrected = True
        elif opened is not None and (
            matching.is_detail(said.clause, partner=opened.partner_open, lasting=lasting)
            or matching.answers_about(self._question, opened, said)
        ):
            self._join(opened, said)
        elif (
            content_words(strip_fillers(said.clause))
            and not is_question(said.clause)
            and not corrections.CORRECTING.fullmatch(said.clause)  # "sorry, | I meant Tuesday"
        ):
            self._open.pop(said.handle, None)  # they moved on to something else

    def _replies_to_another(self, said: Said, opened: Fact) -> bool:
        """ "it's at the Bookshop Café, no cats I promise" after another's "I hope the meetup isn't at
        someone's place with cats": a reply to what they said (its words, none of the speaker's open fact)."""
        words = set(content_words(strip_fillers(said.clause)))
        if not words or words & set(content_words(opened.text)):
            return False
        for index in range(said.line_index - 1, max(opened.lines), -1):
            speaker, text = self._said.get(index, ("", ""))
            if speaker and speaker != said.handle and "?" not in text and words & set(content_words(text)):
                return True
        return False

    def _rules(self, said: Said, *, segments: bool = True) -> list[Fact]:
        # A clause that starts with a verb has dropped its "I" ("heading to Mexico City in two weeks
        # for my cousin's wedding"): that is its statement, read first.
        implied = with_implied_subject(strip_fillers(said.clause))
        facts = matching.rules_on(said, implied) if implied is not None else []
        if not facts:
            facts = matching.rules_on(said, said.clause)
        head = matching.HEAD_END.split(said.clause, maxsplit=1)[0]
        if not facts and head != said.clause and len(head.split()) >= 2:
            # "I'm 42, which is apparently ancient here", "allergic to bees so no picnics for me": what
            # follows may negate or joke about something else; the statement before it stands.
            implied = with_implied_subject(strip_fillers(head))
            facts = (matching.rules_on(said, implied) if implied is not None else []) or matching.rules_on(said, head)
        if segments:
            facts += self._segments(said, facts)
        return facts

    def _segments(self, said: Said, found: list[Fact]) -> list[Fact]:
        """More facts said in one breath, part by part: "28, living in Tallinn, backend dev at a
        fintech", "originally from Cork but been in Dublin for ages", "ask Léa, she lives in Montréal".
        A part after a comma, colon or "and/but" that drops its "I" is read with it put back; a part
        that is only a fragment (an age, a job, "2 kids") counts when the clause lists such things."""
        clause = said.clause
        if len(clause) > MAX_CLAUSE_CHARS:
            return []
        cuts = matching.part_cuts(clause)
        if job_then := matching.JOB_THEN_ORIGIN.match(strip_fillers(clause)):
            cuts = sorted([*cuts, (clause.index(job_then[0]) + job_then.end(), "")])
        facts: list[Fact] = []
        fragments: list[Fact] = []
        texts = {fact.text for fact in found}
        theirs = mentions.THEIR_SUBJECT.match(strip_fillers(clause))
        lead = modal_lead(strip_fillers(clause))  # "I want to …, … and …": what the verbs go on under
        for number, (start, cut) in enumerate(cuts):
            if is_hypothetical(clause[:start]) or is_someone_elses_words(clause[:start]) or is_general(clause[:start]):
                break
            part = strip_fillers(clause[start:])
            if not part:
                continue
            piece = part.split(",")[0].strip(" .!")
            new: list[Fact] = []
            if number:
                implied = with_implied_subject(part)
                if mentions.OWN_SUBJECT.match(part) or cut.strip(" ,").lower() not in ("", "and"):
                    lead = modal_lead(part)
                elif lead is not None and implied is not None:
                    implied = under_lead(lead, part) or implied
                elif implied is None and number == 1:
                    implied = under_be(strip_fillers(clause), part)
                if theirs is not None:
                    implied = matching.carried_subject(theirs, part, implied)
                implied = self._about_their_relative(said.line_index, part, clause[:start], said.handle) or implied
                if implied is not None:
                    new = matching.rules_on(said, implied)
                if not new and re.match(r"(?:I|I'm|I've|my|we)\b", part):
                    new = matching.rules_on(said, part)
                if not new:
                    new = self._listed(said, part, clause[:start], [*found, *facts])
                if not new and not said.teller:
                    new = self._reported(
                        Said(said.handle, said.name, part, said.line_index, said.scene), segments=False
                    )
            if not new and not said.teller and not re.search(r"(?:^|, )(?:mine|my \w+s are)\b", clause, re.I):
                fragment = fragment_fact(piece, said)
                if fragment is not None:
                    fact, strong = fragment
                    employer = next((f for f in [*found, *facts] if f.slot == "employer"), None)
                    if employer is not None and fact.slot == "job" and " at " not in fact.text:
                        job = fact.text.split(" is ", 1)[1]  # "Dee works at the walgreens", "pharmacy tech"
                        employer.text = employer.text.replace(" works ", f" works as {job} ", 1)
                        continue
                    (new if strong and not self._answers_about_something_else(said) else fragments).append(fact)
            says_own = bool(new) or part.split()[0].lower() in ("have", "own")  # "I love dogs and have two"
            if (
                number
                and says_own
                and implied is not None
                and theirs is None
                and cut.strip(" ,").lower() in ("", "and")
            ):
                matching.end_before(part, [*found, *facts], said.handle)
                texts |= {fact.text for fact in [*found, *facts]}
            for fact in new:
                said_before = {word for known in [*found, *facts] for word in content_words(known.text)}
                if fact.text not in texts and not set(content_words(fact.text)) <= said_before:
                    texts.add(fact.text)
                    facts.append(fact)
        listing = [fact for fact in (*found, *facts) if fact.kind != MemoryKind.PLAN]  # "off Friday, dentist": why
        if fragments and (listing or len(fragments) > 1 or self._intro_context(said)):
            facts += [fact for fact in fragments if fact.text not in texts]
        return facts

    def _listed(self, said: Said, part: str, before: str, earlier: list[Fact]) -> list[Fact]:
        """The next item of a list the clause's last fact started: "I'm a sucker for thunderstorms and
        old jazz records" (two likes), "got a PS5 and a new 4K TV", "hot take: …, and dogs should be
        allowed in every office". The part is read again after the words that led to the first item;
        that first item is cut where the list goes on."""
        last = next((fact for fact in reversed(earlier) if fact.lead and fact.subject == said.handle), None)
        if last is None or last.gathered:
            return []
        part = re.sub(r"^then\s+", "", part, flags=re.IGNORECASE)  # "bouldering and then painting miniatures"
        piece = part.split(",")[0]
        words = piece.split()
        if not words or words[0].lower() in matching.NOT_LISTED:
            return []
        if begins_with_verb(piece) and not last.lead.rstrip().lower().endswith(" to"):
            return []  # "I want to learn the piano and play guitar": a second wish, not a second thing learnt
        cut = before[-8:]
        first = before.partition(last.lead.strip())[2] if last.lead.strip() else ""
        if matching.A_VERB.search(first) and not HOT_TAKE.match(last.lead):
            return []  # "passionate about making sure stray dogs are fed and housed": the verb goes on
        if matching.EXAMPLES.search(before):
            return []  # "platformers, e.g. Mega Man and Castlevania": examples of the item, not more items
        if matching.REASON.search(first):
            return []  # "I love long bike rides, 'cause the open road gives me calm and focus": the list ended
        if not HOT_TAKE.match(last.lead) and (
            not re.search(r"\band\b|&", cut, re.IGNORECASE)
            or len(words) > 6
            or matching.A_VERB.search(piece)
            or matching.SUBJECT_AND_VERB.search(piece)
        ):
            # only "and <thing>" continues a list; a part with a verb of its own is a new thought, and
            # "the quiet and focus it gives me" lists no second thing loved
            return []
        new = matching.rules_on(said, last.lead.rstrip() + " " + part)
        head = re.escape(" ".join(words[:2]))
        joint = re.search(rf"{matching.AND_THEN}{head}", last.text)
        if new and joint and not HOT_TAKE.match(last.lead) and ", " in last.text[: joint.start()]:
            return []  # "I love dogs, cats and birds": a list of three or more stays one memory
        if new and joint and not HOT_TAKE.match(last.lead):
            last.text = last.text[: joint.start()].rstrip(" ,")
        elif not new or set(content_words(new[0].text)) <= set(content_words(last.text)):
            return []  # "The Office is overrated and Parks and Rec is way better": said already
        return new

    def _next_item(self, said: Said, opened: Fact) -> Fact | None:
        """ "growing up we spoke Arabic at home" … "and French at school": the next message goes on
        with the list, read after the words that led to the last one."""
        rest = re.match(r"^(?:and|&|plus|also)\s+(?P<item>[^,]{2,60})$", said.clause.strip().rstrip(" !."), re.I)
        if rest is None or rest["item"].split()[0] in matching.NOT_LISTED or matching.A_VERB.search(rest["item"]):
            return None
        found = matching.rules_on(said, opened.lead.rstrip() + " " + rest["item"])
        return found[0] if found and found[0].text != opened.text else None

    def _answers_about_something_else(self, said: Said) -> bool:
        """Whether the line answers someone's question that is not about its speaker: "what's the
        job?" … "junior designer at an agency" names the job applied for, not theirs."""
        asked = self._question
        return (
            asked is not None
            and asked[1] != said.handle
            and said.line_index - asked[0] <= 2
            and not matching.ASKS_ABOUT_THEM.search(asked[2])
            and not questions.TO_EVERYONE.search(asked[2])
        )

    def _intro_context(self, said: Said) -> bool:
        """Whether the window asked people to introduce themselves, or talks about ages, just now."""
        asked = self._prompt
        return asked is not None and asked[1] != said.handle and said.line_index - asked[0] <= 6

    def _reported(self, said: Said, *, segments: bool = True) -> list[Fact]:
        """News about a participant or known member, told by someone else ("Carol is moving to Austin
        next month", "Emma is vegan btw", "Dana's sister lives in Lyon"): read as if that person
        had said it in the first person, and remembered about them, reported by the speaker. "she"
        or "he" right after naming a member in the same message is that member ("ask Léa, she lives
        in Montréal"); "Alex and Jordan broke up" is news about both."""
        clause = mentions.addressed_in(strip_fillers(said.clause), self.member) or strip_fillers(said.clause)
        pronoun = mentions.PRONOUN.match(clause)
        mentioned = self._mentioned.get(said.line_index)
        if pronoun and mentioned and mentioned != said.handle:
            owner = "'s" if pronoun["s"] or pronoun["own"] else ""  # "his favourite song is…" → "Karim's favourite…"
            clause = self.members[mentioned].split()[0] + owner + clause[pronoun.end() :]
        subjects = []
        pair = mentions.PAIR.match(clause)
        if pair and self.member(pair["first"]) and self.member(pair["second"]):
            first, second = self.member(pair["first"]), self.member(pair["second"])
            verb = mentions.PLURAL_VERBS.get(pair["verb"].lower(), pair["verb"])
            for handle in (first, second):
                if handle is not None and handle != said.handle:
                    subjects.append((handle, f"I {verb}{pair['rest']}".replace("I 'm", "I'm")))
        else:
            told = mentions.reported_as_first_person(clause, self.member)
            if told is not None and told[0] != said.handle:
                subjects.append(told)
        facts: list[Fact] = []
        for subject, first_person in subjects:
            about = Said(
                subject, self.members[subject], first_person, said.line_index, said.scene, said.handle, said.name
            )
            facts += self._rules(about, segments=segments)
        return facts

    def _answer(self, said: Said) -> list[Fact]:
        question = self._question
        if question is None or question[1] == said.handle:
            return []
        to_all = questions.TO_EVERYONE.search(question[2]) is not None  # "drop your dates below": several will answer
        if said.line_index - question[0] > (6 if to_all else 2):
            return []
        addressed = self._mentioned.get(question[0])
        if addressed not in (None, said.handle) and said.name.split()[0].lower() not in question[2].lower():
            return []  # "welcome Lena!! what do you like to read?" asks Lena, whoever else speaks next
        answer = strip_fillers(said.clause).strip(" !.")
        for asked, replied, builder in TYPED_ANSWERS:
            if not asked.search(question[2]):
                continue
            for piece in answer.split(","):
                piece = strip_fillers(piece).strip(" !.")
                if whole := replied.fullmatch(piece):
                    fact = matching.build(builder, whole, said)
                    if fact is not None:
                        fact.question = question[2]
                        return [fact]
        if (names_asked := questions.NAMES_ASKED.search(question[2])) and (
            given := questions.NAMES_GIVEN.fullmatch(answer)
        ):
            named = questions.named_statement(self.facts, said.handle, names_asked, given["names"])
            # "names of your pets?" … "Max and Daisy": read as "I have two dogs, Max and Daisy"
            facts = self._rules(Said(said.handle, said.name, named, said.line_index, said.scene)) if named else []
            for fact in facts:
                fact.question = question[2]
            return facts
        before = " ".join(text for speaker, text in self._said.values() if speaker == said.handle)
        opened = self._open[said.handle].text if said.handle in self._open else ""
        if statements := questions.answered_statements(question[2], said.clause, before, opened):
            facts = [f for s in statements for f in matching.rules_on(said, s)]  # "anyone … play guitar?" … "I do"
            for fact in facts:
                fact.question = question[2]
            return facts
        answer = re.sub(r"^(?:originally|born in|grew up in)\s+", "", answer, flags=re.IGNORECASE)  # "originally Leeds"
        words = answer.split()
        if not words or len(words) > 4 or words[0].lower() in NON_ANSWERS:
            return []
        # only the question's own sentences: "Where else did you stay? My nan started learning Spanish from me" asks
        # no "where … from" (was "Omar is from Priya"); a prompt asks without a mark ("say where you're from")
        own_words = " ".join(part for part in sentences(question[2]) if part.endswith("?")) or question[2]
        for pattern, builder in QUESTIONS:
            if pattern.search(own_words) and (whole := ANSWER.fullmatch(answer)):
                fact = matching.build(builder, whole, said)
                if fact is None:
                    return []
                fact.question = question[2]
                return [fact]
        return []

    @property
    def question_text(self) -> str:
        """The last question asked in the window ("" when none)."""
        return self._question[2] if self._question else ""

    def _add(self, fact: Fact) -> None:
        self.facts.append(fact)
        for entity in fact.entities:
            if entity["type"] == EntityType.PLACE:
                self.last_place = entity["name"]

    def _name_pet_later(self, said: Said) -> bool:
        """ "Named her Luna" after "I just adopted a cat!"."""
        name = pet_name_given(strip_fillers(said.clause))
        waiting = pet_waiting(self.facts, said.handle)
        if not name or waiting is None:
            return False
        self._open[said.handle] = matching.written_back(pet_named(revised(waiting), name, said))
        return True

    def _join(self, fact: Fact, said: Said) -> None:
        body = strip_fillers(said.clause).strip(" !.")
        time = TIME.search(body)
        if said.line_index not in fact.lines:
            fact.lines.append(said.line_index)
        due = re.search(r"\b(?:is|are) (?:pregnant|expecting)\b", fact.text)  # "when's she due?" … "in March"
        if time and not fact.time and (fact.kind == MemoryKind.PLAN or due):
            rest = body[: time.start()] + body[time.end() :]
            if not content_words(strip_fillers(rest)):  # "Next month actually"
                fact.time = time[0].lower()
                fact.text += f", due {fact.time}" if due else f" {fact.time}"
                if "moving" not in fact.topics:
                    fact.expiration = expiration_for(fact.time)
                return
        if fact.partner_open and re.fullmatch(r"[A-Z][\w'-]*", body):  # "…got engaged!" — "Yeah, Heather!"
            fact.text += f" to {body}"
            fact.partner_open = False
            return
        if len(fact.details) < matching.MAX_DETAILS:
            fact.details.append(matching.detail_text(body, said.name))
