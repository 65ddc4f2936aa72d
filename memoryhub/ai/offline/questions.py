"""Questions put to the room and the answers that complete them: "what do you all do for work?",
"anyone have pets?", "drop your kids' names", and a "yes" or a name given back."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from memoryhub.ai.contract import ConversationLine
from memoryhub.ai.offline.facts import Fact
from memoryhub.ai.offline.guards import with_implied_subject
from memoryhub.ai.offline.having import asked_after_many, had_answered, names_one
from memoryhub.ai.offline.splitting import (
    strip_fillers,
)
from memoryhub.ai.offline.taste_echoes import start_of_it, taste_of_it
from memoryhub.ai.offline.text import article_for, conjugate, name_as_written, pronoun_of
from memoryhub.ai.offline.vocabulary import (
    FAMILY,
    HOW_OFTEN,
    NON_ANSWERS,
    NOT_NAMES,
    NUMBER_WORDS,
    PETS,
    YES_WORDS,
    word_set,
)
from memoryhub.ai.offline.when_asked import coming_asked, when_answered, when_they_do, with_time_asked

# A question put without its mark, as chat does: "nice!! what server u on", "where do you work".
UNMARKED = re.compile(r"(?:^|[.!]\s+)(?:what|which|where|how|who)(?: \w+){0,2} (?:u|you|ya)(?: \w+){0,2}\s*$", re.I)


# A line that asks people to tell something about themselves without a question mark.
PROMPT = re.compile(
    r"\b(?:introduce|intro thread|intros|drop your|share your|tell us|post your|say hi"
    r"|new (?:ppl|people|folks|members))\b",
    re.IGNORECASE,
)


TO_EVERYONE = re.compile(
    r"\b(?:everyone|everybody|y'all|you all|all of you|guys|folks|drop your|below|ppl|people|anyone)\b", re.I
)


# "anyone here play guitar?", "do you have a dog?", "is anyone else vegan?": a question that a
# "yeah I do" / "me!" answers by saying it of oneself. Only these verbs: "anyone know a good
# dentist?" or "anyone want pizza?" answered "me" tells nothing lasting.
_ASKED_VERBS = (
    r"play|have|own|speak|live|work|like|love|watch|read|cook|bake|collect|drive|ride|run|swim|knit|paint|sing"
    r"|climb|hike|surf|ski|garden|meditate|volunteer|study|teach|got"  # "got": tickets only
    r"|do(?= (?:parkrun|yoga|pilates|crossfit|karate|judo|tai chi|archery|ballet|zumba|spin)\b)"
)


_ASKED_OF_ALL = re.compile(
    r"^(?:(?:do|does) )?(?:anyone|anybody|any of you|you guys|y'all|you|u)(?: (?:here|else|guys|all))?"
    rf" (?P<verb>{_ASKED_VERBS})"
    r" (?P<what>[^?]{2,60})\?+$"
    r"|^(?:(?-i:[A-Z])[\w'-]+,? )?(?:is|are) (?:anyone|anybody|any of you|you guys|y'all|you|u)"
    r"(?: (?:here|else|guys|all))?(?: still)? (?P<trait>(?:an? )?[a-z][\w -]{2,30})\?+$"
    r"|^(?:anyone|anybody) (?:here |else )?(?P<trait2>(?:an? )?(?:vegan|vegetarian|left-handed|introvert|night owl"
    r"|morning person|gamer|parent|student|teacher|nurse|developer|engineer)[\w -]{0,20})\?+$",
    re.IGNORECASE,
)


# A yes with how long: "yep 5 years now", "yes, for ten years".
_YES_FOR = re.compile(
    rf"(?:{YES_WORDS}|still am)\W+(?:for |going on )?(?P<span>(?:\d+|a|one|two|three|four|five|six|seven|eight|nine"
    r"|ten|a few|many) (?:years?|months?))(?: now)?",
    re.IGNORECASE,
)
# How often, given as the answer: "every Saturday at Bushy Park", "yeah, twice a week".
_OFTEN_GIVEN = re.compile(rf"(?:(?:{YES_WORDS}|I do)\W+)*(?P<often>(?:{HOW_OFTEN.pattern})\b[^?]{{0,60}})", re.I)
# What says "yes, me" to such a question: "yeah I do", "I do!", "me!", "me too", "yep, I am".
SAYS_YES = re.compile(
    rf"(?:(?:{YES_WORDS}|totally|definitely|absolutely|oh|ooh)\W*)*"
    r"(?:I do|I do too|I have|I am|I'm|me|me too|me!|yes|yeah|yep|yup|I did|we are|we do|we will)(?: lol| haha)?\W*",
    re.IGNORECASE,
)


# "do you have any pets?" … "yeah a golden retriever named Max", "do you speak any other languages?" …
# "yes a bit of French", "anyone have pets?" … "two cats, Mango and Kiwi": what one has or does, named in
# the answer (not "did you have any pets as a kid?").
ASKED_ANY = re.compile(
    rf"\b(?:do (?:you|u)|does anyone(?: here)?|anyone(?: here| else)?|any of (?:you|u)(?: guys)?)"
    rf" (?P<verb>{_ASKED_VERBS}|got) (?:(?:any|a|an)\b|(?=(?:pets|kids|children|siblings)\b))[^?]*\?",
    re.IGNORECASE,
)


# "And the names of your cats?", "what are your twins' names?", "what's your puppy's name?".
_WHOSE = (
    r"kids?|children|sons?|daughters?|twins|boys|girls|pets?|dogs?|cats?|puppy|puppies|kittens?|bunny|bunnies"
    r"|rabbits?|hamsters?|birds?|horses?"
)


NAMES_ASKED = re.compile(
    rf"\bnames? of (?:your|ur) (?P<who1>{_WHOSE})\b|\b(?:your|ur) (?P<who2>{_WHOSE})(?:'s|s'|')? names?\b"
    rf"|\bwhat(?:'s| (?:are|r|is)) (?:your|ur) (?P<who3>{_WHOSE}) called\b",
    re.IGNORECASE,
)


# The names given in answer: "Max and Daisy", "they're called Leo, Mia and Ivy", "Rex!".
NAMES_GIVEN = re.compile(
    r"(?:(?:they're|they are|their names are|they're called|his name is|her name is|its name is|it's|he's|she's)\s+)?"
    r"(?P<names>(?-i:[A-Z])[a-z'-]+(?:(?:, |,? and |,? & )(?-i:[A-Z])[a-z'-]+){0,5})",
    re.IGNORECASE,
)


COUNTED = {number: word for word, number in NUMBER_WORDS.items()}  # 2 → "two"


SINGULAR = {"children": "child", "puppies": "puppy", "bunnies": "bunny", "twins": "twin"}


def named_statement(facts: Sequence[Fact], speaker: str, asked: re.Match[str], names_said: str) -> str:
    """The statement an answer to "what are your dogs' names?" (``asked``, by ``NAMES_ASKED``) makes:
    "I have two dogs, Max and Daisy"; "pets" are the kind the speaker last said they have in
    ``facts`` ("I have two dogs"); "" when that is not known or a word given is no name."""
    names = re.split(r",? and |,? & |, ", names_said)
    if any(name.lower() in NOT_NAMES for name in names) or len(names) > max(COUNTED):
        return ""
    who = next(group for group in asked.groups() if group).lower()
    if who.startswith("pet"):
        kinds = (re.search(rf"\b(?:{PETS})s?\b", fact.text) for fact in reversed(facts) if fact.subject == speaker)
        kind = next((found[0] for found in kinds if found), "")
        if not kind:
            return ""
        who = kind
    one = SINGULAR.get(who, who[:-1] if who.endswith("s") else who)
    if len(names) == 1:
        return f"I have a {one} named {names[0]}"
    many = {"child": "children", "puppy": "puppies", "bunny": "bunnies"}.get(one, f"{one}s")
    return f"I have {COUNTED[len(names)]} {many}, {', '.join(names[:-1])} and {names[-1]}"


# "anyone else doing the Great North Run?": the asker is doing it too.
_ANYONE_ELSE = re.compile(
    r"^(?:is )?(?:anyone|anybody) else (?P<doing>(?:doing|going|running|entering|watching|reading|playing"
    r"|heading|flying|travelling|traveling|taking|trying|learning|moving|starting|attending)\b[^?]{2,80})\?+$",
    re.IGNORECASE,
)


# "I'm doing the Great North Run, anyone else?": a statement put to the room.
_ANYONE_ELSE_AFTER = re.compile(r"^(?P<statement>I(?:'m| am| )[^?]{2,120}?),? (?:anyone|anybody) else\?+$", re.I)


# "guess who's moving to Spain!", "guess who got the job": news of one's own, told as a riddle.
_GUESS_WHO = re.compile(
    r"^guess who(?:'s| is) (?P<doing>[a-z]+ing\b[^?]{2,80})[!?.\s\W]*$"
    r"|^guess who (?P<did>(?:got|passed|won|bought|adopted|finished|booked|landed)\b[^?]{2,80})[!?.\s\W]*$",
    re.IGNORECASE,
)


# "huge congrats to Priya on the new job!!": news of hers, told as a congratulation.
_CONGRATS = re.compile(
    r"^(?:(?:huge|big|massive) )?(?:congrats|congratulations) (?:to )?@?(?P<name>(?-i:[A-Z])[\w'-]+)"
    r"(?: on| for) (?:the|her|his|their|your) (?P<news>new job|promotion|engagement|wedding|new baby|baby|little one"
    r"|graduation)\b",
    re.IGNORECASE,
)
_CONGRATULATED = {
    "new job": "got a new job", "promotion": "got promoted", "engagement": "got engaged", "wedding": "got married",
    "new baby": "had a baby", "baby": "had a baby", "little one": "had a baby", "graduation": "graduated",
}  # fmt: skip


# "me too" to what someone just said of themselves ("I'm vegan" … "same here!"): the same said by the
# one who agrees. Not after a question (an answer: ``asked_of_themselves``). A bare "same", or a laugh
# before it ("lol same"), is a reaction, not a word about oneself.
_ME_TOO = re.compile(
    r"^(?:(?:oh|omg|yes|yeah|yep|ooh|wait)[,!. ]+)*(?:me too|same here|so am I|so do I|me as well"
    r"|ditto|me neither|neither do I|neither am I|I(?:'m| am) doing it too|I am too|I do too|I'm the same)"
    r"(?:[,!. ]+(?:actually|lol|haha|tbh|honestly))*[!. ]*$",
    re.IGNORECASE,
)
# What someone says of themselves in one short sentence: "I'm vegan", "I hate mornings", "I'm doing
# the Leeds half in May" (not "my sister lives in Leeds": whose sister a "me too" means is unclear).
_OF_THEMSELVES = re.compile(r"^I(?:'m|'ve| am| have| [a-z]+)\b[^?,;]{2,80}$")


def lines_as_told(lines: Sequence[ConversationLine]) -> list[ConversationLine]:
    """``lines`` with what chat says sideways told plainly, for the rules to read: "anyone else doing
    X?" as "I'm doing X, anyone else?" (the asker says it of themselves, and a "me too!" says it of
    the one who answers: ``asked_of_themselves``), "guess who's moving to Spain" as "I'm moving to
    Spain!", "congrats to Priya on the new job!" as "Priya got a new job!" (news of hers), "me
    too" to "I'm vegan" as "I'm vegan", and "I love it" to "not a fan of jazz" as "I love jazz"."""
    told: list[ConversationLine] = []
    for line in lines:
        said = strip_fillers(line.content.strip())
        before = told[-1] if told else None
        if (
            before is not None
            and before.handle != line.handle
            and _ME_TOO.match(line.content.strip())  # (the fillers' "too" would be gone from ``said``)
            and _OF_THEMSELVES.match(statement := strip_fillers(before.content.strip()).rstrip("!. "))
            and len(statement.split()) <= 12
            and not re.search(r"\b(?:and|but) I\b|[.!] ", statement)
        ):
            line = replace(line, content=statement)  # "I'm vegan" … "me too": "I'm vegan", said by them
        elif asked := _ANYONE_ELSE.match(said):
            line = replace(line, content=f"I'm {asked['doing']}, anyone else?")
        elif guess := _GUESS_WHO.match(said):
            line = replace(line, content=f"I'm {guess['doing']}!" if guess["doing"] else f"I {guess['did']}!")
        elif cheered := _CONGRATS.match(said):
            line = replace(line, content=f"{cheered['name']} {_CONGRATULATED[cheered['news'].lower()]}!")
        elif before is not None and before.handle != line.handle and (timed := with_time_asked(before.content, said)):
            line = replace(line, content=timed)  # "what's everyone doing for half term?" … "we're off to Wales"
        elif before is not None and before.handle != line.handle and (taste := taste_of_it(before.content, said)):
            line = replace(line, content=taste)  # "I'm not a big fan of jazz" … "really? I love it"
        elif before is not None and before.handle != line.handle and (start := start_of_it(before.content, said)):
            line = replace(line, content=start)  # "I've started homebrewing" … "I only started last autumn"
        told.append(line)
    return told


