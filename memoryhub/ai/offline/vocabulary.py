"""The words the rules know: times, jobs, pets, family, feelings, fillers and stop words."""

from __future__ import annotations

import re


def word_set(words: str) -> frozenset[str]:
    return frozenset(words.split())


MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
# A month as chat shortens it, and its name: "nov. 11th", "moving to berlin in jan".
MONTH_NAMES = {
    "jan": "January", "feb": "February", "mar": "March", "apr": "April", "may": "May", "jun": "June",
    "jul": "July", "aug": "August", "sep": "September", "oct": "October", "nov": "November", "dec": "December",
}  # fmt: skip
# The shortened months that say a time after "in" (not "mar": "in Mar del Plata"; "may" is whole).
_MONTHS_SHORT = "|".join(short for short in MONTH_NAMES if short not in ("mar", "may")) + "|sept"
# A month after "next" or "this": "may" only as a name ("this may take a while" says no time).
MONTHS_NAMED = MONTHS.replace("|may|", "|(?-i:May)|")


# How many of something: "a", "two", "3" ("another" is read by the rules that take it).
COUNTS = r"an?|one|two|three|four|five|six|\d+"
# Irregular past participles, of what is said just done: "I've just had a baby", "Tom's just become a dad".
IRREGULAR_PARTICIPLES = (
    "become|had|got|won|made|bought|found|left|sold|begun|paid|met|seen|lost|spent|sent|built|kept|caught|taught"
    "|brought"
)
# Since when, in years or in life: "since 1992", "since I was 6", "since I was a kid" (``text.since_age``
# says the last "since childhood").
SINCE_WHEN = (
    r"since (?:I was (?:\d{1,2}|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen"
    r"|a kid|a child|little|young|a teenager)|(?:19|20)\d\d)"
)
# How long something has gone on: "for 8 years", "for a few weeks", "for ten months".
FOR_A_SPAN = (
    r"for (?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty"
    r"|fifty|a few|a couple of|several|many)"
    r" (?:days?|weeks?|months?|years?)"
)
# The counts above as numbers: "two" → 2 (and 2 → "two" where one is said back).
NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
# Which time a thing happened: "for the fifth time", "gave blood for the 20th time".
NTH = (
    r"\d{1,3}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|twentieth|fiftieth"
    r"|hundredth"
)
# A family role taken once more: "I'm a grandma for the fifth time!", "I'm an auntie again".
ANEW = rf"\s*(?P<anew>again|for the (?:{NTH}) time)\b"


# The years of a marriage said by name: "our ruby wedding", "their golden anniversary".
ANNIVERSARY_NAMES = "silver|pearl|coral|ruby|sapphire|golden|emerald|diamond|platinum"

# The decades of a life: "in my twenties", "my mid-30s".
DECADES = "teens|twenties|thirties|forties|fifties|sixties|seventies|eighties|[2-8]0s"

WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
# How often something is done, said after it: "every week", "twice a month", "every other Thursday",
# "on Mondays".
HOW_OFTEN = re.compile(
    rf"(?:every|each|once a|twice a|three times a) (?:other )?(?:week|fortnight|month|day|morning|evening|night"
    rf"|{WEEKDAYS})|on (?:{WEEKDAYS})s|every (?:two|three|four|six|\d{{1,2}}) (?:days|weeks|months)",
    re.IGNORECASE,
)
# The martial arts, by the names their clubs use ("a yellow belt in taekwondo", "I've been doing judo"),
# and the colours of their belts.
MARTIAL_ARTS = (
    r"karate|judo|taekwondo|jiu[- ]jitsu|bjj|kickboxing|aikido|kung fu|muay thai|krav maga|wing chun|tai chi|qigong"
)
BELT_COLOURS = r"black|brown|blue|purple|green|red|yellow|orange|white"
# A club's, a team's, a company's or a charity's name: up to four capitalised words, perhaps joined by
# "and", "&" or "of" ("Monzo", "the Fox and Hounds", "Hallamshire Golf Club", "Ernst & Young").
PROPER_NAME = r"(?-i:[A-Z])[\w&'-]*(?: (?:(?:and|&|of) )?(?-i:[A-Z0-9])[\w&'-]*){0,3}"


# A day of the month said alone: "on the 14th", "the 3rd": a time, though no month is said.
DAY_OF_MONTH = re.compile(r"\b(?:on )?the [0-3]?\d(?:st|nd|rd|th)\b", re.IGNORECASE)


