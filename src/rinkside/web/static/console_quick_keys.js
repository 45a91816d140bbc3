/* The console's quick keys: the clock toggle (the whistle, the face-off, the
 * period's end) and a shot on goal, from their buttons or from the keyboard
 * (Space, Q, P), and the line that keeps them while a write is in flight.
 *
 * No rule is decided here: the toggle's action follows the state's status and
 * the engine's refusals (state.refused, rules/accepts.py), and a refused key
 * shows the engine's sentence with its rule.
 *
 * It exports
 *   renderToggle()  the toggle's label, and whether it may be pressed (console.js
 *                   calls it after each render and each GET /console answer);
 *   ticked(ran)     after each tick of the clock (static/live.js, through console.js);
 *   whistle(reason) the clock stops now: the Goal, Penalty and Time-out keys pressed
 *                   during play call it before their form opens (console_forms.js);
 *   idle()          a write is over: the keys pressed meanwhile go (every module
 *                   that writes calls it).
 */
import { root, $, typing } from "./console_dom.js";
import {
  MAY_WRITE, currentState, currentInfo, isBusy, setBusy, teamName, nowAt, atText,
  projected, refusal, hold, release, clockRuns
} from "./console_state.js";
import { showBanner } from "./console_banner.js";
import { post, written, networkDown } from "./console_writes.js";

function refuseNow(found) {
  showBanner("refused", found.rule, found.text.replace("Rule " + found.rule + ": ", ""));
}

/* ------------------------------------------------------------------ the toggle */

function toggleAction() {
  var state = currentState(), info = currentInfo();
  if (!state) { return null; }
  var s = state.status;
  if (s === "final") { return { label: "Final", event: null }; }
  if (s === "shootout") { return { label: "Shootout: record attempts", event: null }; }
  if (s === "not_started" || s === "intermission") {
    var start = info && info.next_start;
    return start ? { label: "Start period " + start.split(" ")[0] + " (face-off)",
                     event: { type: "faceoff", at: start } } : { label: "…", event: null };
  }
  if ((s === "in_play" || s === "stopped") && state.refused && !refusal("period_end")) {
    /* 640(a): the engine takes the period's end now (the clock reads 0:00). */
    return { label: "End of period", event: { type: "period_end", at: state.period + " 0:00" } };
  }
  if (s === "stopped") {
    return { label: "Start (face-off)", event: { type: "faceoff", at: atText(state.clock_tenths) } };
  }
  if (projected() <= 0) {
    return { label: "End of period", event: { type: "period_end", at: state.period + " 0:00" } };
  }
  return { label: "Stop (whistle)", event: { type: "stoppage" }, stop: true };
}

export function renderToggle() {
  var button = $("toggle");
  var action = toggleAction();
  if (!action) { return; }
  if (button.textContent !== action.label) { button.textContent = action.label; }
  var refused = action.event ? refusal(action.event.type) : null;
  /* Not pressable while its last press is in flight (toggleWaiting): a press
     then would be dropped, though the label may already show the next action
     (the live state can arrive before the write's own answer). */
  button.disabled = !MAY_WRITE || !action.event || !!refused || toggleWaiting;
  button.title = refused ? refused.text : "";
  button.className = "toggle" + (action.stop ? " stop" : action.event ? " start" : "");
}

/* After each tick of the clock (static/live.js): the period's end is due. */
export function ticked(ran) {
  var state = currentState();
  if (state.running && state.clock_tenths - ran <= 0) { renderToggle(); }
}

/* ------------------------------------------------------------------ the waiting line */

/* The quick keys (a shot, the whistle, the face-off) are never lost: one
 * pressed while a write is in flight waits, with the clock reading of its
 * key, and goes, with any other waiting, as soon as that write is over. */
var waiting = [];        /* [{event, message, toggle, done}] not yet sent */
var toggleWaiting = false; /* a whistle or face-off is waiting or in flight */
var whistling = null;    /* the whistle waiting or in flight: {at, answer (a promise)} */
var SCREEN = root.getAttribute("data-screen"); /* a table screen (console_screen.html), or null */
function send(item) {
  waiting.push(item);
  sendWaiting();
}
function sendWaiting() {
  if (isBusy() || !waiting.length) { return; }
  var batch = waiting;
  waiting = [];
  setBusy(true);
  var recorded = null; /* the version written, if it was */
  post(batch.map(function (x) { return x.event; })).then(function (answer) {
    if (written(answer, batch.map(function (x) { return x.message; }).join(" · "))) {
      recorded = answer.data.version;
    }
  }).catch(networkDown).then(function () {
    if (batch.some(function (x) { return x.toggle; })) {
      toggleWaiting = false;
      renderToggle();
      $("toggle").focus();
    }
    batch.forEach(function (x) { if (x.done) { x.done(recorded); } });
    idle();
  });
}
/* A write is over: the next may go (the keys pressed meanwhile first). */
export function idle() { setBusy(false); sendWaiting(); }