def asked_of_themselves(question: str) -> str | None:
    """The statement a "yes, me" to ``question`` makes: "anyone here play guitar?" → "I play guitar",
    "is anyone else vegan?" → "I'm vegan", "I'm doing the Great North Run, anyone else?" → "I'm
    doing the Great North Run"; None when the question is not one of those."""
    if put := _ANYONE_ELSE_AFTER.match(strip_fillers(question.strip())):
        return put["statement"]
    if coming := coming_asked(question):  # "who's coming to choir on Tuesday?" … "me!"
        return coming
    asked = _ASKED_OF_ALL.match(strip_fillers(question.strip()))
    if asked is None:
        return None
    if asked["verb"]:
        if asked["verb"].lower() == "got" and not re.search(r"\btickets?\b", asked["what"], re.IGNORECASE):
            return None  # "anyone got a charger?" … "me!": a loan asked for, nothing lasting
        what = re.sub(r"\byour\b", "my", asked["what"], flags=re.IGNORECASE)
        return f"I {asked['verb'].lower()} {what}"
    return "I'm " + re.sub(r"\s+(?:here|too|as well)$", "", asked["trait"] or asked["trait2"])


# A question whose short answer completes a statement of the one who answers: "where do you work?" …
# "the BBC" is "I work at the BBC".
_COMPLETED = (
    (
        re.compile(r"\bwhere (?:do (?:you|u) work|are (?:you|u) working|will (?:you|u) be working)\b", re.I),
        "I work {}",
        "at ",
    ),
    (re.compile(r"\b(?:which|what) (?:team|club|side) do (?:you|u) support\b", re.I), "I support {}", ""),
    (re.compile(r"\bwhat (?:car )?do (?:you|u) drive\b", re.I), "I drive {}", ""),
    (re.compile(r"\bwhat (?:do|d) (?:you|u) (?P<verb>sell|make)\b(?! (?:of|out)\b)", re.I), "I {verb} {}", ""),
    (re.compile(r"\bwhat do (?:you|u) do for (?:work|a living)\b|\bwhat field\b", re.I), "I work in {}", ""),
    # "congrats!! what's the new role?" … "team lead for the data team"
    (re.compile(r"\bwhat(?:'s| is| will be) (?:the|your|ur) new (?:role|job|position)\b", re.I), "I work as {}", ""),
    # "what level is everyone at?" … "B1 in Spanish"
    (
        re.compile(
            r"\bwhat level (?:is everyone|are (?:you|u)(?: all| guys)?|r u|is every1)\b"
            r"|\bwhat(?:'s| is) (?:your|ur) level\b",
            re.I,
        ),
        "I'm {}",
        "",
    ),
    # "which street are you on?" … "Elm Road, number 14" (rules/neighbours.py)
    (re.compile(r"\b(?:what|which) (?:street|road) (?:(?:are|r) )?(?:you|u) on\b", re.I), "I live on {}", ""),
    # "what server u on?" … "Ravencrest EU" (rules/gaming.py)
    (
        re.compile(
            r"\b(?:what|which) (?:server|realm) (?:(?:are|r|do) )?(?:you|u)(?: all| guys)? (?:on|play on)\b", re.I
        ),
        "I play on {}",
        "",
    ),
    # "what bike are you on?" … "a Canyon Endurace" (rules/cycling.py)
    (
        re.compile(r"\bwhat bike (?:are|r) (?:you|u) (?:on|riding)\b|\bwhat (?:do|d) (?:you|u) ride\b", re.I),
        "I ride {}",
        "",
    ),
    # "what's your handicap?" … "about 18", "what position do you play?" … "centre back" (golf.py, football.py)
    (re.compile(r"\bwhat(?:'s| is) (?:your|ur) (?:golf )?handicap\b", re.I), "I play off {}", ""),
    (re.compile(r"\bwhat position (?:do|d) (?:you|u) play\b", re.I), "I play {}", ""),
    (re.compile(r"\bwhat(?:'s| is)? (?:(?:your|ur) )?main\b|\bwho (?:do|d) (?:you|u) main\b", re.I), "I main {}", ""),
    (re.compile(r"\bwhere (?:do|d) (?:you|u) (?P<verb>climb|boulder|swim|train)\b", re.I), "I {verb} {}", "at "),
    # "where do you commute from?" … "Reading, about 40 min each way"
    (re.compile(r"\bwhere (?:do|d) (?:you|u) commute from\b", re.I), "I commute from {}", ""),
    # "how many kids do you have?" … "3" (read as "3 kids", ``count_as_asked``)
    (re.compile(r"\bhow many [a-z]+ (?:do|d) (?:you|u) (?:have|own|keep)\b", re.I), "I have {}", ""),
    # "what year do you teach?" … "year 4 this year"
    (re.compile(r"\bwhat (?:year|years|age|age group|key stage|class) do (?:you|u) teach\b", re.I), "I teach {}", ""),
    # "what's your dissertation on?" … "urban foxes lol"
    (
        re.compile(
            r"\bwhat(?:'s| is) (?:your|ur) (?P<verb>dissertation|thesis|project|essay|research) (?:on|about)\b", re.I
        ),
        "my {verb} is on {}",
        "",
    ),
    # "which parkrun do you do?" … "Heaton Park usually" (rules/running.py)
    (
        re.compile(r"\b(?:what|which) parkrun (?:do|d) (?:you|u)(?: all| guys)? (?:do|go to|run)\b", re.I),
        "I do {} parkrun",
        "",
    ),
    # "what's everyone reading?" … "Piranesi, second time" (rules/media.py: a title, capitalised)
    (
        re.compile(
            r"\bwhat(?:'s| is| are) (?:everyone|everybody|you|u|y'all|you all|you guys) (?P<verb>reading|watching)\b",
            re.I,
        ),
        "I'm {verb} {}",
        "",
    ),
    # "what do you like to read?" … "mostly crime novels"; "what kind of music are you into?" … "jazz"
    (
        re.compile(
            r"\bwhat (?:do (?:you|u)|d'you) (?:like|love|enjoy) (?:to )?(?P<verb>read|watch|listen to|play)\b"
            r"|\bwhat (?:kind|sort|type)s? of (?P<thing>books|music|films|movies|shows|games)"
            r" (?:do (?:you|u) (?:like|read|listen to|watch|play)|are (?:you|u) into)\b",
            re.I,
        ),
        "I like to {verb} {}",
        "",
    ),
)
_MEDIA_VERB = {"books": "read", "music": "listen to", "films": "watch", "movies": "watch", "shows": "watch"}
# A trip asked after by one who knows it was made, and an answer that says how it went.
_BACK_FROM = re.compile(
    r"\bwelcome back\b.*\bhow (?:was|'s|is) (?P<place>(?-i:[A-Z])[\w'-]+(?: (?-i:[A-Z])[\w'-]+)?)\W*$"
    r"|\bhow (?:was|'s) (?:your|the) (?:trip|holiday|vacation|honeymoon|getaway)(?: to (?P<place2>(?-i:[A-Z])[\w'-]+"
    r"(?: (?-i:[A-Z])[\w'-]+)?))?\b",
    re.IGNORECASE,
)
_HOW_IT_WENT = re.compile(
    r"(?:(?:so|really|absolutely|honestly|pretty|super|too|such an?) )*(?:amazing|incredible|great|good|fun|lovely"
    r"|awesome|brilliant|fantastic|wonderful|beautiful|gorgeous|unreal|magical|perfect|ok|okay|not bad|decent|meh"
    r"|exhausting|tiring|hot|cold|busy|short|too short|mixed|a blast|the best)\b",
    re.IGNORECASE,
)
_HEARD_BACK = re.compile(
    r"\b(?:hear back|hear anything|any news|news) (?:about|on|from) (?P<thing>(?:the|that|your) (?:[\w'-]+ ){0,3}?"
    r"(?:job|role|position|offer|promotion))\b",
    re.IGNORECASE,
)
_GOT_IT = re.compile(r"(?:(?:yes|yeah|yep|yup|I)\W+)*got (?:it|the job|in|the offer|the place)\b", re.IGNORECASE)
# Asked after someone of theirs, the answer's "she" is that someone: "how's your mum doing?" … "she's out
# of hospital" is "my mum's out of hospital".
_HOW_IS_THEIR = re.compile(
    rf"\bhow(?:'s| is| are) (?:your|ur) (?P<who>{FAMILY}|{PETS})(?: doing| getting on| holding up| now)?\W*"
    r"(?:(?-i:[A-Z])\w*\W*)?$",  # "… Ines?"
    re.IGNORECASE,
)
_THEY_ARE = re.compile(r"(?:she|he|they|it)(?='s\b|'re\b| is\b| are\b| has\b| was\b| got\b| just\b)", re.I)
# A test asked after, and the answer that says how it went: "how did the driving test go?" … "failed again".
_HOW_DID_IT_GO = re.compile(
    r"\bhow (?:did|was) (?:the|your|ur) (?P<test>(?:[\w'-]+ ){0,2}?(?:test|exam|assessment|audition))(?: go)?\b",
    re.IGNORECASE,
)
_PASSED = re.compile(r"(?:I )?(?P<result>passed|failed)(?P<again> (?:it )?again)?\b", re.IGNORECASE)
_NO_ANSWER = NON_ANSWERS | word_set("nowhere nothing none unemployed retired between not why what who depends welcome")
_SHORT_ANSWER = re.compile(r"[\w'&.-]+(?: [\w'&.-]+){0,5}")
_HOW_OFTEN = re.compile(r"(?<=\w) (?:usually|mostly|normally|generally|these days|most weeks)$", re.IGNORECASE)
# The answers that are names, read as written when given in lower case ("leeds united sadly").
_NAMED_ANSWERS = frozenset({"I support {}", "I main {}", "I play on {}", "I do {} parkrun", "I commute from {}"})