# An "if" that invites others in, or waits on what may come up, said after a fact that stands on its
# own: "I'm playing tennis on Saturday if anyone wants to join", "I stream on Fridays if you wanna
# watch", "I'm on call this weekend if anything breaks".
INVITING_IF = (
    r"\bif\s+(?=(?:you|u|ya|y'all|anyone|anybody|any of you|someone|somebody|people|ppl|anything|something"
    r"|needed|need be)\b)"
)


# Gatherings one goes to: "went to my nephew's christening", "I'm going to a wedding in June".
GATHERINGS = (
    r"wedding|funeral|christening|baptism|bar mitzvah|bat mitzvah|graduation|barbecue|bbq|housewarming"
    r"|baby shower|memorial|hen do|stag do|reunion|ceremony|concert|festival|gig|conference|convention"
)


_SOON_TIME = (
    rf"today|tonight|tomorrow(?: (?:morning|afternoon|evening|night))?"
    rf"|this (?:week(?:end)?|morning|afternoon|evening|{WEEKDAYS})|next (?:week(?:end)?|{WEEKDAYS})"
    rf"|on (?:{WEEKDAYS})s?|(?<!every )(?<!each )(?:{WEEKDAYS})(?=\s*(?:$|[,.!]))|(?:over|at) the weekend|all weekend"
    rf"|later (?:today|tonight|this week)"
    rf"|in (?:a day|a few days|a couple of days|two days|three days|\d days)"
)


_LATER_TIME = (
    rf"next (?:month|year|summer|winter|spring|fall|autumn)|this (?:month|year|summer|winter|spring|fall|autumn)"
    rf"|later this (?:month|year)|in (?:{MONTHS}|{_MONTHS_SHORT})"
    rf"|by (?:the end of )?(?:{MONTHS})|(?:next|this) (?:{MONTHS_NAMED})"
    rf"|in (?:a|one|two|three|four|a few|a couple of|\d+) (?:weeks?|months?|years?)"
    rf"|(?:at|by) the end of the (?:week|month|year)|soon|(?:in|over) the (?:summer|winter|spring|autumn|fall)"
    rf"|(?:for|over|at) (?:christmas|thanksgiving|easter|the holidays|new year'?s?|hanukkah|diwali|eid)"
    r"|in the new year"
    # "booked for June", "due in early October", "over half term"
    rf"|for (?:{MONTHS})|(?:in )?(?:early|mid|late)[- ](?:{MONTHS})|(?:at )?(?:the )?end of (?:{MONTHS})"
    rf"|(?:for|over|at|in) (?:the )?(?:half[- ]term|(?:easter|summer|christmas|school) holidays)"
)


TIME = re.compile(rf"\b(?:{_SOON_TIME}|{_LATER_TIME})\b", re.IGNORECASE)


# How long ago: "two weekends ago", "ten years ago", "a decade ago".
_AGO = (
    r"(?:a|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|a few|a couple of|several|\d+)"
    r" (?:days?|weeks?|weekends?|months?|years?|decades?) ago"
)
# When something already happened: "last summer", "two weekends ago", "in 2019", "yesterday".
PAST_TIME = re.compile(
    rf"\b(?:last (?:night|week(?:end)?|month|year|summer|winter|spring|fall|autumn|christmas|{WEEKDAYS}|{MONTHS})"
    rf"|{_AGO}"
    r"|in (?:19|20)\d\d|over the (?:weekend|holidays|summer|break)|at the weekend"
    r"|this past (?:week(?:end)?|month|summer)|all (?:week(?:end)?|month)"  # "has been teething all week"
    r"|recently|yesterday)\b",
    re.IGNORECASE,
)


SOON = re.compile(rf"(?:{_SOON_TIME})", re.IGNORECASE)


