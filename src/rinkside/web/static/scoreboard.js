/* The scoreboard display: shows the game's state JSON, nothing more.
 *
 * Every number comes from the server (the engine computed it). The live
 * client (static/live.js) holds the state, follows the stream (first paint
 * from the state API, reconnection, polling without EventSource), counts the
 * clock down from its wall-clock anchor and applies the coming moments the
 * engine gave (a penalty over at its clock reading); this file draws the
 * board in its layout (tv, overlay, intermission: data-layout), the
 * time-out and intermission countdowns (641, 640(a)), and sounds the horn
 * at a period's end when asked (data-horn). Plain ES5 so older TV browsers
 * run it.
 */
(function () {
  "use strict";

  var live = window.rinksideLive; /* static/live.js */
  var clock = window.rinksideClock; /* static/clock.js */
  var root = document.getElementById("scoreboard");
  var LAYOUT = root.getAttribute("data-layout") || "tv";
  var HORN = root.getAttribute("data-horn") === "1";
  var BOX_LINES = LAYOUT === "overlay" ? 2 : 3;
  var shown = null;       /* the state drawn */
  var summaryOf = -1;     /* the version whose penalties are listed */

  function el(name) { return root.querySelector('[data-bind="' + name + '"]'); }
  function put(name, value) {
    var node = el(name);
    if (node && node.textContent !== value) { node.textContent = value; }
  }
  function repeat(mark, n) { var s = ""; for (var i = 0; i < n; i++) { s += mark; } return s; }
  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }
  function item(list, text) {
    var li = document.createElement("li");
    li.textContent = text;
    list.appendChild(li);
  }

  function boxLine(e, timer) {
    var li = document.createElement("li");
    li.className = e.state;
    var num = document.createElement("span");
    num.className = "num";
    num.textContent = e.player === null ? "BEN" : "#" + e.player;
    if (e.served_by !== null) { /* the teammate in the box for him (402(c), 404(e), 405(a), 407(a)) */
      var server = document.createElement("small");
      server.className = "server";
      server.textContent = "served by #" + e.served_by;
      num.appendChild(server);
    }
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
    if (s.period_over) { return "End of period"; }
    if (s.status === "intermission") { return "Intermission"; }
    return "";
  }

  function lastGoal(s) {
    var g = s.goals.length ? s.goals[s.goals.length - 1] : null;
    if (!g) { return ""; }
    return "Goal " + s.teams[g.team].name + " " + g.scorer_name +
      (g.assist_name ? " (" + g.assist_name + ")" : "") + " · P" + g.period + " " + g.time +
      (g.tags.length ? " · " + g.tags.join(" ") : "");
  }

  function renderShootout(state) {
    var box = el("shootout");
    var so = state.shootout;
    if (!so) { box.hidden = true; return; }
    box.hidden = false;
    ["home", "away"].forEach(function (team) {
      put("so-" + team + "-name", state.teams[team].name);
      var marks = el("so-" + team);
      clear(marks);
      so.shots.forEach(function (shot) {
        if (shot.team !== team) { return; }
        var m = document.createElement("span");
        m.className = shot.scored ? "scored" : "missed";
        m.textContent = shot.scored ? "●" : "○";
        marks.appendChild(m);
      });
    });
  }

  /* Team colours and logos, as set for each team. */
  function renderTeam(state, team) {
    var line = state.teams[team];
    var block = el(team + "-team");
    block.style.borderColor = line.colour || "";
    el(team + "-name").style.backgroundColor = line.colour || "";
    var logo = el(team + "-logo");
    if (line.logo) {
      if (logo.getAttribute("src") !== line.logo) { logo.setAttribute("src", line.logo); }
      logo.setAttribute("alt", line.name + " logo");
      logo.hidden = false;
    } else {
      logo.hidden = true;
    }
  }

  /* The between-periods screen: goals from the state, penalties from the summary. */
  function renderSummary(state) {
    var goals = el("summary-goals");
    clear(goals);
    if (!state.goals.length) { item(goals, "No goals"); }
    state.goals.forEach(function (g) {
      item(goals, "P" + g.period + " " + g.time + " · " + state.teams[g.team].name + " · " +
        g.scorer_name + (g.assist_name ? " (" + g.assist_name + ")" : "") +
        (g.tags.length ? " · " + g.tags.join(" ") : ""));
    });
    if (LAYOUT !== "intermission" || summaryOf === state.version) { return; }
    summaryOf = state.version;
    live.getJSON(root.getAttribute("data-summary-url"), function (data) {
      var list = el("summary-penalties");
      clear(list);
      if (!data.penalties.length) { item(list, "No penalties"); }
      data.penalties.forEach(function (p) {
        item(list, "P" + p.period + " " + p.time + " · " + p.team + " · " + p.who + " · " +
          p.class_text + " · " + p.infraction);
      });
    });
  }

  /* The horn: a period's time is up (the clock reached 0:00) or it ended. */
  function horn() {
    var Audio = window.AudioContext || window.webkitAudioContext;
    if (!HORN || !Audio) { return; }
    try {
      var ctx = new Audio();
      var tone = ctx.createOscillator();
      var gain = ctx.createGain();
      tone.type = "sawtooth";
      tone.frequency.value = 220;
      gain.gain.value = 0.4;
      tone.connect(gain);
      gain.connect(ctx.destination);
      tone.start();
      tone.stop(ctx.currentTime + 1.5);
    } catch (e) { /* no sound here */ }
    root.setAttribute("data-horned", String(Number(root.getAttribute("data-horned") || "0") + 1));
  }

  function render(state, before) {
    ["home", "away"].forEach(function (team) {
      renderTeam(state, team);
      put(team + "-name", state.teams[team].name);
      put(team + "-score", String(state.score[team]));
      put(team + "-shots", String(state.shots[team]));
      put(team + "-timeouts", "TO " + repeat("●", state.timeouts_left[team]));
      put(team + "-note", state.empty_net[team] ? "Empty net" : "");
      live.renderBox(el(team + "-box"), state.box[team], boxLine, { limit: BOX_LINES });
    });
    put("period", state.period);
    put("strength", state.strength || "");
    put("delayed", state.delayed_text || "");
    put("banner", banner(state));
    put("last-goal", lastGoal(state));
    renderShootout(state);
    renderSummary(state);
    var ended = state.period_over || state.status === "intermission" || state.status === "final";
    var wasEnded = before && (before.period_over || before.status === "intermission" ||
      before.status === "final");
    if (before && ended && !wasEnded) { horn(); }
    shown = state;
    countdown();
  }

  /* Rule 641 note 1, 640(a): the time-out's or the rest's time left. */
  function countdown() {
    var node = el("countdown");
    var c = shown && shown.countdown;
    if (!c) { node.hidden = true; return; }
    var left = Math.max(0, c.left_tenths - Math.floor((clock.now() - c.wall_ms) / 100));
    var text = c.label + " " + clock.timerText(left);
    if (node.textContent !== text) { node.textContent = text; }
    node.hidden = false;
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
    timerSelector: ".box .timer",
    ticked: countdown
  }).start();
})();