# Asked of one of theirs: "where does your brother live?", "what does your husband do?", "how old is
# your daughter?" (the answer is that one's: "Leeds" is "my brother lives in Leeds").
_KIN = rf"(?:{FAMILY})s?|kids?|children|parents|folks"
_THEIRS_ASKED = re.compile(
    rf"\bwhere(?:'s| (?:does|do|is)) (?:your|ur) (?P<who>{_KIN}) (?P<verb>live|work|study|moving to|from)\b"
    rf"|\bwhere (?:are|r) (?:your|ur) (?P<who2>{_KIN}) (?P<verb2>from|living|moving to)\b"
    rf"|\bhow old (?:is|are) (?:your|ur) (?P<who3>{_KIN})\b"
    rf"|\bwhat (?:does|do) (?:your|ur) (?P<who4>{_KIN}) do\b",
    re.IGNORECASE,
)
_THEIRS_SAID = {
    "live": "{who} {s:lives|live} in {}",
    "living": "{who} {s:lives|live} in {}",
    "work": "{who} {s:works|work} {at}{}",
    "study": "{who} {s:studies|study} {at}{}",
    "moving to": "{who} {s:is|are} moving to {}",
    "from": "{who} {s:is|are} from {}",
    "age": "{who} {s:is|are} {}",
    "do": "{who} {s:is|are} {a}{}",
}


