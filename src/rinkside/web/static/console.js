/* The scorekeeper's console: records events and shows what the engine made of them.
 * This file holds its state, rendering, the clock, live updates and writes.
 *
 * No rule is decided here. Every action posts FORMAT.md events (or a
 * correction) to the console API and shows the state the server answers;
 * a refusal (422) shows the rule and the engine's sentence, the form keeps
 * what was typed, and focus goes back to a control that can fix it. A 409
 * (another console wrote first) reloads the game and says so.
 *
 * The live client (static/live.js, the scoreboard's too) holds the state
 * (rinkside.present.state.LiveState's JSON), follows the live stream
 * (/live/games/{id}) that keeps two consoles and the scoreboard in step,
 * and ticks the clock between updates, projected from the server's state;
 * each new state replaces the projection. Plain JS, no framework: the rink
 * may have no internet.
 *
 * After static/clock.js and static/live.js, these scripts, loaded in this
 * order with defer (templates/console.html):
 *   console.js        this file: sets up window.rinksideConsole (below);
 *   console_quick_keys.js the clock toggle and shots, by button or key (Space, Q, P);
 *   console_fields.js the forms' fields (labels, controls, player lists, values);
 *   console_penalty.js the penalty form (infraction catalog, classes, who serves);
 *   console_forms.js  the event forms (build, fill, post, corrections);
 *   console_accepts.js the record buttons the engine closes now, with its reasons;
 *   console_servers.js the servers still to name at the stoppage (402(c), 404(e)...);
 *   console_log.js    the event log panel (undo, edit, insert, delete);
 *   console_lineups.js the lineup forms (dress a team, its captain and alternates);
 *   console_warnings.js the banner for a warning a write is answered with.
 * They share one namespace object, window.rinksideConsole:
 *   from here   root, MAY_WRITE, API, TEAMS; $, put, make, clear, other, teamName,
 *               nowAt, atText, projected, refusal; request, detailText; showBanner,
 *               hideBanner, flash, explain; post, correct, written, networkDown,
 *               refreshInfo; replace(state) (take a write's answer); busy (a write is
 *               in flight: every file reads and sets it); state and info (read-only
 *               getters: the last state JSON and the last GET /console answer).
 *   from quick keys renderToggle(), ticked(ran), idle() (a write is over).
 *   from fields fields (C.fields: the forms' labels, controls and values).
 *   from penalty penalty (C.penalty: the catalog, the infraction picker, updateFields).
 *   from forms  currentForm(), refreshForm(), editEvent(position, event),
 *               startInsert(position).
 *   from log    renderLog(), forgetDelete().
 * The game is first fetched on DOMContentLoaded, after all of them have run, so
 * every name above exists before the first answer arrives.
 */
