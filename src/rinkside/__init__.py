"""Roller hockey by the RHA Official Rule Book: rules engine, tournament and game day.

- :mod:`rinkside.rules`: the pure rules engine (a game is the fold of its events).
- :mod:`rinkside.formats`: the FORMAT.md scenario / game-log format, read onto the engine.
- :mod:`rinkside.conformance`: the conformance runner.
- :mod:`rinkside.cli`: the ``rinkside`` command line.
"""

__version__ = "0.1.0"
