"""The chat persona's replies: short templates spoken to the person, using at most two
remembered facts that share a word with their message (or the first three, asked what it knows
about them), and the reply model's ``remember`` tool calls."""

from __future__ import annotations

import json
import re

from memoryhub.ai.contract import (
    CHANNEL_TALK_LINE,
    MEMORY_OFF_LINE,
    REMEMBER_TOOL_NAME,
    ConversationLine,
    MemoryKind,
    talking_with_name,
)
from memoryhub.ai.offline.attribution import Reader
from memoryhub.ai.offline.excerpts import Excerpt, excerpt_answer
from memoryhub.ai.offline.facts import WORK_SLOTS, Fact
from memoryhub.ai.offline.forgetting import forget_asked, memory_asked_forgotten
from memoryhub.ai.offline.replies.memories import Memories, memory_block
from memoryhub.ai.offline.replies.news import good_news, hard_news, well_again
from memoryhub.ai.offline.replies.person import Person, pronoun_in, second_person
from memoryhub.ai.offline.replies.relevance import (
    OF_THEMSELVES,
    asked_stems,
    asks_about_themselves,
    family_named,
    known_facts,
    relative_asked,
    relevant_facts,
    said_of_relative_asked,
    subjects_once,
    with_told_earlier,
    word_stems,
)
from memoryhub.ai.offline.replies.social import ABOUT_PERSONA, COMFORT, pick, social_reply, wished
from memoryhub.ai.offline.splitting import ASKED_TO_REMEMBER, normalise
from memoryhub.ai.offline.text import (
    join_names,
    message_text,
    words_of,
)
from memoryhub.ai.offline.vocabulary import (
    HELLOS,
    NEGATIVE_FEELINGS,
)
from memoryhub.ai.types import Message, ToolCall

# A greeting, or a time of day said as one before a name or alone ("morning Mira"; not "morning run").
_GREETING = re.compile(
    rf"^(?:(?:{HELLOS})\b(?: there\b)?|(?:morning|evening|afternoon)(?=[\s,!.]*$|[\s,]+(?-i:[A-Z])))[\s,!.]*", re.I
)


_SMALL_TALK = re.compile(r"\bhow (?:are|r) (?:you|u)\b|\bhow(?:'s| is) it going\b|\bhow have you been\b", re.I)


_SPEAKER = "Speaker"  # who the rules say a fact just told is about, before it is said back as "you"


_WELCOME_BACK = ("Hi, good to see you again!", "Hey, good to see you again!", "Hello again, good to see you!")


_WELCOME = ("Hi, nice to meet you!", "Hi there, nice to meet you!")


_AFTER_GREETING = ("What's on your mind today?", "How have you been?", "What's new with you?")


_CHEER = ("Tell me more!", "What's the best part?", "What happens next?")


_LOSS_COMFORT = ("I'm here if you want to talk.", "Take all the time you need. I'm here.")


# Luck asked for: "we're potty training this week, wish me luck".
_WISH_ME_LUCK = re.compile(r"\b(?:wish me luck|fingers crossed for me)\b", re.IGNORECASE)


# An outing planned: "going hiking tomorrow", "going to the beach on Saturday", "going to a concert".
_OUTING = re.compile(r" (?:is|are) going (?:[a-z]+ing\b|to (?:the|a|an) (?!doctor|dentist|hospital|funeral)\w)")


_TRIP = re.compile(r" (?:is|are) (?:going|heading|flying) (?:to (?-i:[A-Z])|home for )| arrived in (?-i:[A-Z])")


# A gathering one will miss, or will come to: "can't make the meetup on the 14th" (rules/attendance.py).
_MISSING = re.compile(r" (?:can't make|won't be at|isn't coming to) ")
_COMING = re.compile(r" is coming to ")


# An outing or a trip made: "went camping two weekends ago", "visited Rome in May", "got back from Japan".
_WENT = re.compile(
    r"^\S+ (?:(?:went (?:[a-z]+ing\b|to|on)|visited|took \w+ \w+ on|spent \w+ \w+ in|(?:got|came) back from) "
    r"|was in (?-i:[A-Z]))"
)


# How an outing was, said with it: "it was amazing!", "that was really fun", "we had such a blast".
_HOW_IT_WAS = re.compile(
    r"\b(?:it|that) was (?:(?:so|really|super|pretty|absolutely|such) )*(?:awesome|amazing|great|fun|much fun"
    r"|lovely|wonderful|fantastic|incredible|beautiful|perfect|a blast|the best)\b|\bhad (?:a|such a) blast\b"
    r"|\b(?:loved|enjoyed) (?:it|every (?:minute|second))\b",  # "went glamping last weekend, loved it"
    re.I,
)