JOBS = (
    "accountant|actor|actress|administrator|analyst|architect|artist|baker|barber|barista|bartender|builder"
    "|butcher|carpenter|cashier|chef|chemist|cleaner|clerk|coach|consultant|contractor|cook|cop|counsell?or"
    "|dentist|designer|dev|developer|doctor|driver|economist|editor|electrician|engineer|farmer|firefighter"
    "|freelancer|gardener|hairdresser|historian|intern|janitor|journalist|judge|lawyer|lecturer|librarian"
    "|lifeguard|linguist|machinist|manager|mechanic|midwife|miner|musician|nanny|nurse|officer|painter"
    "|paralegal|paramedic|pharmacist|photographer|physician|physicist|physiotherapist|pilot|plumber|poet"
    "|producer|professor|programmer|psychiatrist|psychologist|receptionist|reporter|researcher|sailor"
    "|salesman|scientist|secretary|singer|soldier|streamer|student|surgeon|surveyor|sysadmin|tailor|teacher"
    "|technician|therapist|trader|translator|trucker|tutor|vet|veterinarian|waiter|waitress|welder|writer"
    "|youtuber|assistant|physio|tech|technologist|researcher|dietitian|nutritionist|optometrist|radiographer"
    "|hygienist|carer|caregiver|social worker|firefighter|fireman|policeman|policewoman|police officer"
    "|mailman|postman|courier|dispatcher|bookkeeper|auditor|banker|broker|realtor|estate agent|recruiter"
    "|marketer|copywriter|illustrator|animator|videographer|filmmaker|director|dancer|choreographer"
    "|composer|dj|sommelier|pastry chef|line cook|sous chef|baker|florist|vet tech|zookeeper|ranger"
    "|archaeologist|biologist|geologist|mathematician|statistician|data scientist|coder|tester|webdev"
    "|founder|ceo|cto|entrepreneur|teaching assistant|TA|postdoc|grad student|undergrad|apprentice|GP"
    "|paramedic|EMT|doula|pediatrician|paediatrician|anesthesiologist|anaesthetist|radiologist|dentist"
    "|orthodontist|chiropractor|masseuse|massage therapist|personal trainer|instructor|lecturer|principal"
    "|headteacher|pastor|priest|rabbi|imam|chaplain|electrician|roofer|bricklayer|mason|landscaper"
    "|locksmith|pilot|flight attendant|steward|stewardess|conductor|machinist|operator|warehouse worker"
    "|server|host|hostess|bouncer|security guard|guard|barman|cashier|shop assistant|manager|supervisor"
    "|foreman|nurse practitioner|midwife|pharmacist|dev|devops|sre|beekeeper|woodworker|blacksmith|luthier"
    "|solicitor|barrister|civil servant|care worker|support worker|youth worker|key worker|factory worker"
    "|construction worker|charity worker|plasterer|HCA|dog walker|childminder|au pair|groomer|tattooist|joiner"
    "|tiler|decorator|caretaker|porter|housekeeper|interpreter|optician|podiatrist|sonographer|phlebotomist"
    "|labourer|laborer|scaffolder|postie|adviser|advisor|actuary|underwriter|claims handler|warehouse operative"
    "|signaller|cabin crew|air traffic controller|proofreader|archivist|curator|tour guide|shepherd|fisherman"
    "|brewer|winemaker|beautician|SENCO|deputy head|dinner lady"
)


# A job's title, of one word or two: "a nurse", "an assistant manager".
JOB = rf"(?:{JOBS})(?: (?:{JOBS}))?"
# Words before a job's title that judge a skill instead: "a terrible cook", "a good driver", "an
# aspiring actor", "a home cook" say how one cooks or drives, not what one works as.
JUDGED = (
    "good|great|bad|terrible|awful|decent|keen|amateur|home|aspiring|wannabe|nervous|lousy|horrible"
    "|excellent|amazing|average|better|worse|best|worst|careful|confident|messy|hobby"
)


# Dog and cat breeds, said instead of "dog" or "cat": "we adopted a rescue greyhound".
BREEDS = (
    "greyhound|corgi|husky|beagle|labrador|lab|poodle|golden retriever|retriever|dachshund|pug|terrier"
    "|border collie|collie|cocker spaniel|spaniel|german shepherd|shepherd|french bulldog|bulldog|frenchie"
    "|chihuahua|shiba(?: inu)?|akita|rottweiler|doberman|great dane|pomeranian|schnauzer|whippet"
    "|dalmatian|mastiff|pitbull|pit bull|staffie|lurcher|sheepdog|malamute|samoyed|cavapoo"
    "|cockapoo|labradoodle|goldendoodle|maltese|shih tzu|yorkie|weimaraner|vizsla|sphynx|siamese"
    "|maine coon|ragdoll"
)


