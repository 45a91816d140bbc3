/* The game timekeeper's nudge: the clock set a second back or on, with a
 * reason (Rule 507(a): the game timekeeper keeps all actual playing time),
 * from its buttons or the keyboard ("-": a second less on the clock, "+" or
 * "=": a second more). No rule is decided here: the server moves the stop
 * (a correction of it, with the reason) or the running clock's anchor, and
 * a refusal shows the engine's rule (services/clock_nudge.py).
 *
 * renderNudge() shows the controls while the clock runs or is stopped in
 * play (console.js calls it after each state).
 */
import { $, typing } from "./console_dom.js";
import { MAY_WRITE, API, currentState, isBusy, setBusy } from "./console_state.js";
import { request } from "./console_api.js";
import { showBanner } from "./console_banner.js";
import { written, networkDown } from "./console_writes.js";
import { idle } from "./console_quick_keys.js";

export function renderNudge() {
  var node = $("nudge"), state = currentState();
  if (!node || !state) { return; }
  /* At a stoppage (Rule 507(a)); while the clock runs, the rink clock's
     setting (set-clock) puts it right, and the row would push the record
     keys off a laptop's screen. */
  node.hidden = !MAY_WRITE || state.locked || state.status !== "stopped";
}

/* seconds: the API's, 1 a second on (less left), -1 a second back (more left). */
function nudge(seconds) {
  var state = currentState();
  var node = $("nudge");
  if (!state || !node || node.hidden || isBusy()) { return; }
  var reasonNode = $("nudge-reason");
  var reason = reasonNode.value.trim();
  if (!reason) {
    showBanner("refused", "507(a)", "Say why the clock is nudged: the game's record keeps " +
      "the reason with the game timekeeper's correction.");
    reasonNode.focus();
    return;
  }
  setBusy(true);
  request("POST", API + "/clock/nudge", { version: state.version, seconds: seconds, reason: reason })
    .then(function (answer) {
      if (written(answer, "Clock nudged a second " + (seconds < 0 ? "back" : "on") +
          " (Rule 507(a)): " + reason)) {
        reasonNode.value = "";
      }
    }).catch(networkDown).then(idle);
}

var node = $("nudge");
if (node) {
  node.addEventListener("click", function (ev) {
    var t = ev.target.closest("button[data-seconds]");
    if (t) { nudge(parseInt(t.getAttribute("data-seconds"), 10)); }
  });
}

document.addEventListener("keydown", function (ev) {
  if (ev.repeat || ev.ctrlKey || ev.metaKey || ev.altKey || typing(ev)) { return; }
  if (ev.key === "-") { ev.preventDefault(); nudge(1); }
  if (ev.key === "+" || ev.key === "=") { ev.preventDefault(); nudge(-1); }
});