/* A shot on goal by team, stopped by the goaltender (the engine's shot). */
function recordShot(team) {
  var state = currentState();
  if (!state || !MAY_WRITE) { return; }
  var refused = refusal("shot");  /* the engine says when a shot is refused, and why */
  if (refused) { refuseNow(refused); return; }
  send({ event: { type: "shot", at: nowAt(), team: team },
         message: "Shot on goal: " + teamName(team) });
}

/* The whistle (Rule 507(a): the game timekeeper stops the clock at each
 * stoppage of play). Where the engine says a whistle stops the clock now
 * (state.whistle_stops, rules.clock.stops_at_whistle: not under running
 * time, 640(a)) the clock stops on this console in the same frame, at its
 * reading; the stoppage at that instant goes at once (with the keys pressed
 * before it, in their order), and its answer replaces the stopped reading (a
 * refusal, or no answer, lets the clock run on from its anchor). `reason`:
 * the stoppage's (the key that blew it: "goal", "penalty", "time-out").
 * Returns {at, reason, answer}: the stoppage's time and a promise of the version
 * that recorded it as the log's last event (null: not recorded); the one
 * under way when a whistle already is; null when play is not on or the game
 * takes no whistle now. */
export function whistle(reason) {
  if (whistling) { return whistling; }
  var state = currentState();
  if (!state || !MAY_WRITE || state.status !== "in_play" || !clockRuns()) { return null; }
  /* On the scorer's and the penalty timekeeper's screens the game timekeeper
     stops the clock (Rule 507(a)); the server would refuse their stoppage. */
  if (SCREEN === "scorer" || SCREEN === "penalties") { return null; }
  if (refusal("stoppage")) { return null; }
  var tenths = state.whistle_stops ? hold() : projected();
  var event = { type: "stoppage", at: atText(tenths, true) }; /* to the tenth it stopped at */
  if (reason) { event.reason = reason; }
  var done;
  var stop = whistling = { at: event.at, reason: reason,
                          answer: new Promise(function (resolve) { done = resolve; }) };
  toggleWaiting = true;
  send({ event: event, toggle: true, message: "Whistle at " + event.at, done: function (recorded) {
    whistling = null;
    release(); /* recorded: its answer, taken, shows the stop already */
    done(recorded);
  } });
  renderToggle();
  return stop;
}

function toggle() {
  if (!MAY_WRITE || toggleWaiting) { return; } /* a second press before the first is in */
  var action = toggleAction();
  if (!action || !action.event) { return; }
  var refused = refusal(action.event.type);
  if (refused) { refuseNow(refused); return; }
  if (action.stop) { whistle(null); return; }
  toggleWaiting = true;
  send({ event: action.event, toggle: true,
         message: action.event.type === "faceoff" ? "Face-off at " + action.event.at
           : "End of period" });
  renderToggle();
}

/* ------------------------------------------------------------------ wiring */

root.addEventListener("click", function (ev) {
  var t = ev.target.closest("button");
  if (!t) { return; }
  var action = t.getAttribute("data-action");
  if (action === "toggle") { toggle(); return; }
  if (action === "shot") { recordShot(t.getAttribute("data-team")); return; }
});

/* A quick key works where its button is: the clock toggle on the full console
 * and the game timekeeper's screen (507(a)), the shots on the full console and
 * the official scorer's (506(a)). On another role's screen the key does
 * nothing (no write the server would refuse as not that role's). */
function keyHere(selector) { return !!root.querySelector(selector); }

/* Space: the clock toggle, unless the scorekeeper is typing or in a form. */
function spaceIsForToggle(ev) {
  if (ev.code !== "Space" && ev.key !== " ") { return false; }
  if (!keyHere('[data-action="toggle"]')) { return false; }
  return !typing(ev);
}
/* Q and P: a shot on goal by the team on the left (home) or the right (away). */
document.addEventListener("keydown", function (ev) {
  if (ev.repeat || ev.ctrlKey || ev.metaKey || ev.altKey || typing(ev)) { return; }
  var key = (ev.key || "").toLowerCase();
  if (key !== "q" && key !== "p") { return; }
  var team = key === "q" ? "home" : "away";
  if (!keyHere('[data-action="shot"][data-team="' + team + '"]')) { return; }
  ev.preventDefault();
  recordShot(team);
});

document.addEventListener("keydown", function (ev) {
  if (!spaceIsForToggle(ev)) { return; }
  ev.preventDefault();
  if (!ev.repeat) { toggle(); }
});
document.addEventListener("keyup", function (ev) {
  if (spaceIsForToggle(ev)) { ev.preventDefault(); } /* no second "click" on a focused button */
});