PETS = (
    "dog|cat|puppy|kitten|hamster|rabbit|bunny|parrot|bird|goldfish|fish|snake|lizard|turtle|tortoise"
    "|horse|guinea pig|ferret|gecko|hedgehog|rat|mouse|budgie|cockatiel|canary|parakeet|chinchilla|gerbil"
    "|axolotl|tarantula|iguana|chameleon|frog|pony|donkey|goat|chicken|hen|duck|pig|alpaca"
    "|bearded dragon|leopard gecko|ball python|corn snake|betta(?: fish)?|koi|kitty|pup|doggo"
    f"|{BREEDS}"
)


FAMILY = (  # a hyphenated relation before the word it starts with: "mother-in-law", not "mother"
    "in-laws|mother-in-law|father-in-law|sister-in-law|brother-in-law"
    "|great[- ](?:grandma|grandpa|grandmother|grandfather|granddad|grandad|gran|granny|nan|aunt|uncle)"
    "|sister|brother|mom|mum|mother|dad|father|wife|husband|son|daughter|girlfriend|boyfriend|partner"
    "|fianc[ée]e?|cousin|aunt|uncle|grandson|granddaughter|grandkid|grandchild|grandma|grandmother|grandpa|grandfather|niece|nephew|twin"
    "|step[- ]?(?:mom|mum|dad|sister|brother|son|daughter|kid|child)|kid|child|bf|gf|bro|sis|nan|nana|gran|granny"
    "|granddad|grandad|grandparent|parent|abuela|abuelo|abuelito|abuelita|oma|opa|mama|papa|baby|toddler"
    "|spouse|hubby|oldest|eldest|youngest|sibling|godson|goddaughter|little one"
)


# Occasions one has at a time: "I have an exam on Monday", "my surgery is on the 14th".
OCCASIONS = (
    r"exam|interview|test|appointment|meeting|match|game|date|flight|trip|tournament|concert|wedding|surgery"
    r"|presentation|deadline|shift|vacation|holiday|party|finals?|raid|race|recital|audition"
    r"|scan|check-up|checkup|mri|x-ray|blood test|smear test|jab|booster|therapy session|counselling session"
    r"|counseling session|competition|comp|grading|regatta|gala|viva|marathon|triathlon|graduation|procedure"
    r"|biopsy|colonoscopy|endoscopy|mammogram|ultrasound|ecg|ceremony|hearing|induction|open day"
    r"|(?:week|day|fortnight|long weekend) off"
    r"|(?:annual |performance )?review|appraisal|jury (?:service|duty)|assessment|tribunal|consultation"
    r"|parents'? evening|sports day|nativity|school play|open evening|(?:hen|stag) (?:do|night)"
)

# Where a stay in hospital is told: "in the ER", "rushed to the hospital", "my mom's in the ICU".
HOSPITALS = "hospital|ER|A&E|emergency room|ICU|intensive care"
# A title introduced by its kind: "this show called Severance", "a game called Hades" (the title follows).
CALLED = (
    r"(?:this|a|an|the) (?:[a-z]+ ){0,2}?(?:game|show|series|book|novel|band|song|album|app|podcast|movie|film"
    r"|anime|manga|artist|singer|youtuber|channel) (?:called|named) "
)
# The illnesses that make a relative's news grave and are met with sympathy: "my dad has cancer".
GRAVE_ILLNESSES = (  # an initialism as written: "Ms Patel" is no illness
    r"cancer|dementia|alzheimer'?s|parkinson'?s|leuka?emia|tumou?r|stroke|heart attack|seizure|multiple sclerosis"
    r"|(?-i:MS|MND|ALS|COPD)|motor neuron(?:e)? disease|heart failure|kidney failure|huntington'?s"
)
# Illnesses that pass, caught by oneself or a relative and met with sympathy: "my son has croup",
# "I've got tonsillitis" (kept for a month, not for good).
PASSING_ILLNESSES = (
    r"(?:a |the )?(?:cold|flu|covid|fever|(?:stomach |tummy |sickness |winter vomiting )?bug|virus|chicken ?pox"
    r"|norovirus)|(?:an? )?(?:chest|ear|throat|kidney|eye|sinus) infection|an? UTI|strep(?: throat)?"
    r"|food poisoning|tonsillitis|croup|conjunctivitis|pink ?eye|hand foot and mouth|glandular fever"
    r"|scarlet fever|shingles|whooping cough|measles|mumps|bronchiolitis|gastroenteritis|head lice|nits"
)
# An accident, as grave news: "a bad car accident", "a crash".
ACCIDENT = r"an? (?:bad |serious |terrible |horrible |major )?(?:car |bike |motorbike |skiing )?(?:accident|crash)"