def _theirs_answered(question: str, answer: str) -> str | None:
    """ "where does your brother live?" … "Leeds": "my brother lives in Leeds"; "what does your
    husband do?" … "he's a nurse": "my husband is a nurse"; None for another question or answer."""
    asked = _THEIRS_ASKED.search(question)
    given = re.sub(
        r"^(?:(?:he|she)(?:'s| is)|they(?:'re| are)) ", "", strip_fillers(answer.split(",")[0]).strip(" !."), flags=re.I
    )
    if asked is None or not _SHORT_ANSWER.fullmatch(given) or given.split()[0].lower() in _NO_ANSWER:
        return None
    who = (asked["who"] or asked["who2"] or asked["who3"] or asked["who4"]).lower()
    verb = (asked["verb"] or asked["verb2"] or ("age" if asked["who3"] else "do")).lower()
    if verb in ("live", "living", "from", "moving to"):  # a place's name: "still in Cork" is Cork
        given = re.sub(r"^(?:(?:still|now|just|currently) )?(?:in|near|outside|around) ", "", given, flags=re.I)
        if not re.fullmatch(r"(?-i:[A-Z])[\w'.-]*(?: (?-i:[A-Z])[\w'.-]*){0,3}", given):
            return None  # "somewhere near Leeds I think", "he moved to Leeds last year": not said plainly
    plural = who.endswith("s") or who == "children"
    template = re.sub(r"\{s:(\w+)\|(\w+)\}", lambda said: said[2] if plural else said[1], _THEIRS_SAID[verb])
    given = re.sub(r"^(?:at|for|in) ", "", given, flags=re.I) if "{at}" in template else given
    at = "at " if verb == "work" or verb == "study" else ""
    a = "" if re.match(r"(?:an?|the) ", given, re.I) else f"{article_for(given)} "
    return "my " + template.format(given, who=who, at=at, a=a)


