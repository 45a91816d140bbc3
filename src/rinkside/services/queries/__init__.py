"""The read side of the application layer: every page, export and command
reads the store through these typed queries (frozen values, no ORM object),
each written once.

- :mod:`~rinkside.services.queries.games`: the schedule, one game, whether it is
  known, its live view's reads, versions;
- :mod:`~rinkside.services.queries.teams`: a team's page and roster, names;
- :mod:`~rinkside.services.queries.tournaments`: tournaments (the public picker's
  cards among them) and divisions.
"""

from rinkside.services.queries.games import (
    GameRow,
    LiveView,
    any_unscheduled,
    begun_not_over,
    game,
    games,
    known,
    last_start,
    live,
    start_before,
    start_from,
    starts,
    versions,
)
from rinkside.services.queries.teams import (
    PlayerRow,
    TeamChoice,
    TeamPage,
    TeamRoster,
    active_players,
    player_labels,
    team,
    team_choices,
    team_names,
    team_roster,
)
from rinkside.services.queries.tournaments import (
    DivisionRow,
    DivisionTeams,
    TeamCount,
    TournamentCard,
    TournamentTree,
    division,
    divisions,
    known_tournament,
    tournament_card,
    tournament_cards,
    tournament_ids,
    tournament_tree,
    tournament_trees,
)

__all__ = ["DivisionRow", "DivisionTeams", "GameRow", "LiveView", "PlayerRow", "TeamChoice",
           "TeamCount", "TeamPage", "TeamRoster", "TournamentCard", "TournamentTree",
           "active_players", "any_unscheduled", "begun_not_over", "division", "divisions", "game",
           "games", "known", "known_tournament", "last_start", "live", "player_labels",
           "start_before", "start_from", "starts", "team", "team_choices", "team_names",
           "team_roster", "tournament_card", "tournament_cards", "tournament_ids",
           "tournament_tree", "tournament_trees", "versions"]
