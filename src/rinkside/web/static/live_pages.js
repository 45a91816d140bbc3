/* Live updates for the public pages, through the live client (static/live.js).
 *
 * data-live-mode="patch" (lists of games): each game's score and status
 * line are replaced with the server's text from the state JSON.
 * data-live-mode="reload" (a game's page): when the game has a newer
 * version, the page's <main> is fetched again and swapped in (the server
 * renders it; the browser computes nothing).
 * data-live-mode="refresh" (a bracket, which any game of its division may
 * fill): the scores' stream's every message fetches <main> again, at most
 * once in 300 ms, as "reload" does. After a lost connection the
 * page is refreshed once, as it may have missed updates.
 *
 * The live clock: each [data-live-clock="GAME"] status line of a game in
 * play ticks with the game's clock, counted from the state's wall-clock
 * anchor (static/live.js reading, static/clock.js the server's time): the
 * server's words, their clock part replaced by the reading now.
 */
(function () {
  "use strict";

  var live = window.rinksideLive;
  var body = document.body;
  var url = body.getAttribute("data-live");
  var mode = body.getAttribute("data-live-mode");
  var shown = { version: parseInt(body.getAttribute("data-version") || "0", 10) };
  if (!url || !window.EventSource || !live) { return; }
  var IN_PLAY = ["in_play", "stopped", "intermission", "shootout"];
  var pending = null;

  function reload() {
    if (pending) { return; }
    pending = setTimeout(function () {
      pending = null;
      var request = new XMLHttpRequest();
      request.open("GET", location.href);
      request.onload = function () {
        if (request.status !== 200) { return; }
        var doc = new DOMParser().parseFromString(request.responseText, "text/html");
        var fresh = doc.getElementById("main");
        var main = document.getElementById("main");
        if (fresh && main) { main.parentNode.replaceChild(fresh, main); }
      };
      request.send();
    }, 300);
  }

  function set(row, field, value) {
    var node = row.querySelector('[data-field="' + field + '"]');
    if (node && node.textContent !== value) { node.textContent = value; }
  }

  function patch(data) {
    var rows = document.querySelectorAll('[data-game="' + data.game_id + '"]');
    for (var i = 0; i < rows.length; i++) {
      var begun = data.status !== "not_started";
      set(rows[i], "home", begun ? String(data.score.home) : "");
      set(rows[i], "away", begun ? String(data.score.away) : "");
      set(rows[i], "status_text", data.status_text);
      rows[i].className = IN_PLAY.indexOf(data.status) >= 0 ? "game live" : "game";
    }
  }

  /* The live clock of each game on the page. */
  var clock = window.rinksideClock;
  var states = {};     /* game id -> { state, at } */
  function follow(data) {
    var held = states[data.game_id];
    if (held && data.version < held.state.version) { return; } /* a late delivery */
    states[data.game_id] = { state: data, at: clock.now() };
    tick(); /* at once: a stop shows its time now, not at the next tick */
  }
  /* A stopped clock shows the stop's time the moment its state comes (the
     page's own reload follows later): it never runs on past the stop. */
  function tick() {
    var nodes = document.querySelectorAll("[data-live-clock]");
    for (var i = 0; i < nodes.length; i++) {
      var held = states[nodes[i].getAttribute("data-live-clock")];
      if (!held) { continue; }
      var s = held.state;
      var tenths = s.running ? live.reading(s, clock.now(), held.at) : s.clock_tenths;
      var text = s.running ? s.status_text.replace(s.clock, clock.clockText(tenths)) : s.status_text;
      if (nodes[i].textContent !== text) { nodes[i].textContent = text; }
      /* the reading to the tenth, whatever the text shows, and whether it
         runs (tests sample them) */
      if (nodes[i].getAttribute("data-tenths") !== String(tenths)) {
        nodes[i].setAttribute("data-tenths", String(tenths));
      }
      var runs = s.running ? "1" : "0";
      if (nodes[i].getAttribute("data-running") !== runs) { nodes[i].setAttribute("data-running", runs); }
    }
  }
  function fetchRunning() {
    var nodes = document.querySelectorAll("[data-live-clock]");
    for (var i = 0; i < nodes.length; i++) {
      var row = nodes[i].closest(".live") || nodes[i].closest(".summary.live");
      if (row) { live.getJSON("/api/games/" + nodes[i].getAttribute("data-live-clock") + "/state", follow); }
    }
  }
  clock.sync("/api/time", fetchRunning);
  setInterval(tick, 100);

  live.stream(url, {
    message: function (data) {
      follow(data);
      if (mode === "patch") { patch(data); return; }
      if (mode === "refresh") { reload(); return; }
      if (live.newer(shown, data)) { shown = { version: data.version }; reload(); }
    },
    reopened: reload
  });
})();