(function () {
  "use strict";

  var C = window.rinksideConsole = {};
  var root = document.getElementById("console");
  var GAME = root.getAttribute("data-game");
  var MAY_WRITE = root.getAttribute("data-may-write") === "1";
  var API = "/api/games/" + GAME;
  var TEAMS = ["home", "away"];

  var live = window.rinksideLive; /* static/live.js */
  var state = null;        /* the last state taken (game.state: LiveState's JSON) */
  var game = null;         /* the live game (static/live.js), made below */
  var info = null;         /* GET /console: log lines, dressed rosters, in goal, next start */
  var anchored = false;    /* the clock was projected from the last write's age once */
  /* The session's token is in the page: a write is possible from the first tap. */
  var csrf = root.getAttribute("data-csrf") || null;
  C.busy = false;          /* a write is in flight */

  /* ------------------------------------------------------------------ helpers */

  function $(name) { return root.querySelector('[data-bind="' + name + '"]'); }
  function put(name, value) {
    var node = $(name);
    if (node && node.textContent !== value) { node.textContent = value; }
  }
  function make(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "class") { node.className = attrs[k]; } else { node.setAttribute(k, attrs[k]); }
    });
    if (text !== undefined && text !== null) { node.textContent = text; }
    return node;
  }
  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }
  var clock = window.rinksideClock; /* static/clock.js */
  var TENTHS_SHOWN_UNDER = clock.TENTHS_SHOWN_UNDER;
  var minutesSeconds = clock.minutesSeconds;
  function teamName(team) { return state ? state.teams[team].name : team; }
  function other(team) { return team === "home" ? "away" : "home"; }

  function projected() { return game.projected(); }

  /* FORMAT.md "at": the period and the time left as the clock shows it
     ("1 11:42", tenths under a minute); the exact time when stopped. */
  function atText(tenths) {
    if (!state) { return ""; }
    if (state.period === "SO") { return "SO"; }
    var t = Math.max(0, tenths);
    var text = t < TENTHS_SHOWN_UNDER || (t % 10 !== 0 && !state.running)
      ? minutesSeconds(t) + (t % 10 ? "." + (t % 10) : "") : minutesSeconds(t);
    return state.period + " " + text;
  }
  function nowAt() { return atText(projected()); }

  /* ------------------------------------------------------------------ network */

  function request(method, url, body) {
    var headers = { "Accept": "application/json" };
    if (body !== undefined) { headers["Content-Type"] = "application/json"; }
    if (method !== "GET" && csrf) { headers["X-CSRF-Token"] = csrf; }
    return fetch(url, {
      method: method, headers: headers, credentials: "same-origin", cache: "no-store",
      body: body === undefined ? undefined : JSON.stringify(body)
    }).then(function (response) {
      return response.text().then(function (text) {
        var data = null;
        try { data = text ? JSON.parse(text) : null; } catch (e) { data = { detail: text }; }
        return { status: response.status, data: data };
      });
    });
  }

  function detailText(data) {
    if (!data) { return "no answer"; }
    if (Array.isArray(data.detail)) {
      return data.detail.map(function (d) {
        return (d.loc ? d.loc.join(".") + ": " : "") + d.msg;
      }).join("; ");
    }
    return String(data.detail || "");
  }

  /* ------------------------------------------------------------------ banner */

  function showBanner(kind, rule, text) {
    var banner = $("banner");
    banner.className = "banner " + kind;
    put("banner-rule", rule ? "Rule " + rule : "");
    put("banner-text", text);
    banner.hidden = false;
  }
  function hideBanner() { $("banner").hidden = true; }
  var flashTimer = null;
  function flash(text) {
    put("flash", text);
    $("flash").title = text; /* the whole sentence, where the line cuts it short */
    if (flashTimer) { clearTimeout(flashTimer); }
    flashTimer = setTimeout(function () { put("flash", ""); }, 4000);
  }

  /* Show why a write failed; true when the caller should keep its form open. */
  function explain(answer) {
    var data = answer.data || {};
    if (answer.status === 422) {
      /* The engine's sentence already starts "Rule 641(a): "; show it once. */
      var text = detailText(data);
      if (data.rule) { text = text.replace("Rule " + data.rule + ": ", ""); }
      showBanner("refused", data.rule || "", text);
    } else if (answer.status === 409) {
      showBanner("stale", "", "The game changed on another console (now version " +
        (data.version !== undefined ? data.version : "?") + "). It is reloaded: check the " +
        "log, then record again.");
      reload();
    } else if (answer.status === 401) {
      showBanner("refused", "", "You are logged out. Log in again (in a new tab, to keep " +
        "this form) and retry.");
    } else if (answer.status === 403) {
      showBanner("refused", "", detailText(data));
    } else {
      showBanner("refused", "", "The server answered " + answer.status + ": " + detailText(data));
    }
  }

  /* ------------------------------------------------------------------ state */

  /* A state taken by the live game (newer, or this console's own answer). */
  function taken(data, before) {
    state = data;
    render();
    /* The clock reached a moment the engine gave with the state (a penalty
       over, a held one starting, 0:00): say what changed, with its rule. */
    if (data.moment && (!before || before.moment !== data.moment)) {
      flash(data.moment.texts.join("; "));
    }
    if (!before || data.version !== before.version) { refreshInfo(); refreshAnnouncements(); }
  }

  /* The server's state now (after a 409): taken even if older than the one held. */
  function reload() {
    return request("GET", API + "/state").then(function (answer) {
      if (answer.status === 200) {
        if (state && answer.data.version < state.version) { game.forget(); }
        game.replace(answer.data);
        refreshInfo();
      }
    });
  }

  var infoAsked = 0;
  function refreshInfo() {
    var asked = ++infoAsked;
    return request("GET", API + "/console").then(function (answer) {
      if (answer.status !== 200 || asked !== infoAsked) { return; }
      info = answer.data;
      if (!anchored && state && state.running && info.state_version === state.version &&
          info.tenths_since_last_write !== null) {
        /* A reloaded console: the clock has run since the last event was written. */
        game.anchor(info.tenths_since_last_write);
      }
      anchored = true;
      C.renderLog();
      C.renderToggle();
      renderLock();
      C.refreshForm();
    });
  }

  /* Rule 616(a): a game its referees have signed cannot change; say so up front. */
  function renderLock() {
    var node = document.querySelector('[data-bind="locked"]');
    if (node) { node.hidden = !((state && state.locked) || (info && info.locked)); }
  }

  /* ------------------------------------------------------------------ render */

  function dots(n) { var s = ""; for (var i = 0; i < n; i++) { s += "●"; } return s; }

  function render() {
    TEAMS.forEach(function (team) {
      put(team + "-name", state.teams[team].name);
      put(team + "-box-name", state.teams[team].name);
      put(team + "-score", String(state.score[team]));
      put(team + "-timeouts", "Time-outs " + (dots(state.timeouts_left[team]) || "–"));
      put(team + "-note", state.empty_net[team] ? "Empty net" : "");
      put(team + "-shots", state.shots_text[team]); /* 3 shots, 1 save (present/shots.py) */
      renderBox(team);
    });
    put("delayed", state.delayed_text || "");
    renderLock();
    /* Rule 641 note 1: a team with no time-out left has none to record; the
     * count is the engine's (state.timeouts_left). */
    TEAMS.forEach(function (team) {
      var button = $(team + "-timeout-button");
      if (!button) { return; }
      var none = state.timeouts_left[team] <= 0;
      button.disabled = !MAY_WRITE || none || state.status === "final";
      button.title = none ? state.teams[team].name + " has no time-out left (Rule 641, note 1)" : "";
    });
    var playing = state.status === "in_play" || state.status === "stopped";
    TEAMS.forEach(function (team) {
      var shot = $(team + "-shot");
      if (shot) { shot.disabled = !MAY_WRITE || !playing; }
    });
    var setClock = $("set-clock");
    if (setClock) { setClock.hidden = !MAY_WRITE || !state.running; }
    put("period", state.period);
    /* The ticking clock says where play is; the status line says what it cannot. */
    put("status", state.status === "in_play" || state.status === "stopped" ? "" : state.status_text);
    put("strength", state.strength ? state.strength : (state.status === "in_play" ||
      state.status === "stopped" ? "Even strength" : ""));
    put("result", state.result ? state.result.text || "" : "");
    renderGoals();
    C.renderToggle(); /* console_quick_keys.js */
    if (C.renderAccepts) { C.renderAccepts(); } /* console_accepts.js */
    if (C.renderServers) { C.renderServers(); } /* console_servers.js */
  }

  /* The engine's refusal of every event of `kind` now ({kind, rule, text}:
     state.refused, rules/accepts.py), or null when the game takes it. */
  function refusal(kind) {
    var list = (state && state.refused) || [];
    for (var i = 0; i < list.length; i++) { if (list[i].kind === kind) { return list[i]; } }
    return null;
  }

  function boxLine(e, timer) {
    var li = make("li", { "class": "entry " + e.state, "data-player": e.player === null ? "bench" : String(e.player) });
    var who = e.player === null ? "Bench" : "#" + e.player;
    if (e.served_by !== null) { who += " (served by #" + e.served_by + ")"; }
    li.appendChild(make("span", { "class": "who" }, who));
    li.appendChild(make("span", { "class": "what" }, e.class_text + " · " + e.infraction));
    li.appendChild(timer);
    li.appendChild(make("span", { "class": "state" }, e.may_return ? "may return now" : e.state));
    if (e.may_return) { li.className += " may-return"; }
    if (e.reasons && e.reasons.length) { li.appendChild(make("span", { "class": "why" }, e.reasons.join("; "))); }
    return li;
  }
  function renderBox(team) {
    live.renderBox($(team + "-box"), state.box[team], boxLine, { empty: "nobody" });
  }

  function renderGoals() {
    var list = $("goals");
    clear(list);
    if (!state.goals.length) { list.appendChild(make("li", { "class": "empty" }, "no goals yet")); }
    state.goals.forEach(function (g) {
      var text = g.period + " " + g.time + " · " + teamName(g.team) + " · " + g.scorer_name +
        (g.assist_name ? " (" + g.assist_name + ")" : "");
      var li = make("li", {}, text);
      g.tags.forEach(function (tag) { li.appendChild(make("span", { "class": "tag" }, tag)); });
      list.appendChild(li);
    });
  }

  /* ------------------------------------------------------------------ writes */

  var sentFrom = null; /* the state the last write was sent from (console_warnings.js) */

  /* Rule 507(a): the game timekeeper sets the running clock to the rink's clock. */
  function setRunningClock(ev) {
    ev.preventDefault();
    var input = ev.target.querySelector('[name="rink_clock"]');
    var left = input.value.trim();
    if (!left) { input.focus(); return; }
    request("PUT", API + "/clock", { left: left }).then(function (answer) {
      if (answer.status === 200) {
        game.replace(answer.data.state);
        input.value = "";
        flash("Running clock set to " + left + " (Rule 507(a))");
      } else {
        explain(answer);
      }
    }).catch(networkDown);
  }

  function post(events) {
    sentFrom = state;
    return request("POST", API + "/events", { version: state.version, events: events });
  }
  function correct(op, position, event, reason) {
    sentFrom = state;
    var body = { version: state.version, op: op, position: position, reason: reason };
    if (event) { body.event = event; }
    return request("POST", API + "/corrections", body);
  }

  function written(answer, message) {
    if (answer.status === 200) {
      hideBanner();
      game.replace(answer.data.state); /* a new version: the log and rosters are fetched again */
      if (message) { flash(message); }
      if (C.warned) { C.warned(sentFrom, answer.data.state); } /* console_warnings.js */
      return true;
    }
    explain(answer);
    return false;
  }

  function networkDown() {
    showBanner("stale", "", "No answer from the server: check the network, then retry. " +
      "Nothing you typed is lost.");
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

  /* ------------------------------------------------------------------ live */

  function link(status, label) {
    var node = document.querySelector('[data-bind="link"]');
    node.setAttribute("data-state", status);
    node.textContent = label;
  }
  game = live.Game({
    stateUrl: API + "/state", liveUrl: "/live/games/" + GAME,
    render: taken, link: link, clock: $("clock"),
    clockClass: { running: "clock running", stopped: "clock stopped" },
    timers: root, timerSelector: ".box-list .timer",
    ticked: function (ran) { C.ticked(ran); } /* console_quick_keys.js */
  });

  /* ------------------------------------------------------------------ shared */

  C.root = root; C.MAY_WRITE = MAY_WRITE; C.API = API; C.TEAMS = TEAMS;
  C.$ = $; C.put = put; C.make = make; C.clear = clear;
  C.other = other; C.teamName = teamName; C.nowAt = nowAt; C.atText = atText;
  C.request = request; C.detailText = detailText;
  C.showBanner = showBanner; C.hideBanner = hideBanner; C.flash = flash; C.explain = explain;
  C.post = post; C.correct = correct; C.written = written; C.networkDown = networkDown;
  C.refreshInfo = refreshInfo; C.refusal = refusal;
  C.projected = projected; /* the clock's tenths left now (from its wall-clock anchor) */
  C.replace = function (data) { return game.replace(data); };
  Object.defineProperty(C, "state", { get: function () { return state; } });
  Object.defineProperty(C, "info", { get: function () { return info; } });

  /* ------------------------------------------------------------------ wiring */

  /* The quick keys, the forms and the log wire their own buttons
     (console_quick_keys.js, console_forms.js, console_log.js). */
  root.addEventListener("click", function (ev) {
    var t = ev.target.closest("button");
    if (t && t.getAttribute("data-action") === "dismiss") { hideBanner(); }
  });

  var clockForm = $("set-clock");
  if (clockForm) { clockForm.addEventListener("submit", setRunningClock); }

  document.addEventListener("DOMContentLoaded", function () {
    game.start(); /* the state now, the clock's tick, the live stream */
  });
})();