# A start ahead: "starting their new job on Monday", "starting uni in September".
# A treatment ahead: hoped to go well, not wished luck ("I start a new medication next week").
_TREATMENT_AHEAD = re.compile(
    r" is starting (?:their |a |an )?(?:new )?(?:medication|meds|treatment|tablets|injections"
    r"|infusions|antidepressants|painkillers|biologics|immunotherapy|physio|physiotherapy|therapy|CBT|HRT)\b"
    # "I've got a colonoscopy next week", "I'm having a smear test on Friday"
    r"| (?:has|is having) (?:a|an|their) (?:[\w-]+ ){0,2}?(?:colonoscopy|endoscopy|mammogram|ultrasound|ECG|biopsy"
    r"|MRI|CT scan|smear test|blood test|procedure)\b|'s appointment with the (?:consultant|specialist|surgeon)\b"
)
_START = re.compile(
    r" is starting (?:their |a |the )?(?:new |first )?(?:job|uni|university|college|school|role"
    r"|position|internship|course|degree|apprenticeship|residency)\b"
)


# A test ahead, to wish luck for ("I have a job interview tomorrow", "my driving test is on Friday"), and
# results awaited, to cross fingers for ("I'm waiting on biopsy results").
_TEST_AHEAD = re.compile(
    r" has (?:a|an|their) (?:[\w-]+ ){0,2}?(?:interview|exam|audition|driving test|assessment|gig|inspection|audit)\b"
    r"|(?:interview|exam|audition|driving test) is (?:on|tomorrow|today|this|next|in)\b"
    r"| is (?:doing|taking|sitting) (?:their|his|her|a|an) (?:[\w-]+ ){0,2}?(?:test|exam|interview|audition)\b"
)
_RESULTS_AWAITED = re.compile(
    r" (?:is|are) waiting (?:for|on) (?:[\w-]+ ){0,2}?(?:results|visa|permit|citizenship|settled status|green card)\b"
)


_AFTER_NEWS = ("Thanks for telling me!", "How do you feel about it?", "Tell me more!")


# After something lasting (a diet, a taste, a relative): asking how one feels about being
# vegetarian, or about a dislike just said, would be odd.
_AFTER_FACT = ("Thanks for telling me!", "Good to know!", "I'll keep that in mind.")


_QUESTION_OPENERS = ("Good question!", "Hmm, good question.", "Interesting question!")


_CANNOT_LOOK_UP = "I can't look that up right now, but I'm happy to think it through with you."


# What only a look-up could answer: "what's the weather like?", "what time is it?".
_LIVE = re.compile(
    r"\b(?:weather|forecast|temperature outside|what time is it|what's the time|what(?:'s| is) the date"
    r"|what day is it|today's date|the news|the score|stock price|exchange rate)\b",
    re.I,
)


# Asked to recall what they told, without a question mark: "remind me what I said about the flat
# hunt", "remind me what rank I am".
_RECALL_ASKED = re.compile(
    r"^(?:can you |could you |please )?(?:remind me|tell me) what I (?:told|said)"
    r"|^(?:can you |could you |please )?remind me (?:what|where|when|which|who|how)\b"
    r"|^(?:do|did) (?:you|u) (?:still )?remember (?:what|anything) I (?:told|said)",  # "… about my sister?"
    re.I,
)


_QUESTION_CLOSERS = (
    "I can only give a simple answer right now, but tell me more and I'll keep up.",
    _CANNOT_LOOK_UP,
    "What do you think yourself?",
)


_REQUEST_OPENERS = ("Hmm, let me think.",)


# A choice of their own asked about: "what should I wear to the wedding?", "should I text him?".
# A question about something of their own: "what's my dissertation about?", "where are we going this
# summer?" (not "where can I buy …?", a question about the world).
_THEIR_OWN_ASKED = re.compile(
    r"^\W*(?:so |and |wait,? )?(?:what|when|where|which|who)(?:'s|'re| is| are| was)\s+(?:my|our|we)\b", re.I
)
_SHOULD_I = re.compile(r"^(?:(?:so|hmm|ok|okay|ugh),? )?(?:(?:what|which|where|how|when) )?should i\b", re.I)


