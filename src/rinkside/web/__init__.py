"""Game day in the browser: FastAPI routers, Jinja2 templates, one live broadcaster.

The pages show what the engine computed; no rule lives here or in the
browser. See :func:`rinkside.web.app.create_app` and :func:`rinkside.web.launch.serve`.
"""