# The words that say which of a kind of relative: "my little sister", "two older brothers".
RELATIVE_AGES = "little|lil|big|older|younger|baby|twin|eldest|oldest|youngest"


FRIENDS = "best friend|best mate|bestie|bff|friend|mate|pal|roommate|flatmate|neighbou?r"


COLLEAGUES = "boss|coworker|co-worker|colleague|manager"


# A partner one had: "my ex is marrying my cousin".
EXES = "ex-wife|ex-husband|ex-boyfriend|ex-girlfriend|ex-partner|ex"


RELATIONS = f"{FAMILY}|{FRIENDS}|{COLLEAGUES}|{EXES}"

# Where one is from, as a word: "I'm Irish", "a British expat".
NATIONALITIES = (
    "american|british|english|scottish|welsh|irish|canadian|australian|mexican|brazilian|argentinian|chilean"
    "|colombian|peruvian|cuban|spanish|portuguese|french|german|dutch|belgian|swiss|austrian|italian|greek"
    "|polish|czech|slovak|hungarian|romanian|bulgarian|serbian|croatian|ukrainian|russian|swedish|norwegian"
    "|danish|finnish|icelandic|estonian|latvian|lithuanian|turkish|lebanese|syrian|iranian|persian|iraqi"
    "|egyptian|moroccan|algerian|tunisian|nigerian|ghanaian|kenyan|ethiopian|somali|south african|indian"
    "|pakistani|bangladeshi|sri lankan|nepali|chinese|japanese|korean|vietnamese|thai|filipino|filipina"
    "|indonesian|malaysian|singaporean|taiwanese|jamaican|puerto rican|dominican|haitian|israeli|palestinian"
    "|jordanian|saudi|emirati|afghan|kurdish|armenian|georgian|venezuelan|ecuadorian|bolivian|uruguayan"
    "|paraguayan|guatemalan|honduran|salvadoran|nicaraguan|costa rican|panamanian|new zealander|kiwi"
)

# A yes, as chat says it.
YES_WORDS = r"yes|yeah|yep|yup|yea|ya|sure"

# Which children they are, said after "two kids": ", a boy and a girl", ", both girls".
WHICH_KIDS = re.compile(
    r",?\s+(?P<which>(?:both |all )?(?:(?:a|one|two|three|\d) )?(?:boys?|girls?|sons?|daughters?)"
    r"(?:,? and (?:a|one|two|three|\d) (?:boys?|girls?|sons?|daughters?))?)\s*(?:$|[,.!;])",
    re.IGNORECASE,
)

# What says hello at the start of a message.
HELLOS = r"hi|hello|hey|heya|hiya|yo|howdy|sup|greetings|good (?:morning|afternoon|evening)"

# A partner, whatever the word: "dinner w my husband tonight", "has a girlfriend named Leo".
PARTNERS = word_set("wife husband boyfriend girlfriend fiance fiancé fiancee fiancée partner hubby")


# The relations "she" or "he" can go on about ("my sister moved to Berlin, she works at a startup");
# any other relation takes either.
SHE_RELATIONS = word_set(
    "sister mom mum mother wife daughter girlfriend aunt grandma grandmother niece stepmom stepsister gf sis nan"
    " nana gran granny abuela abuelita oma mama stepdaughter mother-in-law sister-in-law goddaughter great-grandma"
    " fiancée fiancee"
)
HE_RELATIONS = word_set(
    "brother dad father husband son boyfriend uncle grandpa grandfather nephew stepdad stepbrother bf bro granddad"
    " grandad abuelo abuelito opa papa stepson father-in-law brother-in-law hubby godson great-grandpa fiancé"
)


