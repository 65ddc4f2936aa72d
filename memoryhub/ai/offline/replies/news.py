"""What news a fact told is, for the persona to meet it: hard news with sympathy (a divorce, an illness,
a job lost), good news with congratulations (a promotion, a baby, a place won), a recovery as good news
hoped to last."""

from __future__ import annotations

import re

from memoryhub.ai.offline.rules.online import RANKS
from memoryhub.ai.offline.rules.roles import CIVIC_ROLES
from memoryhub.ai.offline.vocabulary import ACCIDENT, GRAVE_ILLNESSES, HOSPITALS, PASSING_ILLNESSES

# News that is hard to hear (a divorce, an illness, a job lost) is met with sympathy, and good news
# (a promotion, a baby, an engagement) with congratulations, not "Got it … Good to know!".
_HARD = re.compile(
    rf"\b(?:divorce|break-?up|broke up|split up|separated|{GRAVE_ILLNESSES}|chemo|(?:in|had) {ACCIDENT}"
    rf"|(?:in|(?:rushed|taken|admitted|had to go) to) (?:the )?(?:{HOSPITALS})|icu"
    r"|recovering|surgery|operation|\w+(?<!vas)ectomy|(?:hip|knee) replacement|signed off|off work (?:with|sick|ill)\b"
    r"|(?:having|had|has had|had to have) (?:their|his|her|its) (?!braces|cast|stitches|plaster)(?:[\w-]+ ){1,2}"
    r"(?:out|removed)\b|amputated|lost (?:their|his|her) job|laid off|fired"
    r"|made redundant|furloughed|widowed|miscarriages?|strokes|heart attacks|seizures"
    r"|diagnosed(?! with (?:ADHD|ADD|autism|dyslexia|dyspraxia|dyscalculia)\b)|failed (?:their|his|her) |flunked"
    r"|behind on (?:rent|their mortgage|their bills)|(?:been|is) (?:(?:really|very|so|pretty|quite|off|terminally"
    r"|seriously|critically) )?(?:sick|ill|unwell|poorly)(?! of)"
    r"|broke down|has broken down|(?:boiler|heating|hot water|washing machine|fridge|freezer|oven) is broken"
    r"|(?:got|was) stolen|broken into|(?:got|was) written off|totall?ed"
    r"|(?:is|was|been) at the vet'?s?|(?:broke|sprained|twisted|fractured|tore|dislocated|injured|hurt|pulled"
    r"|strained|tweaked|rolled) (?:their|his|her) |strain|shin splints|stress fracture|(?:out|laid up)(?: for [\w ]+)?"
    rf" with|(?:has|had|got|caught|came down with) (?:{PASSING_ILLNESSES})\b|came off (?:their|his|her|the) bike"
    r"|crashed|got doored|was hit by"
    r"|was knocked off|having a flare-up|has to move out|(?:has|have) been hurting|been sleeping badly"
    r"|got out|ran away|went missing|gone missing|is missing|been missing|broke|failed its|panic attacks?"
    r"|anxiety attacks|nightmares|relapsed|hours were cut|was turned down (?:by|for)"
    r"|been served (?:a section 21|an eviction)|hospice(?! shop| charity)|palliative care"
    r"|end[- ]of[- ]life care|been trying for a baby for|(?:was|were) burgled|got scammed|was refused\b"
    r"|rent (?:is going|went) up|(?:flight|train|ferry|coach)(?: (?:to|from) [\w ]+| home)? was (?:cancelled|delayed)"
    r"|(?:had|took) (?:a|another) (?:bad |nasty |little |big )?(?:fall|tumble)"
    r"|lost (?:their|his|her) (?:wallet|purse|(?:car |house )?keys|phone|passport|(?:wedding |engagement )?ring"
    r"|bag|handbag|bank card|debit card|credit card)"
    r"|has been (?:bad|awful|terrible|rough|horrendous|worse|flaring up)|off sick)\b",
    re.IGNORECASE,
)


# A good cause, whose name may be an illness's: "a sponsored skydive for Cancer Research", "raised £500
# for the stroke unit". No news to be sorry about.
_FUNDRAISING = re.compile(r"\b(?:sponsored|fundrais\w*|raising (?:money|funds)|raised (?:£|\$|€)?\d|for charity)", re.I)


