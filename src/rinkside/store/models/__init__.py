"""The stored tournament: SQLAlchemy 2 declarative tables.

What is stored is what was decided or recorded: the tournament and its
divisions, teams, rosters and their changes, the schedule, lineups, each
game's event log as revisions, supplementary discipline and coin tosses.
Nothing the engine computes (score, box, standings, suspensions) has a
column: it is recomputed from the event log (ARCHITECTURE.md).

Settings amendments are stored as the edge strings of FORMAT.md's settings
(``{"minor": "1:30", "mercy": null}``) and read through
:func:`rinkside.rules.settings.settings_from_mapping`. Moments are UTC
(:class:`~rinkside.store.types.UTCDateTime`). Every enumerated column is a
string with a CHECK constraint (no PostgreSQL enum types to migrate).

These classes describe the tables for queries; the tables themselves are
created only by the migrations (``migrations/versions``), and a test keeps
the two in step.

One module a part of the store, each imported here so that every model is
mapped before the mappers configure (relationships name their targets across
modules): :mod:`.base` (the declarative base, its naming convention, shared
helpers), :mod:`.tournament`, :mod:`.rosters`, :mod:`.games` (lineups, event
revisions, the state cache), :mod:`.decisions`, :mod:`.users`,
:mod:`.officiating`, :mod:`.scheduling`, :mod:`.sync`, :mod:`.api` and :mod:`.mail`.
Every name is imported from here.
"""

from rinkside.store.models.api import ApiToken, Webhook, WebhookDelivery
from rinkside.store.models.base import NAME, NAMING_CONVENTION, WHO, Base
from rinkside.store.models.decisions import (
    REVIEWED_RULES,
    CoinToss,
    DeskChange,
    OpenEndedSuspension,
    ReviewDecision,
    SupplementaryDiscipline,
    SuspensionChange,
)
from rinkside.store.models.games import (
    EventRevision,
    Game,
    GameStateCache,
    LineupEntry,
    PlayoffPlace,
)
from rinkside.store.models.mail import MailMessage
from rinkside.store.models.officiating import (
    ANCHOR_KINDS,
    OFFICIAL_ROLES,
    SIGNOFF_KINDS,
    TEAM_SIGNATURE_KINDS,
    TEAM_SIGNED_KINDS,
    WRITTEN_KINDS,
    ClockAnchor,
    GameOfficial,
    SignedReport,
    SignOffEntry,
    TeamSignature,
    WrittenReport,
)
from rinkside.store.models.rosters import (
    SUBMISSION_KINDS,
    SUBMISSION_STATUSES,
    Player,
    RosterChange,
    RosterSubmission,
)
from rinkside.store.models.scheduling import (
    REQUEST_KINDS,
    OfficialHoursRow,
    ScheduleLock,
    TeamRequestRow,
    VenueTravel,
)
from rinkside.store.models.sync import SyncCredential, SyncGame, SyncLink, SyncToken
from rinkside.store.models.tournament import Division, Rink, Team, TeamStyle, Tournament
from rinkside.store.models.users import (
    LOGIN_FAILURE_KINDS,
    TABLE_ROLES,
    TEAM_ROLES,
    USER_ROLES,
    LoginFailure,
    SessionRow,
    StoreMeta,
    User,
    UserGame,
    UserTeam,
)

__all__ = [
    "ANCHOR_KINDS",
    "LOGIN_FAILURE_KINDS",
    "NAME",
    "NAMING_CONVENTION",
    "OFFICIAL_ROLES",
    "REQUEST_KINDS",
    "REVIEWED_RULES",
    "SIGNOFF_KINDS",
    "SUBMISSION_KINDS",
    "SUBMISSION_STATUSES",
    "TABLE_ROLES",
    "TEAM_ROLES",
    "TEAM_SIGNATURE_KINDS",
    "TEAM_SIGNED_KINDS",
    "USER_ROLES",
    "WHO",
    "WRITTEN_KINDS",
    "ApiToken",
    "Base",
    "ClockAnchor",
    "CoinToss",
    "DeskChange",
    "Division",
    "EventRevision",
    "Game",
    "GameOfficial",
    "GameStateCache",
    "LineupEntry",
    "LoginFailure",
    "MailMessage",
    "OfficialHoursRow",
    "OpenEndedSuspension",
    "Player",
    "PlayoffPlace",
    "ReviewDecision",
    "Rink",
    "RosterChange",
    "RosterSubmission",
    "ScheduleLock",
    "SessionRow",
    "SignOffEntry",
    "SignedReport",
    "StoreMeta",
    "SupplementaryDiscipline",
    "SuspensionChange",
    "SyncCredential",
    "SyncGame",
    "SyncLink",
    "SyncToken",
    "Team",
    "TeamRequestRow",
    "TeamSignature",
    "TeamStyle",
    "Tournament",
    "User",
    "UserGame",
    "UserTeam",
    "VenueTravel",
    "Webhook",
    "WebhookDelivery",
    "WrittenReport",
]