FEELINGS = (
    "tired|exhausted|excited|stressed out|stressed|sad|happy|anxious|nervous|worried|angry|mad|upset|bored"
    "|lonely|sick|ill|frustrated|depressed|overwhelmed|burnt out|burned out|drunk|thrilled|pumped|hyped"
    "|scared|proud|grateful|thankful|relieved|annoyed|confused|sleepy|hungover|homesick|heartbroken"
    "|furious|miserable|ecstatic|stoked|terrified|dreading|devastated|gutted|buzzing|over the moon|nervous"
    "|looking forward to|freaking out|panicking|terrified|excited af|apprehensive|jittery|on edge"
    "|down(?! (?:for|to|with|bad|here|there|in|at|on)\\b)"  # "feeling down", not "I'm down for pizza"
)


# The first word of each feeling (a mood's topic) that is hard to have: met with sorrow, not "So glad".
NEGATIVE_FEELINGS = word_set(
    "tired exhausted stressed sad anxious nervous worried angry mad upset bored lonely sick ill frustrated"
    " depressed overwhelmed burnt burned scared annoyed confused sleepy hungover homesick heartbroken"
    " furious miserable devastated gutted terrified dreading apprehensive jittery panicking freaking down"
    " on"  # "on edge"
)


INTENSIFIERS = (
    r"(?: (?:so+|really|very|super|pretty|kinda|kind of|a bit|a little|quite|totally|extremely"
    r"|incredibly|absolutely|just|honestly|lowkey|literally|soo+))*"
)


ADVERBS = r"(?: (?:just|really|absolutely|totally|honestly|genuinely|also|still|kinda|actually|do|truly))?"


STOPWORDS = word_set(
    """either neither whether
    a about above after again against all am an and any are aren't as at be because been before being
    below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down
    during each few for from further had hadn't has hasn't have haven't having he he'd he'll he's her here
    here's hers herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its
    itself let's me more most mustn't my myself no nor not of off on once only or other ought our ours
    ourselves out over own same shan't she she'd she'll she's should shouldn't so some such than that
    that's the their theirs them themselves then there there's these they they'd they'll they're they've
    this those through to too under until up very was wasn't we we'd we'll we're we've were weren't what
    what's when when's where where's which while who who's whom why why's will with won't would wouldn't
    you you'd you'll you're you've your yours yourself yourselves yeah yes yep ok okay oh lol haha hey hi
    hello just like really got get gonna wanna also well now then actually anyone anybody guys thing
    things much many lot lots one way know think going still even though said says say around across along
    towards toward onto via"""
)


# "passed" said of a death, with nothing passed after it: "my nan passed last week", "our dog passed on Sunday",
# not "my brother passed his driving test", "my mum passed the salt".
PASSED = (
    r"passed(?= *$|\s*[,.!?;:)]|\s(?:away|last|this|yesterday|today|earlier|recently|suddenly|peacefully|overnight"
    r"|after|in|at|two|three|four|five|\d+|a (?:week|month|year|few|couple)|tomorrow|next (?:week|month|year|\w+day))\b"
    r"|\son (?!the\b|it\b|to\b|that\b))"
)


# Their ages after children counted: "two kids aged 4 and 7", "2 kids (4 and 7)", "three girls, 2, 5 and 9".
AGES_LISTED = re.compile(r",? (?:aged |ages |who are |\()?(?P<ages>\d{1,2}(?:(?:, | and | & )\d{1,2})+)\)?(?![\w-])")


# When or which, not what: no topic ("learning to sail last month" is about sailing, "their first EP" an EP).
NOT_TOPICS = word_set(
    "last next ago week weeks month months year years today tomorrow tonight yesterday first second third"
)


# Words that look like a name after "call me" / "my sister" but are not one.
NOT_NAMES = STOPWORDS | word_set(
    "later tomorrow tonight back maybe sometime anytime whenever crazy old anything whatever lives works is"
    " was has had said says got just who that named called"
)


OBJECT_PRONOUNS = word_set("it that this them you him her those these how when what u ya ur your me us myself")


_PLACE_STOP = (
    r"now|next|this|last|in|on|for|with|and|but|or|because|since|soon|tomorrow|today|tonight|later|by"
    r"|after|before|to|where|which|who|that|when|near|outside|actually|lol|haha|eventually|finally|again"
    r"|too|forever|permanently|temporarily|someday|probably|maybe|hopefully|i|we|so|then|already|yet"
    r"|right|at|from|is|was|it|its|it's|and|with|like|tho|though|currently|anymore|originally|originaly|specifically"
    r"|these|those|as|rn|atm|tbh|lol|lmao|ngl|for|so|pls|please|born|everyone|every|all|nowadays|days|mostly|too"
    r"|here|there|but|yet|while|until|till|during|via|because|cuz|y'all|ya|you"
    rf"|{_AGO}"  # "Leeds three years ago": a time after the place, not a word of it
)


