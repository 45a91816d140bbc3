/* The one live client: every page that follows a game's state uses it (the
 * scoreboard, the console, the public pages), as window.rinksideLive: loaded
 * as a plain script, or imported by a module page through static/live_module.js.
 *
 * It owns
 *   - the stream (stream): an EventSource on the live URL; a watchdog that
 *     reconnects when nothing was heard for WATCHDOG_MS although the server
 *     sends a keep-alive every 5 s (a silent, half-open connection); one
 *     reconnection at a time when the server refused or closed the stream
 *     (otherwise EventSource retries by itself, after the server's retry:);
 *     polling of the state API where there is no EventSource;
 *   - versions (newer): which state replaces the one held;
 *   - the clock (Game.tick): while the engine says the clock runs it reads
 *     T - (now - W) from the state's wall-clock anchor (the clock read T at
 *     server time W; static/clock.js gives the server's time), the same on
 *     every page whatever is entered, corrected or undone; the penalty
 *     timers the engine has running count down with it; a console that
 *     blows the whistle holds it at its reading (Game.hold) until the
 *     server's stopped state comes; the clock's node carries the reading in
 *     tenths (data-tenths);
 *   - the coming moments (state.coming, rinkside.rules.upcoming): when the
 *     clock reaches one, the page shows the box, floor and clock the engine
 *     gave for that reading (a penalty over, a held penalty starting, the
 *     late stop-clock, 0:00), with no new event;
 *   - the box (renderBox): each penalty line and its timer.
 * The state is the JSON of rinkside.present.state.LiveState (documented
 * there, field by field); nothing here decides a rule. Plain ES5 so older
 * TV browsers run it; static/clock.js is loaded first.
 */
