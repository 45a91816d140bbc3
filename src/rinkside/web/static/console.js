/* The scorekeeper's console: records events and shows what the engine made of them.
 * This module is the console page's entry (templates/console.html loads it,
 * and only it, as <script type="module">): it takes each state the live game
 * brings, draws it through the modules below, and the console's info
 * (GET /console, fetched when the log changed); console_screen.js starts the
 * live game, as it does for the table screens.
 *
 * No rule is decided here. Every action posts FORMAT.md events (or a
 * correction) to the console API and shows the state the server answers;
 * a refusal (422) shows the rule and the engine's sentence, the form keeps
 * what was typed, and focus goes back to a control that can fix it. A 409
 * (another console wrote first) reloads the game and says so.
 *
 * The live client (static/live.js, the scoreboard's too, through
 * static/live_module.js) holds the state (rinkside.present.state.LiveState's
 * JSON), follows the live stream (/live/games/{id}) that keeps two consoles
 * and the scoreboard in step, and ticks the clock between updates, projected
 * from the server's state; each new state replaces the projection. Plain JS
 * modules, no framework and no build step: the rink may have no internet.
 *
 * The modules, each importing what it uses:
 *   console_dom.js        the page's root and the drawing helpers;
 *   console_state.js      the game, the last state and info, a write in flight, the clock's reading;
 *   console_api.js        requests (the CSRF token) and an error's text;
 *   console_banner.js     the banner and the flash line;
 *   console_warnings.js   the banner for a warning a write is answered with;
 *   console_writes.js     events and corrections posted, the answer taken or explained;
 *   console_board.js      the score, the box, the goals, the lock;
 *   console_countdown.js  the time-out's or the intermission's countdown (641, 640(a));
 *   console_quick_keys.js the clock toggle and shots, by button or key (Space, Q, P),
 *                         the whistle the Goal, Penalty and Time-out keys blow in play;
 *   console_nudge.js      the game timekeeper's ±1 s nudge with its reason (507(a));
 *   console_fields.js     the forms' fields (labels, controls, player lists, values), the open form;
 *   console_penalty.js    the penalty form (infraction catalog, classes, who serves);
 *   console_accepts.js    the record buttons the engine closes now, with its reasons;
 *   console_log.js        the event log panel (undo, delete);
 *   console_forms.js      the event forms (build, fill, post, corrections, the log's Edit and Insert);
 *   console_servers.js    the servers still to name at the stoppage (402(c), 404(e)...);
 *   console_lineups.js    the lineup forms (dress a team, its captain and alternates);
 *   console_shortcuts.js  the keyboard shortcuts: on the buttons, the "?" list, changed and kept;
 *   console_basic.js      the basic mode: only the frequent actions, remembered.
 */
import { $, make, clear } from "./console_dom.js";
import { API } from "./console_state.js";
import { request } from "./console_api.js";
import { startScreen } from "./console_screen.js";
import { setRunningClock } from "./console_writes.js";
import { renderBoard, renderLock } from "./console_board.js";
import { renderCountdown } from "./console_countdown.js";
import { renderToggle, ticked } from "./console_quick_keys.js";
import { renderNudge } from "./console_nudge.js";
import { renderAccepts } from "./console_accepts.js";
import { renderServers } from "./console_servers.js";
import { renderLog } from "./console_log.js";
import { refreshForm } from "./console_forms.js";
import "./console_lineups.js";
import "./console_shortcuts.js";
import "./console_basic.js";

/* ------------------------------------------------------------------ state */

/* A state taken by the live game (newer, or this console's own answer). The
   moment the clock reached (a penalty over, a held one starting, 0:00) is
   flashed with its rule by console_screen.js. */
function render(data, before) {
  renderBoard();
  renderCountdown();
  renderToggle();
  renderNudge();
  renderAccepts();
  renderServers();
  if (!before || data.version !== before.version) { refreshAnnouncements(); }
}

/* After each GET /console: the log lines, dressed rosters, who is in goal, the next start. */
function info() {
  renderLog();
  renderToggle();
  renderLock();
  refreshForm();
}

/* ------------------------------------------------------------------ announcements */

function refreshAnnouncements() {
  request("GET", API + "/announcements").then(function (answer) {
    var panel = $("announcements");
    if (answer.status !== 200) { panel.hidden = true; return; }
    /* [{kind, period, time, text}]: rinkside.reports.announcements.Announcement */
    var list = $("announcement-list");
    clear(list);
    answer.data.forEach(function (item) { list.appendChild(make("li", {}, item.text)); });
    panel.hidden = false;
  }).catch(function () { /* no announcements here */ });
}

/* ------------------------------------------------------------------ wiring */

const clockForm = $("set-clock");
if (clockForm) { clockForm.addEventListener("submit", setRunningClock); }

/* The live game: the state now, the clock's tick, the live stream. */
startScreen({
  render: render, info: info,
  ticked: function (ran) { ticked(ran); /* console_quick_keys.js */ renderCountdown(); }
});