# Asked of someone else: "how old is he?", "what's she doing next?", "are they ok?"; and of one of
# theirs: "how old is your son?", "where does your mum live?".
_OF_ANOTHER = re.compile(
    r"\b(?:is|was|'s|does|did|has|will|can)\s+(?P<who>he|she)\b|\b(?:are|were|do|did|have|will|can)\s+(?P<they>they)\b",
    re.IGNORECASE,
)
_KIN_ASKED = re.compile(rf"\b(?:your|ur) (?P<kin>{_KIN})\b(?!'s side\b)", re.IGNORECASE)  # a family's side: no one
_SAID_AS = {"he": "he's", "she": "she's", "they": "they're"}


# "how many guests?" … "about 120": the number of what was asked.
_HOW_MANY = re.compile(r"\bhow many (?P<what>[a-z]+)\b", re.IGNORECASE)
_COUNT = re.compile(r"(?:(?:about|around|roughly|like|maybe|nearly|over|just under|almost) )?\d{1,5}(?:ish)?", re.I)


def count_as_asked(answer: str, question: str) -> str | None:
    """ "about 120" after "how many guests?": "about 120 guests" (a number alone, said as what it
    counts); None for another answer."""
    asked = _HOW_MANY.search(question)
    given = answer.strip(" !.")
    return f"{given} {asked['what'].lower()}" if asked and _COUNT.fullmatch(given) else None


