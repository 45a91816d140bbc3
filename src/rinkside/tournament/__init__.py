"""The tournament: rosters, schedule, standings, statistics, suspensions,
forfeits and playoffs, computed from stored games through the engine.

The modules here are pure (plain values in, plain values out); the store
loads and saves, and :mod:`rinkside.services` ties the two together.
"""
