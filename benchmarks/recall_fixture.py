"""A small labelled retrieval fixture for ``benchmarks/context_latency.py``: one person, 50 memories.

Thirty memories answer one question each, and were written so that only one signal should find
them among the person's 50 memories (the default per-user cap):

* ``lexical``: a rare name or code that a sentence embedding does not tie to anything; half of
  these questions use only words of the memory (``"How's Glorbnak?"``), half add words the
  memory lacks (``"Is Bertrand still running?"``), as people do;
* ``semantic``: a paraphrase sharing no word (nor stem) with the memory and none of its tags;
* ``topic``: the question names one of the memory's topic tags, which the memory's text neither
  says nor obviously means (an extraction model tags "meets the group every Thursday" as ``dnd``).

The other twenty are everyday distractors. Labels are what each memory was written for, not
what any method returns: the benchmark measures which methods find them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Signal = Literal["lexical", "semantic", "topic"]


@dataclass(frozen=True)
class FixtureMemory:
    key: str
    content: str
    topics: tuple[str, ...]
    kind: str = "fact"


@dataclass(frozen=True)
class FixtureQuery:
    message: str
    expected: str  # key of the memory that answers it
    signal: Signal  # the one signal it was written to be found by


MEMORIES: tuple[FixtureMemory, ...] = (
    # Found lexically: rare names and codes.
    FixtureMemory("sourdough", "Named their sourdough starter Glorbnak.", ("baking", "food")),
    FixtureMemory("handle", "Their gaming handle is xXNightOwl93Xx.", ("gaming", "online")),
    FixtureMemory("car", "Drives an old Skoda Fabia they call Bertrand.", ("car", "driving")),
    FixtureMemory("band", "Their favourite obscure band is Kvelertak.", ("music", "metal"), "preference"),
    FixtureMemory("project", "Works on the Zephyrine project at their job.", ("work", "career")),
    FixtureMemory("street", "Lives in flat 4B on Quillfeather Lane.", ("home", "address")),
    FixtureMemory("cat", "Their cat is named Ptolemy.", ("pets", "cat")),
    FixtureMemory("climbing", "Their bouldering gym is Kletterwerk.", ("climbing", "fitness")),
    FixtureMemory("camera", "Is saving for a Lumix GH5 camera.", ("photography", "money"), "plan"),
    FixtureMemory("village", "Their grandmother's village is Pribyslav.", ("family", "roots")),
    # Found semantically: paraphrases with no shared word or tag.
    FixtureMemory("puppy", "Adopted a puppy from the shelter in March.", ("pets", "dog"), "event"),
    FixtureMemory("flying", "Is scared of flying and always takes the train.", ("travel", "fear"), "emotion"),
    FixtureMemory("nurse", "Works night shifts as a nurse at the hospital.", ("work", "health")),
    FixtureMemory("peanuts", "Is allergic to peanuts.", ("food", "health")),
    FixtureMemory(
        "grandmother", "Lost their grandmother last winter and still misses her.", ("family", "grief"), "emotion"
    ),
    FixtureMemory("marathon", "Wants to run a marathon next year.", ("fitness", "running"), "plan"),
    FixtureMemory("rent", "Their flat is tiny and the rent is very expensive.", ("home", "money")),
    FixtureMemory("engaged", "Got engaged to their girlfriend in Paris.", ("relationship", "love"), "event"),
    FixtureMemory("japanese", "Speaks fluent Japanese after living in Osaka.", ("languages", "japan")),
    FixtureMemory("horror", "Hates horror movies and can't watch anything scary.", ("movies",), "preference"),
    # Found by topic: the tag carries what the text leaves unsaid.
    FixtureMemory("dnd", "Meets the same group every Thursday at the community hall.", ("dnd", "tabletop"), "behavior"),
    FixtureMemory("warhammer", "Spent the whole weekend painting tiny figures.", ("warhammer", "hobby"), "event"),
    FixtureMemory("valorant", "Has been grinding for a new rank all week.", ("valorant", "gaming"), "behavior"),
    FixtureMemory("football", "Bought new boots and shin guards.", ("football", "sport"), "event"),
    FixtureMemory("fishing", "Is saving up for a better rod and reel.", ("fishing", "hobby"), "plan"),
    FixtureMemory("crypto", "Their portfolio dropped a lot this month.", ("crypto", "finance"), "event"),
    FixtureMemory("commute", "Keeps missing the 7:40 and getting told off.", ("commute", "work"), "behavior"),
    FixtureMemory("tattoos", "Has three of them already and wants a fourth.", ("tattoos", "art"), "plan"),
    FixtureMemory("gardening", "Waters them every morning before school.", ("plants", "gardening"), "behavior"),
    FixtureMemory("duolingo", "Is on level 40 now and hasn't missed a day.", ("duolingo", "languages"), "behavior"),
    # Distractors.
    FixtureMemory("pizza", "Loves pineapple on pizza.", ("food",), "preference"),
    FixtureMemory("brothers", "Has two older brothers.", ("family",), "relationship"),
    FixtureMemory("guitar", "Plays guitar badly but happily.", ("music",), "behavior"),
    FixtureMemory("formula", "Is a big fan of Formula 1.", ("sport", "f1"), "preference"),
    FixtureMemory("gym", "Goes to the gym before work.", ("fitness",), "behavior"),
    FixtureMemory("tea", "Prefers tea over coffee.", ("food", "drinks"), "preference"),
    FixtureMemory("knitting", "Is learning to knit scarves.", ("crafts",), "behavior"),
    FixtureMemory("flatmates", "Lives with two flatmates in Leeds.", ("home",)),
    FixtureMemory("cornwall", "Grew up by the sea in Cornwall.", ("family", "places")),
    FixtureMemory("walks", "Likes long walks on rainy days.", ("outdoors",), "preference"),
    FixtureMemory("vinyl", "Collects vinyl records of 70s soul.", ("music", "collecting"), "behavior"),
    FixtureMemory("exam", "Is studying for an accounting exam in June.", ("study", "exams"), "plan"),
    FixtureMemory("mornings", "Hates mornings and is always late.", ("habits",), "behavior"),
    FixtureMemory("foodbank", "Volunteers at the food bank on Saturdays.", ("volunteering",), "behavior"),
    FixtureMemory("iceland", "Wants to visit Iceland to see the northern lights.", ("travel",), "plan"),
    FixtureMemory("vegan", "Has been vegan since last summer.", ("food",), "decision"),
    FixtureMemory("chess", "Plays chess online most nights.", ("chess",), "behavior"),
    FixtureMemory("podcast", "Recently started a podcast about local history.", ("podcast", "history"), "event"),
    FixtureMemory("sister", "Their sister is a vet in Glasgow.", ("family",), "relationship"),
    FixtureMemory("bread", "Bakes bread every Sunday.", ("baking",), "behavior"),
)

QUERIES: tuple[FixtureQuery, ...] = (
    FixtureQuery("How's Glorbnak?", "sourdough", "lexical"),
    FixtureQuery("are you xXNightOwl93Xx?", "handle", "lexical"),
    FixtureQuery("Is Bertrand still running?", "car", "lexical"),
    FixtureQuery("Kvelertak!!", "band", "lexical"),
    FixtureQuery("how's Zephyrine going these days?", "project", "lexical"),
    FixtureQuery("Quillfeather Lane?", "street", "lexical"),
    FixtureQuery("how old is Ptolemy now?", "cat", "lexical"),
    FixtureQuery("at Kletterwerk?", "climbing", "lexical"),
    FixtureQuery("did you buy the GH5 yet", "camera", "lexical"),
    FixtureQuery("Pribyslav?", "village", "lexical"),
    FixtureQuery("How is your new hound settling in?", "puppy", "semantic"),
    FixtureQuery("Do airplanes make you nervous?", "flying", "semantic"),
    FixtureQuery("Are you on overnight duty on the ward again?", "nurse", "semantic"),
    FixtureQuery("Would a nut-based sauce make you ill?", "peanuts", "semantic"),
    FixtureQuery("I'm sorry your nan passed away.", "grandmother", "semantic"),
    FixtureQuery("Training for 42 kilometres?", "marathon", "semantic"),
    FixtureQuery("Is your apartment affordable?", "rent", "semantic"),
    FixtureQuery("When is the wedding?", "engaged", "semantic"),
    FixtureQuery("Can you read kanji?", "japanese", "semantic"),
    FixtureQuery("Fancy a slasher film tonight?", "horror", "semantic"),
    FixtureQuery("dnd later?", "dnd", "topic"),
    FixtureQuery("warhammer stuff?", "warhammer", "topic"),
    FixtureQuery("valorant tonight?", "valorant", "topic"),
    FixtureQuery("did you catch the football?", "football", "topic"),
    FixtureQuery("fishing this weekend?", "fishing", "topic"),
    FixtureQuery("crypto is crashing again", "crypto", "topic"),
    FixtureQuery("my commute was awful", "commute", "topic"),
    FixtureQuery("thinking about tattoos", "tattoos", "topic"),
    FixtureQuery("any gardening tips?", "gardening", "topic"),
    FixtureQuery("duolingo going ok?", "duolingo", "topic"),
)