def said_of_whom_asked(answer: str, question: str) -> str | None:
    """``answer``, a clause without a subject of its own, read with the one ``question`` asked of:
    "turning 5 in May" after "how old is he?" is "he's turning 5 in May", after "how old is your
    son?" "my son is turning 5 in May", and "Leeds" after "where does your brother live?" "my
    brother lives in Leeds"; None when the question asked of neither (an "I" chat leaves out is then
    the speaker's)."""
    of_another, kin = _OF_ANOTHER.search(question), _KIN_ASKED.search(question)
    if kin is not None:
        who = kin["kin"].lower()
        if (statement := _theirs_answered(question, answer) or _yes_said(question, answer)) is not None:
            return statement  # "Leeds": "my brother lives in Leeds"; "is she still in Berlin?" … "yep"
        if (implied := with_implied_subject(strip_fillers(answer))) is not None:
            plural = who.endswith("s") or who == "children"
            verb, rest = implied.split(" ", 1)
            said = {"I'm": "are" if plural else "is", "I've": "have" if plural else "has"}.get(verb)
            if said is None and verb == "I" and (was := re.match(r"was (?P<rest>.*)", rest)):
                said, rest = ("were" if plural else "was"), was["rest"]
            elif said is None:
                verb, _, rest = rest.partition(" ")  # "moved to Leeds": "my brother moved to Leeds"
                said = verb if plural else conjugate(verb)
            return f"my {who} {said} {rest}".strip()
        return f"{_SAID_AS[pronoun_of(who)]} {answer}"  # none of its parts is the speaker's
    if of_another is None:
        return None
    said_as = _SAID_AS[(of_another["who"] or of_another["they"]).lower()]
    return when_they_do(question, answer) or f"{said_as} {answer}"  # "when does she start?" … "September"