# Good news met as such rather than congratulated: "my brother got out of hospital" (a remission is won).
_WELL_AGAIN = (
    r"(?:got|came|is|was|been) (?:out of|home from|discharged from) (?:the )?(?:hospital|ICU|intensive care)"
    r"|(?:scan|biopsy|mammogram|results|bloods|tests?|smear|MRI) (?:was|were) (?:all )?(?:clear|normal|negative|benign)"
)
_GOOD = re.compile(
    r"\b(?:promoted|promotion|pregnant|expecting|engaged|proposed|getting married|got married|graduated|got into"
    r"|finished (?:their|his|her) (?:thesis|dissertation|degree|first|(?:last |final )?(?:ever )?(?:exams?|finals"
    r"|A-levels|GCSEs))|got an? (?:first|2:1|distinction) in"
    r"|defended (?:their|his|her) |learn(?:ed|t) (?:how )?to (?:ride|swim|walk|read|tie|crawl)"
    r"|got (?:their|his|her) (?:PhD|master's|degree)\b"
    r"|got accepted|(?:got|landed|found|started) (?:a new|the|(?:their|his|her) dream) job"
    r"|(?:bought|got) (?:their|his|her) first (?!tattoo|piercing)|has been (?:asked|invited) to (?:give|speak|present"
    r"|perform|play|sing|DJ|judge|exhibit|read) |'s (?:talk|paper|proposal|abstract|workshop|poster|submission) was"
    r" accepted|contract has been (?:extended|renewed)"
    r"|passed (?:(?:their|his|her) |grade \d)|aced|got (?:their|his|her) (?:[\w'-]+ ){0,3}licen[cs]e|got a raise"
    r"|won (?:the|a|an|their|his|her|first|best|gold|silver|bronze) |had (?:a baby|twins|triplets)"
    r"|(?:been|was|were|got) (?:picked|selected|chosen) for|sold (?:their|his|her) first"
    r"|got a place (?:at|on)|slept through the night|quit (?:smoking|vaping|drinking|the booze|cigarettes)"
    r"|got (?:their|his|her) (?:[\w-]+ ){0,2}(?:certification|certificate|qualification|chartership)"
    r"|raised (?:a|their) (?:seed|series)"
    r"|got an? (?:new )?job offer|has been offered (?:a|the) (?:[\w'&-]+ ){0,3}?(?:job|role|position|post|promotion)\b"
    r"|is going to be (?:an? )?(?:great[- ])?(?:grand|aunt|uncle|god|big |mum|mom|dad|mother|father|parent)\w*"
    r"|has a new (?:baby |grand)?(?:niece|nephew|son|daughter|child|baby|cousin|brother|sister)"
    r"|(?:scored|landed) (?:their|his|her) first|got (?:their|his|her) first (?:win|podium|pole|clean sheet)"
    r"|(?:daughter|son|baby|twins|little one)(?: (?-i:[A-Z])\w+)? (?:was|were) born(?! in (?:19|20)\d\d)"
    r"|(?:was|were) moved up to|finished the (?:first|second|final) draft"
    r"|(?:has|have) (?:a solo|the lead|the main part|a (?:speaking )?part) in|baby is due\b"
    r"|(?:grandchild|grandbaby|grandson|granddaughter) is due\b"
    r"|bought an? (?:new )?(?:house|home|flat|place)\b|adopted (?:an?|two|three|their) "
    r"|got an? (?:new )?(?:puppy|kitten)|was made a partner|got an? (?:\w+ )?offer from"
    r"|had (?:a|an|their|two|three) [\w ]+ (?:accepted|selected|shortlisted|published|featured|exhibited|commended)"
    r"|their (?:longest|furthest) (?:ride|run|swim|hike)|their personal best|approved to adopt|matched for adoption"
    r"|(?:said|took|got) (?:his|her|their) first (?:words?|steps|tooth)"
    r"|(?:swam|rowed|kayaked|paddled|sailed) the (?:English Channel|Channel|Atlantic|Pacific|Irish Sea)"
    r"|is playing (?-i:[A-Z])[\w'-]*(?: (?:the )?(?-i:[A-Z])[\w'-]*)* in "
    r"|is getting a new (?:puppy|kitten|dog|cat)"
    r"|got (?:their|his|her) (?:[\w-]+ )?(?:visa|permit|citizenship|settled status|green card|residency|blue card)"
    r"|(?:ran|finished|completed) (?:their|his|her|a) first (?:marathon|half marathon|race|5k|10k|triathlon|ultra)"
    r"|(?:rode|did) (?:their|his|her) first (?:\d{2,3} ?(?:k|km|miles?|mi) |(?:metric |imperial )?century"
    r"|sportive|audax)"
    r"|gave blood for the|got (?:their|his|her) braces off"
    r"|moved (?:in)?to (?:their|his|her) (?:new|first) (?:flat|house|home|apartment|place)|paid off"
    r"|was accepted into|became an? (?:great[- ])?(?:grand\w+|aunt\w*|uncle|mum|mom|dad|mother|father|parent|homeowner)"
    r"|celebrated (?:their|his|her) \w+ (?:wedding )?anniversary|moved in together"
    r"|is buying (?:their|his|her|a) (?:first |new )?(?:house|home|flat|place)"
    r"|has been (?:clean|sober|self-harm free) for|set a new (?:[\w-]+ ){0,2}personal best"
    r"|has lost (?:\d+\s?|(?:a|one|two|three|four|five|six|seven|eight|nine|ten|half a) )(?:kg|lbs?|pounds|stone)"
    r"|passed the |(?:released|launched|shipped|published|self-published|put out) (?:their|his|her) "
    r"|got the keys to|exchanged contracts|mortgage was approved|offer on [\w' ]+ was accepted"
    r"|is (?:completing the purchase of|exchanging contracts on)"
    r"|(?:cycled|ran|walked|hiked|swam|rowed|sailed|paddled) from (?-i:[A-Z])[\w' -]+ to (?-i:[A-Z])\w*"
    r"|reached [\d,.]+k? (?:followers|subscribers|downloads|users|stars|customers)"
    r"|came (?:first|second|third|1st|2nd|3rd) in|(?:was|were) picked for|raised [£$€]?\d[\d,.]*k?"
    r"|won the (?:[\w'-]+ ){0,2}?(?:league|cup|title|championships?|tournament|trophy|shield|final)\b"
    r"|(?:crossword|cryptic|jigsaw|sudoku) (?:for the first time|in under)"
    r"|is in the (?:(?:regional|national|county|area|cup|league|world|european) )?(?:semi-?)?finals?\b"
    rf"|is in remission|is cancer[- ]free|got the all[- ]clear|{_WELL_AGAIN}"
    r"|has tickets for|band signed|pull request was merged|has been asked to be|had (?:kittens|puppies|babies|a litter)"
    r"|was (?:elected|voted|appointed) |has been (?:shortlisted|nominated) for|became an? (?:\w+ )?citizen"
    rf"|became an? (?:{CIVIC_ROLES})\b"
    r"|(?:was|has been) made (?:the |a )?(?:captain|chair|president|head|secretary|treasurer|prefect|partner"
    r"|vice[- ]captain)"
    r"|qualified as|hit (?:their|his|her|a) (?:first )?hole in one|got a new car"
    r"|finished (?:chemo|chemotherapy|radiotherapy|radiation|immunotherapy)|(?<!is )(?<!a )retired\b"
    r"|has booked (?:their|his|her) wedding|has found (?:their|his|her) wedding dress"
    r"|opened (?:their|his|her) (?:first|second|third|new|own) |(?:opened|set up|started|launched) (?:an?|their|his"
    r"|her) (?:own |new )?(?:[\w-]+ ){0,2}?(?:caf[eé]|shop|business|bakery|restaurant|salon|pub|studio|company"
    r"|charity|clinic|practice|brewery)\b|handed in (?:their|his|her) (?:dissertation|thesis)"
    r"|signed the lease on (?:their|his|her) own |climbed (?:Mt\.? |Mount |Ben )?(?-i:[A-Z])\w*"
    r"|(?:baked|knitted|brewed|sewed|crocheted|quilted) (?:their|his|her) first |sleeps through the night"
    rf"|reached (?:{RANKS})\b)\b",
    re.IGNORECASE,
)


# Something hoped for and not got: "didn't get the promotion" (no congratulations for the promotion).
_NOT_GOT = re.compile(r" didn't get ")


def hard_news(content: str) -> bool:
    """ "Priya's dad has dementia", "Priya didn't get the promotion": met with sympathy ("finished chemo"
    is good news though chemo is hard; a fundraiser for a hospice is no news to be sorry about)."""
    not_got = bool(_NOT_GOT.search(content))
    return (
        bool(_HARD.search(content) or not_got)
        and (not _GOOD.search(content) or not_got)
        and not (_FUNDRAISING.search(content))
    )


def good_news(content: str) -> bool:
    """ "Priya got engaged", "Priya's first grandchild is due in June": congratulated."""
    return bool(_GOOD.search(content)) and not _NOT_GOT.search(content)


def well_again(content: str) -> bool:
    """ "Priya's brother got out of hospital": good news, met as such rather than congratulated."""
    return bool(re.search(_WELL_AGAIN, content, re.IGNORECASE))