# Advice asked for: not something to look up, nor a mood ("What are you in the mood for?" is a book's).
_ADVICE_ASKED = re.compile(r"\b(?:tips?|advice)\b", re.I)


_THINK_IT_THROUGH = "I'm happy to think it through with you. What have you tried so far?"


_ABOUT_ME_THE_BOT = "Me? I don't have a life outside our chats, but I love hearing about yours. What about you?"


_NOT_TOLD_YET = "I don't think you've told me that yet. Tell me and I'll remember it!"


# A request, answered as a question is: "recommend me a book", "can you suggest a film?".
_REQUEST = re.compile(
    r"^(?:(?:please|pls|ok|okay|so|hey)[, ]+)?(?:recommend|suggest|give me|help me|find me|show me"
    r"|any (?:ideas|tips|suggestions|recommendations|advice)|(?:can|could|would|will) you (?:please )?(?:recommend"
    r"|suggest|help|give|find|tell|explain|show))\b",
    re.I,
)


_STATEMENT_OPENERS = ("I hear you.", "I see.", "Got it.")


_STATEMENT_CLOSERS = ("Tell me more!", "How's that going?", "What else is on your mind?")


_RECALLS = ("I know {}.", "If I remember right, {}.", "From what I remember, {}.")
_REMEMBER_OFF = "Your memory is off, so I won't keep it after this conversation."
_FORGET_OFF = "Your memory is off, so nothing changes now; you can delete that memory under My data."
_CHECK_MEDICINE = "Careful: {} is a penicillin, so please check with your doctor or pharmacist."
_CHECK_FOOD = "Careful with the {}!"


_RECALLED_CLOSERS = ("Did I get that right?", "Is that right?", "Have I got that right?")


# "what do you know about me?", "do you remember me?", "who am I?", "what's new with me?": everything
# bears on it.
_ABOUT_ME = re.compile(
    r"\b(?:what|anything)\b[^?]*\b(?:know|remember|recall)\b[^?]*\babout me\b"
    r"|\bdo you (?:still )?(?:know|remember) me\b|\bwho am i\s*(?:[?!.]|$)"  # not "who am I kidding"
    r"|\bwhat(?:'s| is| has been) (?:new|going on|up|happening) with me\b|\bwhat have i been up to\b",
    re.IGNORECASE,
)


_ABOUT_ME_OPENERS = ("Here's what I remember: {}.", "I remember that {}.", "Let me see: {}.")


# "what do you know about Kat?" in a channel where Kat talks: another's memories are not in this
# person's context, and what they are is theirs to tell (was "What do you think yourself?").
_ABOUT_SOMEONE = re.compile(r"\b(?:what|anything)\b[^?]*\b(?:know|remember)\b[^?]*\babout (?P<name>[\w'-]+)\W*$", re.I)


def _someone_in_the_talk(said: str, lines: list[str], talking_with: str) -> str:
    """The member of the channel's talk (a line "Name: …") that ``said`` asks what is known about,
    when it is not the person asking; "" else."""
    asked = _ABOUT_SOMEONE.search(said)
    name = asked["name"] if asked else ""
    if not name or name.lower() in ("me", "myself", "you", "yourself", talking_with.split(" ")[0].lower()):
        return ""
    speakers = {line.split(": ", 1)[0] for line in lines if ": " in line}
    return next((speaker for speaker in speakers if speaker.split(" ")[0].lower() == name.lower()), "")


_NOTHING_ABOUT_ME = "I don't know much about you yet. Tell me about yourself!"


# While memory is off for the person (``MEMORY_OFF_LINE`` in the prompt) nothing they say is kept:
# no reply promises to remember it, and what they told earlier in this conversation is what they
# said, not what is remembered.
_AFTER_FACT_MEMORY_OFF = ("Thanks for telling me!", "Good to know!")


_NOT_TOLD_YET_MEMORY_OFF = "I don't think you've told me that in this conversation, and my memory is off for you."


_RECALLS_MEMORY_OFF = ("You said {}.", "You mentioned {}.")


_ABOUT_ME_MEMORY_OFF = "My memory is off for you, so I only know what you've said in this conversation: {}."


_NOTHING_ABOUT_ME_MEMORY_OFF = "My memory is off for you, so I don't keep anything you tell me."


def _excerpts_for(said: str, memories: Memories) -> list[Excerpt]:
    """The past lines that may answer ``said``: asked about their wife, only lines that speak of her ("we're
    thinking of calling her Zofia" shares "call" with "what's my wife called?" and is of the baby)."""
    of_relative = said_of_relative_asked(said)
    if of_relative is None:
        return memories.excerpts
    return [excerpt for excerpt in memories.excerpts if of_relative(f"{excerpt.question} {excerpt.line}")]


