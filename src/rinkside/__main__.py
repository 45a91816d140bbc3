"""``python -m rinkside``: the same command line as ``rinkside``."""

from rinkside.cli import app

app(prog_name="rinkside")
