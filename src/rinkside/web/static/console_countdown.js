/* The countdown beside the console's clock: a time-out's thirty seconds
 * (Rule 641, note 1) or the rest between periods (640(a)), as the scoreboard
 * shows it ("Time-out 0:27"). The countdown and its length are the state's
 * (rinkside.present.state.CountdownLine: it read left_tenths at wall_ms, the
 * server's clock); this module only counts it down between states. No rule
 * is decided here.
 *
 * renderCountdown() is called by console.js and each table screen's module
 * (console_timekeeper.js, console_penalties.js, console_scorer.js) after
 * each state and each tick: every official sees the time-out and the
 * intermission run down.
 */
import { clock } from "./live_module.js";
import { $ } from "./console_dom.js";
import { currentState } from "./console_state.js";

export function renderCountdown() {
  var node = $("countdown");
  var state = currentState();
  var c = state && state.countdown;
  if (!node) { return; }
  if (!c) { node.hidden = true; return; }
  var left = Math.max(0, c.left_tenths - Math.floor((clock.now() - c.wall_ms) / 100));
  var text = c.label + " " + clock.timerText(left);
  if (node.textContent !== text) { node.textContent = text; }
  node.hidden = false;
}