PLACE_PATTERN = re.compile(
    rf"^(?!(?:{_PLACE_STOP})\b)(?P<place>[a-z][\w'.\u2024-]*(?:\s+(?!(?:{_PLACE_STOP})\b)[a-z][\w'.\u2024-]*){{0,3}})",
    re.IGNORECASE,
)


ABBREVIATIONS = word_set("uk us usa nyc la sf dc uae eu nz kl hk")


SMALL_WORDS = word_set("of the and de upon on la")


# "I'm" or "I am", as the rules write it.
I_AM = r"I(?:'m| am)"
# Words a statement may open with before its subject: "honestly, pineapple on pizza is elite".
LEAD_FILLERS = (
    r"(?:(?:honestly|tbh|ngl|imo|lol|ok|okay|but|and|yeah|well|so|like|personally|srsly|fr|also|look|listen)[, ]+)*"
)


# Adverbs that may stand between a subject and its verb, said back without them ("you (just) moved").
ADVERB_WORDS = word_set(
    """just really also still never always finally totally actually already even usually often sometimes
    literally kinda probably definitely absolutely honestly basically recently only mostly seriously
    genuinely properly regularly slowly quickly currently gradually officially constantly"""
)
# The adverbs between a member's name and the news told of them: "Carol just got engaged".
REPORTED_ADVERB_WORDS = word_set(
    """just finally really also still recently totally actually now officially apparently"""
)
# Before a life event: "I just started…", "I finally graduated".
EVENT_ADVERBS = r"(?: (?:just|finally|recently|officially|actually))?"
# How keen: "I'm lowkey obsessed with…", "I'm completely into…", "I just really love…".
KEENLY = (
    r"(?: (?:just|really|absolutely|totally|honestly|genuinely|also|still|kinda|kind of|actually|do|truly|lowkey"
    r"|low-key|highkey|seriously|literally|secretly|sort of|so|always|personally|unironically|completely|a bit"
    r"|weirdly|deeply|fully|now|currently|very|super|pretty|quite|such)){0,3}"
)


# Words a message may open with that tell nothing: "yeah so", "omg", "fun fact:", "did you know".
FILLERS = (
    r"yeah|yea|yes|yep|yup|oh+|ok|okay|well|lol|lmao|haha\w*|omg|wow|um+|uh+|hmm+|ugh+|argh+|welp|phew|yay+|o{2,}h*|aw+"
    r"|btw|also|and|anyway|actually"
    r"|so|like|nice|cool|great|no way|hey|man|dude|bro|guys|honestly|tbh|ngl|not gonna lie|fr|personally"
    r"|did (?:you|u|y'all) (?:know|hear)(?: that| about)?|fun fact:?|heads up:?|psa:?|reminder:?"
)
# The words after which "I …" still starts a statement of one's own.
OPENER_WORDS = word_set(
    """and but so because cause cuz since now also actually honestly still then lol yeah yea yes ok
    okay well currently plus btw anyway tbh fyi ngl oh um uh guess hey wow omg haha hmm alright
    right sure luckily sadly finally officially basically anyways moreover besides recently lately
    update news news: guys everyone folks y'all naturally obviously clearly meanwhile anyway ugh argh welp
    phew yay ooh oooh ooo aww awww omfg lmao"""
)
# Words a clause may end on that tell nothing: "…lol", "…tbh", "…too".
TRAILING_WORDS = word_set(
    "actually anyway anyways finally honestly lmao lmfao lol rofl sadly tbh though too unfortunately ugh yay woohoo smh"
    " fml sigh omg thanks thx ty cheers"
)
# An aside said at the end: "I'm Tom, by the way" (a name given in passing), "I hate olives btw".
ASIDES = r"(?:btw|by the way)"
# What people type to try a chat out ("test", "ping", "asdf"): no topic for a summary.
# A reply that is no answer: "idk", "nope", "why?" (rules/__init__.py and the typed answers).
NON_ANSWERS = word_set("idk dunno not no nope nowhere yes yep maybe why what who lol haha sure")

TEST_WORDS = word_set("test testing tests delay ping pong hello hi hey asdf foo bar")
