/* The console's board: the score, time-outs, shots, status, strength and
 * the result, each team's penalty box (its timers tick in static/live.js),
 * the goals, and the lock of a signed game. All of it is the state the server
 * computed (rinkside.present.state.LiveState); console.js draws it each time
 * a state is taken. No rule is decided here.
 */
import { live } from "./live_module.js";
import { root, $, put, make, clear } from "./console_dom.js";
import { MAY_WRITE, TEAMS, currentState, currentInfo, teamName } from "./console_state.js";

/* Rule 616(a): a game its referees have signed cannot change; say so up front.
   A signed game the director reopened is said to be so (who, when, why),
   not simply open to writes again. */
export function renderLock() {
  var state = currentState(), info = currentInfo();
  var node = document.querySelector('[data-bind="locked"]');
  /* the live state's word first: a game reopened by the director is open
     again on the console at once, though its log did not change */
  var locked = state ? !!state.locked : !!(info && info.locked);
  if (node) { node.hidden = !locked; }
  /* console.css hides every key that records or corrects (nothing is taken). */
  root.setAttribute("data-locked", locked ? "1" : "0");
  var note = document.querySelector('[data-bind="reopened"]');
  var reopened = info && info.reopened;
  if (note) {
    note.hidden = locked || !reopened;
    note.textContent = locked || !reopened ? "" : reopenedText(reopened);
  }
}

/* "Reopened by Dana Reyes on Fri 4 Dec, 09:12: <reason>. ..." (GET /console's
   reopened: officiating.Reopening), the time as this device shows it. */
function reopenedText(r) {
  var when = new Date(r.at).toLocaleString([], { weekday: "short", day: "numeric",
    month: "short", hour: "2-digit", minute: "2-digit" });
  return "Reopened by the tournament director " + r.by + " on " + when + ": \u201c" +
    r.reason + "\u201d. The game may be corrected (Rule 616(a)); its referees sign " +
    "the report again once it is.";
}

/* ------------------------------------------------------------------ render */

function dots(n) { var s = ""; for (var i = 0; i < n; i++) { s += "●"; } return s; }

export function renderBoard() {
  var state = currentState();
  TEAMS.forEach(function (team) {
    put(team + "-name", state.teams[team].name);
    put(team + "-box-name", state.teams[team].name);
    put(team + "-score", String(state.score[team]));
    put(team + "-timeouts", "Time-outs " + (dots(state.timeouts_left[team]) || "–"));
    put(team + "-note", state.empty_net[team] ? "Empty net" : "");
    put(team + "-shots", state.shots_text[team]); /* 3 shots, 1 save (present/shots.py) */
    renderBox(team);
  });
  put("delayed", state.delayed_text || "");
  renderLock();
  /* Rule 641 note 1: a team with no time-out left has none to record; the
   * count is the engine's (state.timeouts_left). */
  TEAMS.forEach(function (team) {
    var button = $(team + "-timeout-button");
    if (!button) { return; }
    var none = state.timeouts_left[team] <= 0;
    button.disabled = !MAY_WRITE || none || state.status === "final";
    button.title = none ? state.teams[team].name + " has no time-out left (Rule 641, note 1)" : "";
  });
  var playing = state.status === "in_play" || state.status === "stopped";
  TEAMS.forEach(function (team) {
    var shot = $(team + "-shot");
    if (shot) { shot.disabled = !MAY_WRITE || !playing; }
  });
  var setClock = $("set-clock");
  if (setClock) { setClock.hidden = !MAY_WRITE || !state.running; }
  put("period", state.period);
  /* The ticking clock says where play is; the status line says what it cannot. */
  put("status", state.status === "in_play" || state.status === "stopped" ? "" : state.status_text);
  put("strength", state.strength ? state.strength : (state.status === "in_play" ||
    state.status === "stopped" ? "Even strength" : ""));
  put("result", state.result ? state.result.text || "" : "");
  renderGoals();
}

function boxLine(e, timer) {
  var li = make("li", { "class": "entry " + e.state, "data-player": e.player === null ? "bench" : String(e.player) });
  var who = e.player === null ? "Bench" : "#" + e.player;
  if (e.served_by !== null) { who += " (served by #" + e.served_by + ")"; }
  li.appendChild(make("span", { "class": "who" }, who));
  li.appendChild(make("span", { "class": "what" }, e.class_text + " · " + e.infraction));
  li.appendChild(timer);
  li.appendChild(make("span", { "class": "state" }, e.may_return ? "may return now" : e.state));
  if (e.may_return) { li.className += " may-return"; }
  if (e.reasons && e.reasons.length) { li.appendChild(make("span", { "class": "why" }, e.reasons.join("; "))); }
  return li;
}
function renderBox(team) {
  var state = currentState();
  live.renderBox($(team + "-box"), state.box[team], boxLine, { empty: "nobody" });
}

function renderGoals() {
  var state = currentState();
  var list = $("goals");
  clear(list);
  if (!state.goals.length) { list.appendChild(make("li", { "class": "empty" }, "no goals yet")); }
  state.goals.forEach(function (g) {
    var text = g.period + " " + g.time + " · " + teamName(g.team) + " · " + g.scorer_name +
      (g.assist_name ? " (" + g.assist_name + ")" : "");
    var li = make("li", {}, text);
    g.tags.forEach(function (tag) { li.appendChild(make("span", { "class": "tag" }, tag)); });
    list.appendChild(li);
  });
}