def _own_lines(lines: list[str], name: str) -> list[str]:
    """The lines of a channel's talk that ``name`` wrote, without the name in front: what the others
    said is not what this person told."""
    prefix = f"{name}: "
    return [line[len(prefix) :] for line in lines if name and line.startswith(prefix)]


def chat_reply(messages: list[Message]) -> str:
    """A short, friendly reply in the second person, by the kind of message it answers.

    A fact the person just told is said back to them (a death with sympathy); otherwise at most
    two remembered facts that share a word with their message, or answer what it asks about, are
    ("I know you love hiking."), and none when none does; asked what it knows about them, the
    first three. What they told earlier in the conversation counts as remembered (in a channel,
    what they wrote there, not what the others did: ``CHANNEL_TALK_LINE``). The memory
    context may be in system messages, or (injection mode ``user_prefix``) in front of the user's
    own words in the last user message.
    """
    memories = Memories()
    last, earlier = "", []  # the person's last message, and their messages before it
    for message in messages:
        role = message.get("role")
        if role in ("system", "user"):
            rest = memory_block(message_text(message), labels_anywhere=role == "system", memories=memories)
            if role == "user":
                earlier.append(last)
                last = rest
    system = "\n".join(message_text(m) for m in messages if m.get("role") == "system")
    memory_off = MEMORY_OFF_LINE in system
    talking_with = talking_with_name(system)
    someone = ""
    if CHANNEL_TALK_LINE in system:  # several people's lines, each "Name: …": only the person's are theirs
        someone = _someone_in_the_talk(normalise(last), earlier, talking_with)
        earlier = _own_lines(earlier, talking_with)
    person = Person(talking_with or memories.name, pronoun_in(memories.profile + memories.facts))
    remembered = memories.facts or memories.profile or memories.sessions
    said = normalise(last)
    greeting = _GREETING.match(said)
    body = said[greeting.end() :] if greeting else said
    if _RECALL_ASKED.match(said) and not said.endswith("?"):
        said += "?"  # asked all the same, and answered as a question is
    question = said.endswith("?")
    speaker = Person(_SPEAKER)
    asked_forgotten = forget_asked(last)  # "forget that I'm vegan": a memory of theirs to go, not a fact told
    if asked_forgotten and person.name:
        index = memory_asked_forgotten(asked_forgotten["what"], memories.facts, person.name)
        if index is not None and memory_off:
            return _FORGET_OFF
        if index is not None:
            spoken = second_person(memories.facts[index], person)
            return f"Okay, I'll forget that {spoken}." if spoken else "Okay, I'll forget that."
    # Their message before is read first, for what this one goes on from ("my sister lives in Boston" …
    # "her name is Clara"; "what's your favourite food?" … "mine is ramen"); what it told is not told again.
    before = [normalise(earlier[-1])] if earlier and earlier[-1] else []
    lines = [ConversationLine(time="00:00:00", name=_SPEAKER, handle="you", content=text) for text in [*before, said]]
    told = [
        fact
        for fact in Reader({"you": _SPEAKER}).read(lines)
        if fact.subject == "you" and len(lines) - 1 in (fact.lines[0], fact.lines[-1] if fact.corrected else -1)
    ]  # told in their last message, or put right there ("wait no, it's the 15th")

    def back(fact: Fact) -> str:  # a fact just told, said back
        spoken = second_person(fact.content, speaker)
        return "" if person.named_in(spoken) else spoken

    def back_all(facts: list[Fact]) -> str:  # facts just told, said back in a row
        return " and ".join(subjects_once(list(dict.fromkeys(filter(None, map(back, facts))))))

    sentences = []
    if greeting:
        sentences.append(pick(_WELCOME_BACK if remembered else _WELCOME, said))
    if losses := [fact for fact in told if "loss" in fact.topics]:  # a death: sympathy, not "thanks"
        spoken = back(losses[0])
        # (not "What's been going on?" after a death: the loss is what is going on; nor a cheerful welcome
        # before it: "Hi, nice to meet you! I'm so sorry to hear your grandma died")
        sentences = [f"I'm so sorry to hear {spoken}." if spoken else "I'm so sorry.", pick(_LOSS_COMFORT, said)]
    elif emotions := [fact for fact in told if fact.kind == MemoryKind.EMOTION]:
        feeling = emotions[0].topics[-1]
        spoken = back(emotions[0]) or f"you're feeling {feeling}"
        if feeling in NEGATIVE_FEELINGS:
            sentences += [f"Sorry {spoken}.", pick(COMFORT, said)]
        else:
            sentences += [f"So glad {spoken}!", pick(_CHEER, said)]
    elif told:
        spoken = back_all(told[:2])
        # A job is not news to be sorry about: "I work in the ER", "I'm a nurse in the ICU".
        hard = [fact for fact in told[:2] if hard_news(fact.content) and fact.slot not in WORK_SLOTS]
        good = [fact for fact in told[:2] if good_news(fact.content)]
        said_back = back_all(hard or good) or spoken  # only the news is met so, not what came beside it
        # News that cannot be said back ("your wife Ana is expecting their first baby": whose?) is met all
        # the same (was "Thanks for telling me, I'll keep that in mind.").
        if hard:
            sorry = f"I'm sorry to hear {said_back}." if spoken else "I'm sorry to hear that."
            sentences += [sorry, pick(COMFORT, said)]
        elif wish := wished([fact.content for fact in told[:2]], said):  # "it's my birthday today!"
            sentences.append(wish)
        elif good and all(well_again(fact.content) for fact in good):
            sentences += [
                f"That's good news — {said_back}!" if spoken else "That's good news!",
                "I hope all goes well.",
            ]
        elif good:
            sentences += [f"Congratulations — {said_back}!" if spoken else "Congratulations!", pick(_CHEER, said)]
        else:
            if any(fact.slot == "name" for fact in told) and (not spoken or all(f.slot == "name" for f in told)):
                given = re.split(r" (?:name is|called) ", told[0].text)[-1] if told[0].slot == "name" else ""
                first = f" {(given or person.name).split()[0]}" if given or person.name else ""
                # "hi! I'm Nora": one welcome, by name (was "Hi there, nice to meet you! Nice to meet you, Nora!")
                if greeting:
                    sentences[-1:] = [f"Hi{first}, nice to meet you!", _AFTER_GREETING[0]]
                else:
                    sentences.append(f"Nice to meet you,{first}!" if first else "Nice to meet you!")
                spoken = ""  # the welcome said it: no "I'll keep that in mind" after it
            else:
                thanks = "Thanks for telling me." if memory_off else "Thanks for telling me, I'll keep that in mind."
                sentences.append(f"Got it — {spoken}." if spoken else thanks)
            news = any(fact.kind in (MemoryKind.EVENT, MemoryKind.PLAN) for fact in told[:2])
            if any(_MISSING.search(fact.content) for fact in told[:2]):
                sentences.append("No worries, thanks for letting me know!")  # "I can't make the quiz on Friday"
            elif any(_OUTING.search(fact.content) or _COMING.search(fact.content) for fact in told[:2]):
                sentences.append("Have fun!")  # "I'm going hiking tomorrow", "I'm coming to the picnic"
            elif any(_TRIP.search(fact.content) for fact in told[:2]):
                sentences.append("Have a great trip!")  # "I'm flying to Lisbon on Friday"
            elif any(_WENT.search(fact.content) for fact in told[:2]):
                # "we went camping last weekend" (asked how it was, unless they said: "… it was so much fun")
                sentences.append("Sounds like a great time!" if _HOW_IT_WAS.search(said) else "How was it?")
            elif any(_TREATMENT_AHEAD.search(fact.content) for fact in told[:2]):
                sentences.append("I hope it goes well!")  # "I start a new medication next week, bit nervous"
            elif _WISH_ME_LUCK.search(said) or any(
                _START.search(fact.content) or _TEST_AHEAD.search(fact.content) for fact in told[:2]
            ):
                sentences.append("Good luck!")  # "I start my new job on Monday", "my driving test is on Friday"
            elif any(_RESULTS_AWAITED.search(fact.content) for fact in told[:2]):
                sentences.append("Fingers crossed for you!")  # "I'm waiting on biopsy results"
            elif spoken and ASKED_TO_REMEMBER.match(last):  # "please remember I'm allergic to nuts"
                sentences.append(_REMEMBER_OFF if memory_off else "I'll remember that.")
            elif spoken:  # (the words with nothing said back have thanked already)
                after_fact = _AFTER_FACT_MEMORY_OFF if memory_off else _AFTER_FACT
                sentences.append(pick(_AFTER_NEWS if news else after_fact, said))
    elif _SMALL_TALK.search(said):
        sentences += ["I'm doing well, thanks for asking!", "How about you?"]
    elif social := social_reply(body.strip(), said, system):
        sentences += social
    elif greeting and len(words_of(body)) <= 1 and not question:  # "hi", "hey Mira!"
        sentences.append(pick(_AFTER_GREETING, said))
    elif someone:
        sentences.append(f"I only keep what each person tells me about themselves, so that's for {someone} to tell!")
    elif _ABOUT_ME.search(said):
        known = known_facts(with_told_earlier(memories, earlier, person), person)
        openers = (_ABOUT_ME_MEMORY_OFF,) if memory_off else _ABOUT_ME_OPENERS
        nothing = _NOTHING_ABOUT_ME_MEMORY_OFF if memory_off else _NOTHING_ABOUT_ME
        sentences.append(pick(openers, said).format(join_names(subjects_once(known))) if known else nothing)
    else:
        request = bool(_REQUEST.match(body.strip()))  # "recommend me a book": asked, as a question is
        if not greeting:
            openers = _REQUEST_OPENERS if request else _QUESTION_OPENERS if question else _STATEMENT_OPENERS
            sentences.append(pick(openers, said))
        facts = relevant_facts(with_told_earlier(memories, earlier, person), person, said)
        if facts:
            sentences.append(pick(_RECALLS_MEMORY_OFF if memory_off else _RECALLS, said).format(", and ".join(facts)))
        elif question and (
            recalled := excerpt_answer(_excerpts_for(said, memories), asked_stems(said, person), word_stems)
        ):
            facts = [recalled]  # what they said before answers it: "You told me on 8 May that …"
            sentences.append(recalled)
        # Having answered from memory, it does not also say it cannot look the answer up; asked about
        # themselves with nothing remembered, it says so rather than asking them back.
        closers: tuple[str, ...]
        not_told_yet = _NOT_TOLD_YET_MEMORY_OFF if memory_off else _NOT_TOLD_YET
        named = family_named(said) if facts else None
        if named and any(f"allergic to {named[1]}" in fact for fact in facts):  # "doc gave me amoxicillin"
            medicine = named[1] == "penicillin"
            closers = ((_CHECK_MEDICINE if medicine else _CHECK_FOOD).format(named[0]),)
        elif question and not facts and asks_about_themselves(said):
            closers = (not_told_yet,)
        elif question and _SHOULD_I.search(body):
            closers = ("What are you leaning towards?",)  # "what should I wear to the wedding?": theirs to decide
        elif (
            question
            and not facts
            and (_RECALL_ASKED.search(said) or relative_asked(said) or _THEIR_OWN_ASKED.match(body))
        ):
            closers = (not_told_yet,)  # "do you remember what I told you about my sister?", nothing remembered
        elif question and not facts and _LIVE.search(said):
            closers = (_CANNOT_LOOK_UP,)  # "what's the weather like?": not "what do you think yourself?"
        elif request and _ADVICE_ASKED.search(body):  # "any tips for making friends in a new city?"
            closers = ("What have you tried so far?",) if facts else (_THINK_IT_THROUGH,)
        elif request:
            closers = ("What are you in the mood for?",) if facts else (_CANNOT_LOOK_UP,)
        elif question and not facts and ABOUT_PERSONA.search(said) and not OF_THEMSELVES.search(said):
            closers = (_ABOUT_ME_THE_BOT,)  # "do you have any hobbies?": not "what do you think yourself?"
        else:
            closers = (_RECALLED_CLOSERS if facts else _QUESTION_CLOSERS) if question else _STATEMENT_CLOSERS
        sentences.append(pick(closers, said))
    return " ".join(sentences)


def remember_calls(messages: list[Message], said: str) -> list[ToolCall]:
    """``llm_triggered`` personas: remember what the rules find in the person's last message."""
    system = " ".join(message_text(m) for m in messages if m.get("role") == "system")
    name = talking_with_name(system) or "The user"
    line = ConversationLine(time="00:00:00", name=name, handle="user", content=normalise(said))
    calls = []
    for fact in Reader({"user": name}).read([line]):
        if fact.subject != "user":
            continue
        arguments = {
            "content": fact.content,
            "kind": fact.kind,
            "importance": fact.importance,
            "expiration": fact.expiration,
            "topics": fact.topics,
        }
        calls.append(ToolCall(name=REMEMBER_TOOL_NAME, arguments=json.dumps(arguments, ensure_ascii=False)))
    return calls