# "I'm a nurse, what about you?", "I love sushi, you?", "I'm from Leeds, hbu?": a statement of the
# asker's put back to the room; a short answer says the same of the one who answers ("teacher": "I'm
# a teacher").
_YOU_TOO = re.compile(
    r"(?:^|[.!]\s+)(?P<lead>I(?:'m| am)(?: (?:an?|from|in|based in|originally from))?|I (?:live in|work (?:at|for|in"
    r"|as an?)|love|like|hate|play|speak|study|drive|support))\s+(?P<object>[^,.?!]{1,40}?)"
    # put back after a comma or with "what about" ("I'm mad at you?" puts nothing back)
    r"\s*(?:[,.!]\s*(?:(?:what|how) about |and )?(?:you|u|yourself)|\s(?:what about|how about|and) (?:you|u|yourself)"
    r"|[,.!]?\s*(?:wbu|hbu))\W*$",
    re.IGNORECASE,
)


def _said_back(question: str, answer: str) -> str | None:
    """ "I'm a nurse, what about you?" … "teacher": "I'm a teacher"; None for another question."""
    asked = _YOU_TOO.search(question)
    given = strip_fillers(answer.split(",")[0]).strip(" !.")
    given = re.sub(r"\s+(?:all the way|for sure|tbh|mostly|haha|lol)$", "", given, flags=re.IGNORECASE)
    if asked is None or not _SHORT_ANSWER.fullmatch(given) or given.split()[0].lower() in _NO_ANSWER:
        return None
    lead = re.sub(r"\s+an?$", "", asked["lead"], flags=re.IGNORECASE)
    if (ends := re.search(r"\s(?P<prep>at|for|in|from)$", lead)) and given.lower().startswith(f"{ends['prep']} "):
        given = given[len(ends["prep"]) + 1 :]  # "I work at the BBC, hbu?" … "at Tesco"
    if lead != asked["lead"] or re.search(r"\bas$", lead):  # "I'm a nurse" … "teacher": "I'm a teacher"
        given = given if re.match(r"(?:an?|the) ", given, re.IGNORECASE) else f"{article_for(given)} {given}"
    return f"{lead} {given}"


# A question of "you" or one of theirs that a yes makes a statement of: "did you get the job?" … "I
# did!!" is "I got the job"; "is your sister still in Berlin?" … "yep" is "my sister is still in Berlin".
_YES_NO = re.compile(
    rf"(?:^|[.!]\s+)(?:(?:so|and|oh|wait)\W+)?(?P<aux>did|are|is|have|has) (?P<who>you|u|(?:your|ur) (?P<kin>{_KIN}))"
    r" (?P<rest>[a-z][^?]{1,60})\?+\s*$",
    re.IGNORECASE,
)
_YES_TO = re.compile(
    rf"(?:{YES_WORDS}|yes+|I did|he did|she did|they did|we did|I am|he is|she is|I have|he has|she has|sure did"
    r"|still am|still is|of course)\b(?!.*(?:\b(?:not|no|but)\b|n't\b))",  # "yeah but I turned it down": no
    re.IGNORECASE,
)
_PAST = {"get": "got", "go": "went", "make": "made", "win": "won", "buy": "bought", "find": "found",
         "hear": "heard", "see": "saw", "take": "took", "have": "had", "do": "did", "sell": "sold", "meet": "met",
         "pay": "paid", "leave": "left", "run": "ran", "come": "came", "give": "gave", "tell": "told"}  # fmt: skip


def _yes_said(question: str, answer: str) -> str | None:
    """ "did you get the job?" … "I did!!": "I got the job"; "did your son get into Oxford?" … "he
    did": "my son got into Oxford"; None for another question, or no yes."""
    asked = _YES_NO.search(question)
    if asked is None or not _YES_TO.match(answer.strip()):  # (not stripped: "yes" is a filler there)
        return None
    kin = (asked["kin"] or "").lower()
    plural = kin.endswith("s") or kin == "children"
    rest = re.sub(r"\byour\b", "my", asked["rest"], flags=re.IGNORECASE)
    rest = re.sub(r"\b(?:yet|already)$", "", rest).strip()
    aux = asked["aux"].lower()
    if aux == "did":
        verb, _, after = rest.partition(" ")
        regular = re.sub(r"(?<=[^aeiou])y$", "i", verb) + ("d" if verb.endswith("e") else "ed")  # "tried"
        past = _PAST.get(verb.lower(), regular)
        rest = f"{past} {after}".strip()
    elif aux in ("are", "is"):
        rest = f"{'are' if plural else 'is'} {rest}" if kin else f"am {rest}"
    else:
        rest = f"{'have' if plural or not kin else 'has'} {rest}"
    return f"my {kin} {rest}" if kin else f"I {rest}".replace("I am ", "I'm ").replace("I have ", "I've ")


