"""The public read API, ``/api/v1``: tournaments, divisions, the schedule,
standings, statistics, games with their live state, teams and players, as
JSON whose shapes :mod:`rinkside.services.api_reads` declares (so the OpenAPI
matches the answers). The docs page is ``/developers``.

Anyone may read (public data is public); a read token
(``Authorization: Bearer rk_...``, issued by the director on the desk) names
who reads and gives the higher limit; a token unknown or revoked is a 401.
Every read counts against its reader's limit (:mod:`rinkside.web.rate_limits`:
429 with ``Retry-After`` over it). Only GETs: nothing here writes.
"""

from __future__ import annotations

from typing import Annotated, Final

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from rinkside.services import api_reads, api_tokens
from rinkside.web import documented, views
from rinkside.web.deps import QueryId, Service
from rinkside.web.rate_limits import RateClock, RateLimiter, get_rate_clock

PREFIX: Final = "/api/v1"

bearer = HTTPBearer(auto_error=False, scheme_name="read token",
                    description="A read token the director issued (rk_...): optional; "
                                "it raises the rate limit")


async def get_limiter(request: Request) -> RateLimiter:
    """The app's rate limiter (``async``: a look-up, no thread pool's hop)."""
    limiter: RateLimiter = request.app.state.api_limiter
    return limiter


def reader(request: Request, service: Service,
           credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
           limiter: Annotated[RateLimiter, Depends(get_limiter)],
           clock: Annotated[RateClock, Depends(get_rate_clock)]) -> None:
    """Who reads, and whether their window allows one more read (else 429).
    A plain function: FastAPI runs it in a worker thread, so a token's look-up
    in the store holds no other request back."""
    if credentials is not None:
        try:
            holder = api_tokens.holder(service, credentials.credentials)
        except api_tokens.TokenRefused as refused:
            raise HTTPException(401, str(refused),
                                headers={"WWW-Authenticate": "Bearer"}) from None
        key, limit = f"token:{holder.token_id}", limiter.allowance.token
    else:
        address = request.client.host if request.client is not None else "unknown"
        key, limit = f"address:{address}", limiter.allowance.anonymous
    wait = limiter.take(key, limit, clock())
    if wait is not None:
        who = "this token" if credentials is not None else "anonymous reads from this address"
        raise HTTPException(429, f"Too many reads: {who} may make {limit} a minute; "
                            f"retry in {wait} s" + ("" if credentials is not None else
                                                    " (a read token raises the limit)"),
                            headers={"Retry-After": str(wait)})


LIMITED: Final = documented.api(401, 404, 422) | {429: {
    "description": "Over the reader's rate limit: retry after Retry-After seconds",
    "model": documented.Problem,
    "headers": {"Retry-After": {"description": "seconds to wait",
                                "schema": {"type": "string"}}}}}

router = APIRouter(prefix=PREFIX, tags=["public API"], responses=LIMITED,
                   dependencies=[Depends(reader)])


@router.get("/tournaments")
def tournaments(service: Service) -> list[api_reads.Tournament]:
    """Every tournament with its dates and divisions."""
    return api_reads.tournaments(service)


@router.get("/tournaments/{tournament_id:id}")
def tournament(tournament_id: int, service: Service) -> api_reads.Tournament:
    return api_reads.tournament(service, tournament_id)


@router.get("/divisions/{division_id:id}")
def division(division_id: int, service: Service) -> api_reads.Division:
    return api_reads.division(service, division_id)


@router.get("/schedule")
def schedule(service: Service, tournament: QueryId | None = None,
             division: QueryId | None = None, team: QueryId | None = None
             ) -> list[api_reads.Game]:
    """The schedule in start order, narrowed by tournament, division or team
    (an id the store does not hold: 404)."""
    return api_reads.schedule(service, tournament_id=tournament, division_id=division,
                              team_id=team)


@router.get("/divisions/{division_id:id}/standings")
def standings(division_id: int, service: Service) -> list[api_reads.Standing]:
    """The standings, each row with what placed it (points or a tiebreak)."""
    return api_reads.standings(service, division_id)


@router.get("/divisions/{division_id:id}/statistics")
def statistics(division_id: int, service: Service) -> api_reads.Statistics:
    """Every skater's and goaltender's line, each team's special teams."""
    return api_reads.statistics(service, division_id)


@router.get("/games/{game_id:id}")
def game(game_id: int, service: Service) -> api_reads.LiveGame:
    """A game and its live state (score, clock, box, goals, penalty shots)."""
    return api_reads.LiveGame(api_reads.game(service, game_id), views.live_model(service, game_id))


@router.get("/teams/{team_id:id}")
def team(team_id: int, service: Service) -> api_reads.Team:
    """A team and its active roster by number."""
    return api_reads.team(service, team_id)


@router.get("/players/{player_id:id}")
def player(player_id: int, service: Service) -> api_reads.Player:
    """A player, his team and his lines in its division."""
    return api_reads.player(service, player_id)
