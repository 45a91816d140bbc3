"""The web routers: public pages and the scoreboard display (no login)."""
