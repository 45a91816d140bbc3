/* The scoreboard display: shows the game's state JSON, nothing more.
 *
 * Every number comes from the server (the engine computed it). The live
 * client (static/live.js) holds the state, follows the stream (first paint
 * from the state API, reconnection, polling without EventSource) and counts
 * the clock and the running penalty timers down between updates; this file
 * draws the board. Plain ES5 so older TV browsers run it.
 */
(function () {
  "use strict";

  var live = window.rinksideLive; /* static/live.js */
  var root = document.getElementById("scoreboard");
  var BOX_LINES = 3;

  function el(name) { return root.querySelector('[data-bind="' + name + '"]'); }
  function put(name, value) {
    var node = el(name);
    if (node && node.textContent !== value) { node.textContent = value; }
  }
  function repeat(mark, n) { var s = ""; for (var i = 0; i < n; i++) { s += mark; } return s; }

  function boxLine(e, timer) {
    var li = document.createElement("li");
    li.className = e.state;
    var num = document.createElement("span");
    num.className = "num";
    num.textContent = e.player === null ? "BEN" : "#" + e.player;
    li.appendChild(num);
    li.appendChild(timer);
    return li;
  }

  function banner(s) {
    if (s.status === "final") { return "Final" + (s.result && s.result.text ? " · " + s.result.text : ""); }
    if (s.penalty_shot) {
      var shot = s.penalty_shot;
      return "Penalty shot " + s.teams[shot.team].name + " #" + shot.shooter + " · " +
        (shot.scored ? "goal" : "no goal");
    }
    if (s.status === "shootout") {
      return "Shootout" + (s.shootout && s.shootout.next ? " · " + s.teams[s.shootout.next].name + " to shoot" : "");
    }
    if (s.status === "intermission") { return "Intermission"; }
    return "";
  }

  function renderShootout(state) {
    var box = el("shootout");
    var so = state.shootout;
    if (!so) { box.hidden = true; return; }
    box.hidden = false;
    ["home", "away"].forEach(function (team) {
      put("so-" + team + "-name", state.teams[team].name);
      var marks = el("so-" + team);
      while (marks.firstChild) { marks.removeChild(marks.firstChild); }
      so.shots.forEach(function (shot) {
        if (shot.team !== team) { return; }
        var m = document.createElement("span");
        m.className = shot.scored ? "scored" : "missed";
        m.textContent = shot.scored ? "●" : "○";
        marks.appendChild(m);
      });
    });
  }

  function render(state) {
    ["home", "away"].forEach(function (team) {
      put(team + "-name", state.teams[team].name);
      put(team + "-score", String(state.score[team]));
      put(team + "-timeouts", "TO " + repeat("●", state.timeouts_left[team]));
      put(team + "-note", state.empty_net[team] ? "Empty net" : "");
      live.renderBox(el(team + "-box"), state.box[team], boxLine, { limit: BOX_LINES });
    });
    put("period", state.period);
    put("strength", state.strength || "");
    put("banner", banner(state));
    renderShootout(state);
  }

  function link(status, label) {
    var node = el("link");
    node.setAttribute("data-state", status);
    node.textContent = label;
  }

  live.Game({
    stateUrl: root.getAttribute("data-state-url"),
    liveUrl: root.getAttribute("data-live-url"),
    render: render,
    link: link,
    clock: el("clock"),
    clockClass: { running: "clock", stopped: "clock stopped" },
    timers: root,
    timerSelector: ".box .timer"
  }).start();
})();
