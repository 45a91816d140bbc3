"""The words and the JSON people are shown: values in, text out.

Pure like the rules core: it reads the engine's values (:mod:`rinkside.rules`,
:mod:`rinkside.tournament`) and says them once, for every page, report,
export and command: period labels (:mod:`.periods`), the clock
(:mod:`.clock`), penalty minutes (:mod:`.minutes`: 1:30, never 1.5),
classes, names and goal tags (:mod:`.names`), how a game was decided
(:mod:`.results`), shots and saves (:mod:`.shots`), a game's
record as lines (:mod:`.lines`: the game page's, the scoreboard's and the
official report's) and the live state the scoreboard and the console are
sent (:mod:`.state`). It never imports the store, the services or the web,
and decides no rule.
"""
