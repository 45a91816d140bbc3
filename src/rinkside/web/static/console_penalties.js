/* The penalty timekeeper's screen (Rule 505; templates/console_penalties.html):
 * each team's box with every penalty's countdown and who may return and
 * when (the engine's box: state.box, console_board.js), the servers still
 * to name (console_servers.js), a player leaving the box before his time
 * noted with the time on the clock (505(b): the left_box event, which the
 * engine judges by 629), and the public-address text of each penalty and
 * goal ready to read (505(c): GET /api/games/{id}/announcements, built in
 * reports/announcements.py, a substitute server named). The server refuses
 * any write that is not the penalty timekeeper's (rules/table_officials.py).
 */
import { root, $, make, clear } from "./console_dom.js";
import {
  API, MAY_WRITE, TEAMS, currentState, isBusy, setBusy, nowAt, teamName
} from "./console_state.js";
import { request } from "./console_api.js";
import { post, written, networkDown } from "./console_writes.js";
import { renderBoard } from "./console_board.js";
import { renderCountdown } from "./console_countdown.js";
import { renderServers } from "./console_servers.js";
import { idle } from "./console_quick_keys.js";
import { startScreen } from "./console_screen.js";
import { flash } from "./console_banner.js";

/* Rule 402(d): a goal that ended a penalty lets its player back on; the
   engine's words (state.goals[].released) said at once on this screen,
   where the box entry simply went. */
function sayReleased(state, before) {
  if (!before || state.goals.length <= before.goals.length) { return; }
  const said = state.goals.slice(before.goals.length)
    .reduce(function (all, goal) { return all.concat(goal.released || []); }, []);
  if (said.length) { flash(said.join("; ")); }
}

/* Rule 505(b): each player serving his time in the box may be noted
   leaving it before it is over, at the time the clock shows. */
function addLeaveButtons() {
  const state = currentState();
  const playing = state.status === "in_play" || state.status === "stopped";
  TEAMS.forEach(function (team) {
    Array.prototype.forEach.call($(team + "-box").querySelectorAll("li.entry"), function (li) {
      const player = li.getAttribute("data-player");
      /* only a player serving his time now (the engine's "running"): one who
         may return, or whose time has not begun or who already left, is not */
      if (player === "bench" || !li.classList.contains("running") ||
          li.classList.contains("may-return")) { return; }
      const button = make("button", {
        type: "button", "class": "left-early", "data-action": "left-box", "data-team": team,
        "data-player": player, title: "Rule 505(b): note the time he left, and signal the referees"
      }, "Left early");
      button.disabled = !MAY_WRITE || !playing;
      li.appendChild(button);
    });
  });
}

function leftBox(team, player) {
  if (!MAY_WRITE || isBusy()) { return; }
  const at = nowAt();
  setBusy(true);
  post([{ type: "left_box", at: at, team: team, player: parseInt(player, 10) }])
    .then(function (answer) {
      written(answer, teamName(team) + " #" + player + " left the box at " + at +
        ": signal the referees (Rule 505(b))");
    }).catch(networkDown).then(idle);
}

/* Rule 505(c): what the public address reads, newest first. */
function refreshAnnouncements() {
  request("GET", API + "/announcements").then(function (answer) {
    if (answer.status !== 200) { return; }
    const list = $("announcement-list");
    clear(list);
    answer.data.slice().reverse().forEach(function (item) {
      const li = make("li", { "class": item.kind });
      li.appendChild(make("span", { "class": "when" }, item.period + " " + item.time));
      li.appendChild(make("span", { "class": "text" }, item.text));
      list.appendChild(li);
    });
    if (!list.firstChild) { list.appendChild(make("li", { "class": "empty" }, "nothing to announce yet")); }
  });
}

root.addEventListener("click", function (ev) {
  const t = ev.target.closest("button");
  if (t && t.getAttribute("data-action") === "left-box") {
    leftBox(t.getAttribute("data-team"), t.getAttribute("data-player"));
  }
});

startScreen({
  render: function (state, before) {
    renderBoard();
    renderCountdown(); /* a time-out's 30 s (641), the intermission (640(a)) */
    sayReleased(state, before);
    addLeaveButtons();
    renderServers();
    if (!before || before.version !== state.version) { refreshAnnouncements(); }
  },
  ticked: function () { renderCountdown(); }
});
