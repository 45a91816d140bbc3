/* The console's writes: events posted (POST /api/games/{id}/events), a goal
 * (POST .../goals: in its whistle's place or appended, as the engine says)
 * and corrections (POST .../corrections), the server's answer taken, and why a
 * write failed shown. No rule is decided here: a refusal (422) shows the rule
 * and the engine's sentence, the form keeps what was typed; a write made on
 * an older version that conflicts with nothing landed since is recorded on
 * the newest (the answer's `merged`, flashed); a 409 (another console wrote
 * first: the same entry, or a correction of an event changed since) reloads
 * the game and says so, with both sides when the server gives them. The
 * game timekeeper's running clock set to the rink's (PUT .../clock, 507(a)).
 */
import { request, detailText } from "./console_api.js";
import { showBanner, hideBanner, flash } from "./console_banner.js";
import { API, currentState, liveGame, refreshInfo } from "./console_state.js";
import { warned } from "./console_warnings.js";

let sentFrom = null; /* the state the last write was sent from (warned) */

export function post(events) {
  const state = currentState();
  sentFrom = state;
  return request("POST", API + "/events", { version: state.version, events: events });
}

/* The console's Goal (POST .../goals): the engine puts it in its own
   whistle's place or appends it (Rule 616), or refuses it. */
export function recordGoal(event) {
  const state = currentState();
  sentFrom = state;
  return request("POST", API + "/goals", { version: state.version, event: event });
}

export function correct(op, position, event, reason) {
  const state = currentState();
  sentFrom = state;
  const body = { version: state.version, op: op, position: position, reason: reason };
  if (event) { body.event = event; }
  return request("POST", API + "/corrections", body);
}

/* Take a write's answer: true when it was recorded (its state taken, `message`
   flashed, the warnings it brought shown), else why not is shown. */
export function written(answer, message) {
  if (answer.status === 200) {
    hideBanner();
    liveGame().replace(answer.data.state); /* a new version: the log and rosters are fetched again */
    if (message) {
      /* made on an older version, applied on the newest (another official wrote meanwhile) */
      const merged = answer.data.merged;
      flash(merged ? message + " (recorded after " + merged.landed.join("; ") + ")" : message);
    }
    warned(sentFrom, answer.data.state);
    return true;
  }
  explain(answer);
  return false;
}

export function networkDown() {
  showBanner("stale", "", "No answer from the server: check the network, then retry. " +
    "Nothing you typed is lost.");
}

/* Show why a write failed. */
export function explain(answer) {
  const data = answer.data || {};
  if (answer.status === 422) {
    /* The engine's sentence already starts "Rule 641(a): "; show it once. */
    let text = detailText(data);
    if (data.rule) { text = text.replace("Rule " + data.rule + ": ", ""); }
    showBanner("refused", data.rule || "", text);
  } else if (answer.status === 409 && data.yours) {
    /* Two officials entered the same thing at once: both sides, nothing written. */
    showBanner("stale", "", "Not recorded: another official got there first. You tried: " +
      data.yours + ". There now: " + data.theirs + ".");
    reload();
  } else if (answer.status === 409) {
    showBanner("stale", "", "The game changed on another console (now version " +
      (data.version !== undefined ? data.version : "?") + "). It is reloaded: check the " +
      "log, then record again.");
    reload();
  } else if (answer.status === 401) {
    showBanner("refused", "", "You are logged out. Log in again (in a new tab, to keep " +
      "this form) and retry.");
  } else if (answer.status === 403) {
    showBanner("refused", "", detailText(data));
  } else {
    showBanner("refused", "", "The server answered " + answer.status + ": " + detailText(data));
  }
}

/* The server's state now (after a 409): taken even if older than the one held. */
function reload() {
  return request("GET", API + "/state").then(function (answer) {
    if (answer.status === 200) {
      const game = liveGame();
      const state = currentState();
      if (state && answer.data.version < state.version) { game.forget(); }
      game.replace(answer.data);
      refreshInfo();
    }
  });
}

/* Rule 507(a): the rink's clock is the official time: the game timekeeper sets
   the running clock to it (a new anchor, no event), on the full console and the
   game timekeeper's screen (the set-clock form's submit). */
export function setRunningClock(ev) {
  ev.preventDefault();
  const input = ev.target.querySelector('[name="rink_clock"]');
  const left = input.value.trim();
  if (!left) { input.focus(); return; }
  request("PUT", API + "/clock", { left: left }).then(function (answer) {
    if (answer.status === 200) {
      liveGame().replace(answer.data.state);
      input.value = "";
      flash("Running clock set to " + left + " (Rule 507(a))");
    } else {
      explain(answer);
    }
  }).catch(networkDown);
}
