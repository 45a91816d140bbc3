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
  function follow(data) { states[data.game_id] = { state: data, at: clock.now() }; }
  function tick() {
    var nodes = document.querySelectorAll("[data-live-clock]");
    for (var i = 0; i < nodes.length; i++) {
      var held = states[nodes[i].getAttribute("data-live-clock")];
      if (!held || !held.state.running) { continue; }
      var s = held.state;
      var text = s.status_text.replace(s.clock, clock.clockText(live.reading(s, clock.now(), held.at)));
      if (nodes[i].textContent !== text) { nodes[i].textContent = text; }
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
  setInterval(tick, 200);

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