(function () {
  "use strict";

  var WATCHDOG_MS = 20000;      /* nothing heard for this long: reconnect */
  var WATCHDOG_EVERY_MS = 5000;
  var RECONNECT_MS = 3000;
  var POLL_MS = 1000;
  var TICK_MS = 100;
  var clock = window.rinksideClock; /* static/clock.js */

  function now() { return window.performance ? performance.now() : Date.now(); }
  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }

  /* Versions: a state replaces the one held only when its version is newer.
     An equal version is the same log, hence the same state; taking it again
     would only re-anchor the clock's projection to its later arrival and set
     the shown clock back by the delivery time (the stream, the store's look
     at keep-alive time and a write's own answer all bring the version just
     written). An older one is a late delivery. */
  function newer(held, data) { return !!data && (!held || data.version > held.version); }

  /* GET url and hand its JSON to done (a non-200 answer is ignored). */
  function getJSON(url, done) {
    var request = new XMLHttpRequest();
    request.open("GET", url);
    request.setRequestHeader("Cache-Control", "no-cache");
    request.onload = function () {
      if (request.status === 200) { done(JSON.parse(request.responseText)); }
    };
    request.send();
  }

  /* Follow a live URL. on.message(data) for each state; on.link(status,
     label) says "live" or "lost"; on.reopened() after a lost connection is
     back (it may have missed updates). Returns { close }. */
  function stream(url, on) {
    var source = null;
    var retry = null;
    var lastHeard = now();
    var lost = false;

    function link(status, label) { if (on.link) { on.link(status, label); } }
    function heard() { lastHeard = now(); }
    function lose() { lost = true; link("lost", "reconnecting…"); }

    function open() {
      if (retry) { clearTimeout(retry); retry = null; }
      if (source) { source.close(); }
      heard();
      source = new EventSource(url);
      source.onopen = function () {
        heard();
        link("live", "live");
        if (lost) { lost = false; if (on.reopened) { on.reopened(); } }
      };
      source.onmessage = function (event) {
        heard();
        link("live", "live");
        on.message(JSON.parse(event.data));
      };
      source.addEventListener("alive", heard);
      source.onerror = function () {
        lose();
        /* EventSource retries by itself unless the server refused it (CLOSED). */
        if (source.readyState === 2 && !retry) { retry = setTimeout(open, RECONNECT_MS); }
      };
    }

    open();
    var watchdog = setInterval(function () {
      if (now() - lastHeard > WATCHDOG_MS) { lose(); open(); }
    }, WATCHDOG_EVERY_MS);
    return {
      close: function () {
        clearInterval(watchdog);
        if (retry) { clearTimeout(retry); }
        if (source) { source.close(); }
      }
    };
  }

  /* One penalty timer: counts down in tick() while the engine runs it. */
  function timerNode(entry) {
    var timer = document.createElement("span");
    timer.className = "timer";
    timer.setAttribute("data-left", String(entry.left_tenths));
    timer.setAttribute("data-ticking", entry.ticking ? "1" : "0");
    timer.textContent = entry.left;
    return timer;
  }

  /* A team's box into list: line(entry, timer) makes the page's <li> around
     the timer made here; o.empty: the line shown for an empty box; o.limit:
     at most that many lines, then "+n". */
  function renderBox(list, entries, line, o) {
    o = o || {};
    clear(list);
    var li;
    if (!entries.length && o.empty) {
      li = document.createElement("li");
      li.className = "empty";
      li.textContent = o.empty;
      list.appendChild(li);
    }
    var shown = o.limit ? Math.min(o.limit, entries.length) : entries.length;
    for (var i = 0; i < shown; i++) { list.appendChild(line(entries[i], timerNode(entries[i]))); }
    if (entries.length > shown) {
      li = document.createElement("li");
      li.className = "more";
      li.textContent = "+" + (entries.length - shown);
      list.appendChild(li);
    }
  }

  /* The clock's tenths left at server time nowMs, as the state says: from
     its wall-clock anchor while it runs (the same on every page), else from
     the state's arrival (an old game with no anchor), else where it stands. */
  function reading(state, nowMs, receivedMs) {
    if (!state.running) { return state.clock_tenths; }
    var a = state.clock_anchor;
    var left = a ? a.left_tenths - Math.floor((nowMs - a.wall_ms) / 100)
                 : state.clock_tenths - Math.floor((nowMs - receivedMs) / 100);
    return Math.max(0, left);
  }

  /* The state shown once the clock has reached a coming moment (the
     engine's, rinkside.rules.upcoming): its box, floor and clock, and what
     the game takes then (rules/accepts.py: a period's end at 0:00). */
  function atMoment(state, moment) {
    var shown = {};
    for (var k in state) { if (state.hasOwnProperty(k)) { shown[k] = state[k]; } }
    shown.box = moment.box;
    shown.skaters = moment.skaters;
    shown.strength = moment.strength;
    shown.running = moment.running;
    shown.clock_tenths = moment.at_tenths;
    shown.period_over = moment.period_over;
    shown.whistle_stops = moment.whistle_stops;
    if (moment.accepts) { shown.accepts = moment.accepts; shown.refused = moment.refused; } /* else the state's */
    shown.moment = moment;
    return shown;
  }

  /* A game followed live. o.stateUrl, o.liveUrl; o.render(state, before)
     when a state is taken, or when the clock reaches one of its coming
     moments (state.moment: what changed); o.link(status, label); o.clock
     (the clock's node), o.clockClass {running, stopped}; o.timers (the node
     whose o.timerSelector timers tick); o.ticked(ran) after each tick. */
  function Game(o) {
    var game = { state: null, shown: null };
    var base = null;     /* the state as the server sent it */
    var receivedAt = 0;  /* clock.now() when it arrived */
    var applied = -1;    /* the index of its coming moment shown, -1: none */
    /* This page blew the whistle (Rule 507(a): the clock stops the moment it
       is pressed): the tenths it stopped at, shown until a state with the
       clock stopped comes (the stoppage's own answer) or it is let go. */
    var held = null;

    function take(data) {
      var before = game.shown;
      if (held !== null && !data.running) { held = null; } /* the server's stop is the truth */
      base = data;
      receivedAt = clock.now();
      applied = -1;
      show(data, before);
      game.tick();
      return true;
    }
    function show(data, before) {
      game.state = game.shown = data;
      o.render(data, before);
    }
    /* The clock's tenths left now, from the anchor (or where this page stopped it). */
    function leftNow() {
      return held !== null ? held : reading(base, clock.now(), receivedAt);
    }
    game.projected = function () {
      if (!base) { return 0; }
      return game.shown.running ? leftNow() : game.shown.clock_tenths;
    };
    /* The clock stops now, on this page, at its reading now (returned): the
       whistle's stoppage is on its way to the server, whose answer replaces it. */
    game.hold = function () {
      if (!base) { return 0; }
      var tenths = game.projected();
      if (game.shown.running) { held = tenths; }
      game.tick();
      return tenths;
    };
    /* The stoppage was not recorded: the clock runs on from its anchor. */
    game.release = function () { held = null; if (base) { game.tick(); } };
    /* Whether the clock runs as shown (not held here). */
    game.running = function () {
      return !!game.shown && game.shown.running && held === null;
    };
    /* Tenths the clock has run since the shown state's own clock reading. */
    game.ranSince = function () {
      return game.shown ? Math.max(0, game.shown.clock_tenths - game.projected()) : 0;
    };
    /* Versions: newer, or the same log with a newer clock anchor (507(a))
       or signed / reopened since (616(a)). */
    function fresher(data) {
      if (newer(base, data)) { return true; }
      if (!data || !base || data.version !== base.version) { return false; }
      if (data.locked !== base.locked) { return true; }
      return !!data.clock_anchor &&
        (!base.clock_anchor || data.clock_anchor.seq > base.clock_anchor.seq);
    }
    /* A state from the stream or the state API: taken when fresher. */
    game.accept = function (data) { return fresher(data) ? take(data) : false; };
    /* The server's answer to this page's own write (or reload): taken at an
       equal version too (a lineup changes who is dressed, not the log), not
       when older (another page's write has come in since). */
    game.replace = function (data) {
      return data && (!base || data.version >= base.version) ? take(data) : false;
    };
    /* Drop the state held (the server holds an older log: take its next). */
    game.forget = function () { base = game.state = game.shown = null; };
    /* The state arrived late: the clock has run for tenthsAgo more (only
       for a state with no wall-clock anchor). */
    game.anchor = function (tenthsAgo) {
      receivedAt = Math.min(receivedAt, clock.now() - tenthsAgo * 100);
    };
    game.fetch = function () { getJSON(o.stateUrl, game.accept); };

    /* The coming moment the clock has reached, shown when it is new. */
    function reach(left) {
      var coming = base.coming || [];
      var reached = -1;
      for (var i = 0; i < coming.length && left <= coming[i].at_tenths; i++) { reached = i; }
      if (reached !== applied) {
        applied = reached;
        show(reached < 0 ? base : atMoment(base, coming[reached]), game.shown);
      }
    }

    /* The clock and the running timers, from the anchor; the next state replaces them. */
    game.tick = function () {
      if (!base) { return; }
      reach(leftNow());
      var state = game.shown;
      var ran = game.ranSince();
      var tenths = Math.max(0, state.clock_tenths - ran);
      var text = clock.clockText(tenths);
      if (o.clock.textContent !== text) { o.clock.textContent = text; }
      /* the reading to the tenth, whatever the text shows (tests sample it) */
      if (o.clock.getAttribute("data-tenths") !== String(tenths)) {
        o.clock.setAttribute("data-tenths", String(tenths));
      }
      var className = game.running() ? o.clockClass.running : o.clockClass.stopped;
      if (o.clock.className !== className) { o.clock.className = className; }
      var timers = o.timers.querySelectorAll(o.timerSelector);
      for (var i = 0; i < timers.length; i++) {
        var t = timers[i];
        if (t.getAttribute("data-ticking") === "1") {
          var left = clock.timerText(parseInt(t.getAttribute("data-left"), 10) - ran);
          if (t.textContent !== left) { t.textContent = left; }
        }
      }
      if (o.ticked) { o.ticked(ran); }
    };

    /* The server's clock, the first state from the API, the clock's tick,
       then the stream (polling the API without EventSource). */
    game.start = function () {
      clock.sync("/api/time", function () { if (base) { game.tick(); } });
      game.fetch();
      setInterval(game.tick, TICK_MS);
      if (window.EventSource) {
        game.live = stream(o.liveUrl, {
          message: game.accept, link: o.link,
          reopened: function () { clock.sync("/api/time"); game.fetch(); }
        });
      } else {
        if (o.link) { o.link("live", "polling"); }
        setInterval(game.fetch, POLL_MS);
      }
    };
    return game;
  }

  window.rinksideLive = {
    newer: newer,
    reading: reading,
    stream: stream,
    getJSON: getJSON,
    renderBox: renderBox,
    Game: Game
  };
}());
