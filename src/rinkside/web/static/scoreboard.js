/* The scoreboard display: shows the game's state JSON, nothing more.
 *
 * Every number comes from the server (the engine computed it). Between two
 * updates the clock, and the penalty timers the engine has running, count
 * down locally from the last state, only while the engine says the clock
 * runs; the next update replaces them. The page opens an EventSource on the
 * live stream (first paint from the state API), reconnects by itself after a
 * lost connection, and falls back to polling without EventSource.
 * Plain ES5 so older TV browsers run it.
 */
(function () {
  "use strict";

  var root = document.getElementById("scoreboard");
  var STATE_URL = root.getAttribute("data-state-url");
  var LIVE_URL = root.getAttribute("data-live-url");
  var WATCHDOG_MS = 20000;      /* nothing heard for this long (keep-alives come every 5 s): reconnect */
  var RECONNECT_MS = 3000;
  var POLL_MS = 1000;
  var BOX_LINES = 3;

  var state = null;       /* the last state JSON */
  var receivedAt = 0;     /* performance.now() when it arrived */
  var lastHeard = 0;
  var source = null;
  var retry = null;

  function now() { return window.performance ? performance.now() : Date.now(); }
  function el(name) { return root.querySelector('[data-bind="' + name + '"]'); }
  function put(name, value) {
    var node = el(name);
    if (node && node.textContent !== value) { node.textContent = value; }
  }
  var clock = window.rinksideClock; /* static/clock.js */
  var clockText = clock.clockText;
  var timerText = clock.timerText;
  /* Tenths the clock has run here since the state arrived (0 when stopped). */
  function ranSince() {
    return state && state.running ? Math.floor((now() - receivedAt) / 100) : 0;
  }
  function repeat(mark, n) { var s = ""; for (var i = 0; i < n; i++) { s += mark; } return s; }

  function renderBox(team) {
    var list = el(team + "-box");
    while (list.firstChild) { list.removeChild(list.firstChild); }
    var entries = state.box[team];
    for (var i = 0; i < entries.length && i < BOX_LINES; i++) {
      var e = entries[i];
      var li = document.createElement("li");
      li.className = e.state;
      var num = document.createElement("span");
      num.className = "num";
      num.textContent = e.player === null ? "BEN" : "#" + e.player;
      var timer = document.createElement("span");
      timer.className = "timer";
      timer.setAttribute("data-left", String(e.left_tenths));
      timer.setAttribute("data-ticking", e.ticking ? "1" : "0");
      timer.textContent = e.left;
      li.appendChild(num);
      li.appendChild(timer);
      list.appendChild(li);
    }
    if (entries.length > BOX_LINES) {
      var more = document.createElement("li");
      more.className = "more";
      more.textContent = "+" + (entries.length - BOX_LINES);
      list.appendChild(more);
    }
  }

  function banner() {
    var s = state;
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

  function renderShootout() {
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

  function render() {
    ["home", "away"].forEach(function (team) {
      put(team + "-name", state.teams[team].name);
      put(team + "-score", String(state.score[team]));
      put(team + "-timeouts", "TO " + repeat("●", state.timeouts_left[team]));
      put(team + "-note", state.empty_net[team] ? "Empty net" : "");
      renderBox(team);
    });
    put("period", state.period);
    put("strength", state.strength || "");
    put("banner", banner());
    renderShootout();
    tick();
  }

  /* Count down locally between updates; the server's next state corrects it. */
  function tick() {
    if (!state) { return; }
    var ran = ranSince();
    put("clock", clockText(state.clock_tenths - ran));
    el("clock").className = state.running ? "clock" : "clock stopped";
    var timers = root.querySelectorAll(".box .timer");
    for (var i = 0; i < timers.length; i++) {
      var t = timers[i];
      if (t.getAttribute("data-ticking") === "1") {
        var left = parseInt(t.getAttribute("data-left"), 10) - ran;
        if (t.textContent !== timerText(left)) { t.textContent = timerText(left); }
      }
    }
  }

  function accept(data) {
    lastHeard = now();
    if (state && data.version <= state.version) { return; } /* nothing new: keep ticking */
    state = data;
    receivedAt = now();
    render();
  }

  function link(status, label) {
    var node = el("link");
    node.setAttribute("data-state", status);
    node.textContent = label;
  }

  function fetchState() {
    var request = new XMLHttpRequest();
    request.open("GET", STATE_URL);
    request.setRequestHeader("Cache-Control", "no-cache");
    request.onload = function () {
      if (request.status === 200) { accept(JSON.parse(request.responseText)); }
    };
    request.send();
  }

  function connect() {
    if (retry) { clearTimeout(retry); retry = null; }
    if (source) { source.close(); }
    lastHeard = now();
    source = new EventSource(LIVE_URL);
    source.onopen = function () { lastHeard = now(); link("live", "live"); };
    source.onmessage = function (event) { link("live", "live"); accept(JSON.parse(event.data)); };
    source.addEventListener("alive", function () { lastHeard = now(); });
    source.onerror = function () {
      link("lost", "reconnecting…");
      /* EventSource retries by itself unless the server refused it (CLOSED). */
      if (source.readyState === 2 && !retry) { retry = setTimeout(connect, RECONNECT_MS); }
    };
  }

  fetchState();
  setInterval(tick, 100);
  if (window.EventSource) {
    connect();
    setInterval(function () {
      if (now() - lastHeard > WATCHDOG_MS) { link("lost", "reconnecting…"); connect(); }
    }, 5000);
  } else {
    link("live", "polling");
    setInterval(fetchState, POLL_MS);
  }
})();
