/* What the full console (console.js) and the three table screens share
 * (templates/console_timekeeper.html, console_penalties.html,
 * console_scorer.html, Rules 505-507): the live
 * game (static/live.js, the console's own client) that takes each state,
 * ticks the clock and the box's timers between states and follows the live
 * stream; GET /console's info fetched when the log changed; the link's
 * status. Each screen's entry module (console.js, console_timekeeper.js,
 * console_penalties.js, console_scorer.js) starts it with what it draws.
 * No rule is decided here: the server checks every write and each role's.
 */
import { live } from "./live_module.js";
import { root, $ } from "./console_dom.js";
import { API, GAME, currentState, takeState, takeInfo, follow } from "./console_state.js";
import { request } from "./console_api.js";
import { flash } from "./console_banner.js";
import { renderLock } from "./console_board.js";

/* Start the screen: o.render(state, before) after each state is taken,
   o.info(info) after each GET /console answer, o.ticked(ran) after each
   tick of the clock. Returns the live game. */
export function startScreen(o) {
  let infoAsked = 0;
  let anchored = false;
  function refreshInfo() {
    const asked = ++infoAsked;
    return request("GET", API + "/console").then(function (answer) {
      if (answer.status !== 200 || asked !== infoAsked) { return; }
      const info = answer.data;
      const state = currentState();
      takeInfo(info);
      if (!anchored && state && state.running && info.state_version === state.version &&
          info.tenths_since_last_write !== null) {
        game.anchor(info.tenths_since_last_write); /* reloaded: the clock ran since */
      }
      anchored = true;
      renderLock(); /* signed, or reopened by the director: who, when, why (616(a)) */
      if (o.info) { o.info(info); }
    });
  }
  function taken(data, before) {
    takeState(data);
    o.render(data, before);
    /* The clock reached a moment the engine gave (a penalty over, 0:00): say it. */
    if (data.moment && (!before || before.moment !== data.moment)) {
      flash(data.moment.texts.join("; "));
    }
    /* a signature or a reopening changes no log: its info (who reopened) is asked too */
    if (!before || data.version !== before.version || data.locked !== before.locked) {
      refreshInfo();
    }
  }
  function link(status, label) {
    const node = document.querySelector('[data-bind="link"]');
    node.setAttribute("data-state", status);
    node.textContent = label;
  }
  const game = live.Game({
    stateUrl: API + "/state", liveUrl: "/live/games/" + GAME,
    render: taken, link: link, clock: $("clock"),
    clockClass: { running: "clock running", stopped: "clock stopped" },
    timers: root, timerSelector: ".box-list .timer",
    ticked: function (ran) { if (o.ticked) { o.ticked(ran); } }
  });
  follow(game, refreshInfo);
  game.start();
  return game;
}

/* A time of day from the server's ISO text, as this device shows it (507(d):
   minutes and seconds). */
export function timeOfDay(iso) {
  if (!iso) { return "–"; }
  return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit",
                                                 second: "2-digit" });
}
