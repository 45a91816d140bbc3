/* The game timekeeper's screen (Rule 507; templates/console_timekeeper.html):
 * the clock and the period, start and stop (the toggle of
 * console_quick_keys.js: the face-off, the whistle, the period's end), the
 * rink's clock set (507(a)), each team's time-outs and the countdown of one
 * running (641 note 1), and when the game started and finished (507(a)).
 * The server says what the game takes now (state.refused) and refuses any
 * write that is not the game timekeeper's (rules/table_officials.py).
 */
import { root, $, put } from "./console_dom.js";
import {
  MAY_WRITE, TEAMS, currentState, isBusy, setBusy, nowAt, refusal, teamName
} from "./console_state.js";
import { showBanner } from "./console_banner.js";
import { post, written, networkDown, setRunningClock } from "./console_writes.js";
import { renderBoard } from "./console_board.js";
import { renderCountdown } from "./console_countdown.js";
import { renderToggle, ticked, idle } from "./console_quick_keys.js";
import { startScreen, timeOfDay } from "./console_screen.js";

function renderTimeouts() {
  const state = currentState();
  TEAMS.forEach(function (team) {
    const button = $(team + "-timeout-call");
    const refused = refusal("timeout");
    button.disabled = !MAY_WRITE || !!refused || state.timeouts_left[team] <= 0;
    button.title = refused ? refused.text : state.timeouts_left[team] <= 0
      ? teamName(team) + " has no time-out left (Rule 641, note 1)" : "";
    put(team + "-timeout-call-name", teamName(team));
  });
}

function callTimeout(team) {
  if (!MAY_WRITE || isBusy()) { return; }
  const refused = refusal("timeout");
  if (refused) { showBanner("refused", refused.rule, refused.text); return; }
  setBusy(true);
  post([{ type: "timeout", at: nowAt(), team: team }]).then(function (answer) {
    written(answer, "Time-out " + teamName(team));
  }).catch(networkDown).then(idle);
}

root.addEventListener("click", function (ev) {
  const t = ev.target.closest("button");
  if (t && t.getAttribute("data-action") === "call-timeout") {
    callTimeout(t.getAttribute("data-team"));
  }
});
$("set-clock").addEventListener("submit", setRunningClock);

startScreen({
  render: function () { renderBoard(); renderToggle(); renderTimeouts(); renderCountdown(); },
  info: function (info) {
    renderToggle();
    put("started-at", timeOfDay(info.started_at));
    put("finished-at", timeOfDay(info.finished_at));
  },
  ticked: function (ran) { ticked(ran); renderCountdown(); }
});
