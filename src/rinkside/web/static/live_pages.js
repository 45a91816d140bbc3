/* Live updates for the public pages, through the live client (static/live.js).
 *
 * data-live-mode="patch" (lists of games): each game's score and status
 * line are replaced with the server's text from the state JSON.
 * data-live-mode="reload" (a game's page): when the game has a newer
 * version, the page's <main> is fetched again and swapped in (the server
 * renders it; the browser computes nothing). After a lost connection the
 * page is refreshed once, as it may have missed updates.
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

  live.stream(url, {
    message: function (data) {
      if (mode === "patch") { patch(data); return; }
      if (live.newer(shown, data)) { shown = { version: data.version }; reload(); }
    },
    reopened: reload
  });
})();
