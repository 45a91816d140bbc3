"""Alembic migrations of the store: the only thing that creates or alters its tables.

A package (this file) so that ``env.py`` ships with an installed rinkside;
run them with :func:`rinkside.store.db.migrate`.
"""
