"""The one application layer (load, call the domain, save) shared by the CLI,
the web and the tests: the only code that opens a session of the store.

- :mod:`~rinkside.services.tournaments`: :class:`Tournaments`, composed of the
  parts :mod:`setup`, :mod:`rosters`, :mod:`schedule`, :mod:`lineups`,
  :mod:`division` (standings, statistics, playoffs) and :mod:`discipline`
  over one store handle (:mod:`base`), and each game's event log;
- :mod:`officiating`, :mod:`users`, :mod:`rinks`: the game's officials and
  sign-off, the console's users, the tournament's rinks;
- :mod:`queries`: typed reads (frozen values) for every page, export and command;
- :mod:`errors`: the refusals callers catch (:class:`NotFound`, ``StaleWrite``...).
"""
