/* What the console holds: the game it keeps (from templates/console.html),
 * the last state the server computed (rinkside.present.state.LiveState's
 * JSON), the last GET /console answer (log lines, dressed rosters, next
 * start), whether a write is in flight, and the live game that projects the
 * clock between states. Every console module reads them through the
 * functions below; only console.js sets the state, the info and the game.
 * No rule is decided here: the readings are the server's.
 */
import { clock } from "./live_module.js";
import { root } from "./console_dom.js";

export const GAME = root.getAttribute("data-game");
export const MAY_WRITE = root.getAttribute("data-may-write") === "1";
export const API = "/api/games/" + GAME;
export const TEAMS = ["home", "away"];

let state = null;   /* the last state taken (game.state: LiveState's JSON) */
let info = null;    /* GET /console: log lines, dressed rosters, in goal, next start */
let busy = false;   /* a write is in flight */
let game = null;    /* the live game (static/live.js), made by console.js */
let refresh = function () { return Promise.resolve(); };

export function currentState() { return state; }
export function currentInfo() { return info; }
export function takeState(data) { state = data; }
export function takeInfo(data) { info = data; }

/* A write is in flight: every module that writes checks and sets it. */
export function isBusy() { return busy; }
export function setBusy(value) { busy = value; }

/* Set once by console.js: the live game, and what fetches GET /console again. */
export function follow(liveGame, refreshInfo) { game = liveGame; refresh = refreshInfo; }
export function liveGame() { return game; }
export function refreshInfo() { return refresh(); }
/* Take a state the server answered with (a write's, a lineup's, a reload's). */
export function replace(data) { return game.replace(data); }

export function teamName(team) { return state ? state.teams[team].name : team; }
export function other(team) { return team === "home" ? "away" : "home"; }

/* The engine's refusal of every event of `kind` now ({kind, rule, text}:
   state.refused, rules/accepts.py), or null when the game takes it. */
export function refusal(kind) {
  const list = (state && state.refused) || [];
  for (let i = 0; i < list.length; i++) { if (list[i].kind === kind) { return list[i]; } }
  return null;
}

/* The clock's tenths left now (from its wall-clock anchor: static/live.js). */
export function projected() { return game.projected(); }
/* Stop the shown clock now, at its reading (returned), until the server's
   answer to the whistle; release() lets it run on (the whistle refused). */
export function hold() { return game.hold(); }
export function release() { game.release(); }
/* The clock runs as shown (not stopped here awaiting the server's answer). */
export function clockRuns() { return game.running(); }

/* FORMAT.md "at": the period and the time left as the clock shows it
   ("1 11:42", tenths under a minute); the exact time when stopped, or when
   `exact` (the instant a key was pressed: "1 11:42.7"). */
export function atText(tenths, exact) {
  if (!state) { return ""; }
  if (state.period === "SO") { return "SO"; }
  const t = Math.max(0, tenths);
  const text = t < clock.TENTHS_SHOWN_UNDER || (t % 10 !== 0 && (exact || !state.running))
    ? clock.minutesSeconds(t) + (t % 10 ? "." + (t % 10) : "") : clock.minutesSeconds(t);
  return state.period + " " + text;
}
/* The instant a key is pressed, to the tenth: keys pressed within one second
   keep their order in the log (a shot, then the whistle: stamped to the whole
   second the shot would read later than the whistle, and the engine refuses a
   clock that runs backwards, Rule 507(a)). */
export function nowAt() { return atText(projected(), true); }