def answered_statements(question: str, answer: str, said_before: str = "", opened: str = "") -> list[str]:
    """The statements an answer to ``question`` makes of the one who answers, read by the rules: "anyone
    here play guitar?" … "yeah I do" is "I play guitar", "do you have any pets?" … "yeah a beagle" is
    "I have a beagle", "got any kids or pets?" … "2 kids, 3 cats" is "I have 2 kids" and "I have 3
    cats", "where do you work?" … "the BBC" is "I work at the BBC"; none for another answer.
    ``said_before`` and ``opened``: what the one answering said earlier in the window, and their open fact."""
    if (day := when_answered(question, answer, said_before, opened)) is not None:
        return [day]  # "when's the wedding?" … "the 12th of September"
    statement = asked_of_themselves(question)
    if statement is not None and statement.startswith("I'm ") and (span := _YES_FOR.fullmatch(answer.strip(" !."))):
        return [f"I've been {statement[4:]} for {span['span']}"]  # "are you still vegan?" … "yep 5 years now"
    asked_any = ASKED_ANY.search(question)
    had = had_answered(question, answer, asked_any["verb"].lower().replace("got", "have") if asked_any else "")
    if statement is not None and (often := _OFTEN_GIVEN.fullmatch(answer.strip(" !."))):
        return [f"{statement} {often['often']}"]  # "anyone here do parkrun?" … "every Saturday at Bushy Park"
    if statement is not None and SAYS_YES.fullmatch(re.split(r"[,!]", answer)[0].strip()):
        # "any pets?" … "yep, two cats"; "do you have a car?" … "yes, a Honda" (a name says more than "a car")
        return had if had and (asked_after_many(question) or names_one(had)) else [statement]
    if (theirs := _theirs_answered(question, answer)) is not None:
        return [theirs]
    if (same := _said_back(question, answer)) is not None:
        return [same]
    if (yes := _yes_said(question, answer)) is not None:
        return [yes]
    if had:
        return had  # "do you have any pets?" … "a beagle", "any kids?" … "yeah 2"
    return [told] if (told := _answer_completed(question, answer)) is not None else []


def _answer_completed(question: str, answer: str) -> str | None:
    """The statement an answer says with what ``question`` asked: "how was Japan?" … "incredible" is
    "I visited Japan", "where do you work?" … "the BBC" is "I work at the BBC"; None for another."""
    back = _BACK_FROM.search(question)  # "welcome back Lee, how was Japan?" … "incredible"
    if back and _HOW_IT_WENT.match(strip_fillers(answer).strip()):
        place = back["place"] or back["place2"]
        return f"I visited {place}" if place else "I went on a trip"
    heard = _HEARD_BACK.search(question)  # "did you hear back about the Leeds job?" … "got it!!"
    if heard and _GOT_IT.match(strip_fillers(answer).strip()):
        named = re.fullmatch(r"the ((?-i:[A-Z])[\w&'-]+) job", heard["thing"], re.IGNORECASE)  # "the Leeds job"
        won = "the promotion" if heard["thing"].endswith("promotion") else "the job"
        return f"I got the job at {named[1]}" if named else f"I got {won}"
    said = strip_fillers(answer).strip()
    if (theirs := _HOW_IS_THEIR.search(question)) and (they := _THEY_ARE.match(said)):
        return f"my {theirs['who'].lower()}{said[they.end() :]}"
    if (test := _HOW_DID_IT_GO.search(question)) and (went := _PASSED.match(said)):
        return f"I {went['result'].lower()} my {test['test'].lower()}{' again' if went['again'] else ''}"
    for asked, template, preposition in _COMPLETED:
        given = _HOW_OFTEN.sub("", strip_fillers(answer.split(",")[0]).strip(" !."))  # "Heaton Park usually"
        if (
            (found := asked.search(question))
            and _SHORT_ANSWER.fullmatch(given)
            and given.split()[0].lower() not in _NO_ANSWER
            and not re.match(r"(?:I|I'm|I've|we|we're)\b", given)  # a sentence of its own, not the answer
        ):
            groups = found.groupdict()
            given = name_as_written(given) if template in _NAMED_ANSWERS and given.islower() else given
            verb = (groups.get("verb") or _MEDIA_VERB.get((groups.get("thing") or "").lower(), "play")).lower()
            if re.match(r"(?:at|for|in|with|from) ", given, re.I):  # "at the BBC": its own preposition
                return template.replace(" as {}", " {}").format(given, verb=verb)
            return template.format(preposition + given, verb=verb)
    return None


AGE_TALK = re.compile(r"\b(?:how old|ages?|older|younger|baby of|oldest|youngest)\b", re.IGNORECASE)
