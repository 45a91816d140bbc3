/* The scorekeeper's console: records events and shows what the engine made of them.
 *
 * No rule is decided here. Every action posts FORMAT.md events (or a
 * correction) to the console API and shows the state the server answers;
 * a refusal (422) shows the rule and the engine's sentence, the form keeps
 * what was typed, and focus goes back to a control that can fix it. A 409
 * (another console wrote first) reloads the game and says so.
 *
 * The clock ticks here between updates, projected from the server's state
 * exactly as the scoreboard does (static/scoreboard.js); each new state
 * replaces the projection. The live stream (/live/games/{id}) keeps two
 * consoles and the scoreboard in step. Plain JS, no framework: the rink
 * may have no internet.
 */
(function () {
  "use strict";

  var root = document.getElementById("console");
  var GAME = root.getAttribute("data-game");
  var MAY_WRITE = root.getAttribute("data-may-write") === "1";
  var API = "/api/games/" + GAME;
  var TENTHS_SHOWN_UNDER = 600; /* rinkside.web.views.TENTHS_SHOWN_UNDER */
  var TEAMS = ["home", "away"];

  var state = null;        /* the last state JSON (views.state_json) */
  var receivedAt = 0;      /* performance.now() when it arrived */
  var info = null;         /* GET /console: log lines, dressed rosters, in goal, next start */
  var anchored = false;    /* the clock was projected from the last write's age once */
  var catalog = null;      /* GET /api/infractions */
  var csrf = null;
  var busy = false;        /* a write is in flight */
  var form = null;         /* the open form: {type, mode, position, values} */
  var pendingDelete = null;

  /* ------------------------------------------------------------------ helpers */

  function now() { return performance.now(); }
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
  function pad(n) { return n < 10 ? "0" + n : String(n); }
  function minutesSeconds(tenths) {
    return Math.floor(tenths / 600) + ":" + pad(Math.floor((tenths % 600) / 10));
  }
  function clockText(tenths) {
    tenths = Math.max(0, tenths);
    return tenths < TENTHS_SHOWN_UNDER ? minutesSeconds(tenths) + "." + (tenths % 10)
                                       : minutesSeconds(tenths);
  }
  function teamName(team) { return state ? state.teams[team].name : team; }
  function other(team) { return team === "home" ? "away" : "home"; }

  /* Tenths the clock has run here since the state arrived (0 when stopped). */
  function ranSince() {
    return state && state.running ? Math.floor((now() - receivedAt) / 100) : 0;
  }
  function projected() { return state ? Math.max(0, state.clock_tenths - ranSince()) : 0; }

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

  function accept(data) {
    if (!data || (state && data.version < state.version)) { return; }
    var changed = !state || data.version !== state.version;
    state = data;
    receivedAt = now();
    render();
    if (changed) { refreshInfo(); refreshAnnouncements(); }
  }

  function reload() {
    return request("GET", API + "/state").then(function (answer) {
      if (answer.status === 200) {
        if (state && answer.data.version < state.version) { state = null; }
        accept(answer.data);
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
        receivedAt = Math.min(receivedAt, now() - info.tenths_since_last_write * 100);
      }
      anchored = true;
      renderLog();
      renderToggle();
      renderLock();
      if (form) { refreshPlayerChoices(); }
    });
  }

  /* Rule 616(a): a game its referees have signed cannot change; say so up front. */
  function renderLock() {
    var node = document.querySelector('[data-bind="locked"]');
    if (node) { node.hidden = !(info && info.locked); }
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
      renderBox(team);
    });
    put("period", state.period);
    /* The ticking clock says where play is; the status line says what it cannot. */
    put("status", state.status === "in_play" || state.status === "stopped" ? "" : state.status_text);
    put("strength", state.strength ? state.strength : (state.status === "in_play" ||
      state.status === "stopped" ? "Even strength" : ""));
    put("result", state.result ? state.result.text || "" : "");
    renderGoals();
    renderToggle();
    tick();
  }

  function renderBox(team) {
    var list = $(team + "-box");
    clear(list);
    var entries = state.box[team];
    if (!entries.length) { list.appendChild(make("li", { "class": "empty" }, "nobody")); }
    entries.forEach(function (e) {
      var li = make("li", { "class": "entry " + e.state, "data-player": e.player === null ? "bench" : String(e.player) });
      var who = e.player === null ? "Bench" : "#" + e.player;
      if (e.served_by !== null) { who += " (served by #" + e.served_by + ")"; }
      li.appendChild(make("span", { "class": "who" }, who));
      li.appendChild(make("span", { "class": "what" }, e.class_text + " · " + e.infraction));
      var timer = make("span", { "class": "timer", "data-left": String(e.left_tenths),
        "data-ticking": e.ticking ? "1" : "0" }, e.left);
      li.appendChild(timer);
      li.appendChild(make("span", { "class": "state" }, e.may_return ? "may return now" : e.state));
      if (e.may_return) { li.className += " may-return"; }
      list.appendChild(li);
    });
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

  function renderLog() {
    var list = $("log");
    clear(list);
    var events = info ? info.events : [];
    $("undo").disabled = !MAY_WRITE || !events.length;
    for (var i = events.length - 1; i >= 0; i--) {
      var e = events[i];
      var li = make("li", { "data-position": String(e.position) });
      li.appendChild(make("span", { "class": "line" }, e.text));
      if (MAY_WRITE) {
        var tools = make("span", { "class": "tools" });
        tools.appendChild(make("button", { type: "button", "data-edit": String(e.position) }, "Edit"));
        tools.appendChild(make("button", { type: "button", "data-insert": String(e.position),
          title: "Insert an event before this one" }, "Insert"));
        tools.appendChild(make("button", { type: "button", "data-delete": String(e.position), "class": "danger" }, "Delete"));
        li.appendChild(tools);
        if (pendingDelete === e.position) {
          var confirm = make("span", { "class": "confirm" });
          var reason = make("input", { type: "text", placeholder: "Why delete it?", "data-bind": "delete-reason",
            "aria-label": "Reason for deleting event " + e.position });
          confirm.appendChild(reason);
          confirm.appendChild(make("button", { type: "button", "class": "danger", "data-confirm-delete": String(e.position) }, "Confirm delete"));
          confirm.appendChild(make("button", { type: "button", "data-cancel-delete": "1" }, "Keep"));
          li.appendChild(confirm);
        }
      }
      list.appendChild(li);
    }
  }

  function toggleAction() {
    if (!state) { return null; }
    var s = state.status;
    if (s === "final") { return { label: "Final", event: null }; }
    if (s === "shootout") { return { label: "Shootout: record attempts", event: null }; }
    if (s === "not_started" || s === "intermission") {
      var start = info && info.next_start;
      return start ? { label: "Start period " + start.split(" ")[0] + " (face-off)",
                       event: { type: "faceoff", at: start } } : { label: "…", event: null };
    }
    if (s === "stopped") {
      return { label: "Start (face-off)", event: { type: "faceoff", at: atText(state.clock_tenths) } };
    }
    if (projected() <= 0) {
      return { label: "End of period", event: { type: "period_end", at: state.period + " 0:00" } };
    }
    return { label: "Stop (whistle)", event: { type: "stoppage", at: nowAt() }, stop: true };
  }

  function renderToggle() {
    var button = $("toggle");
    var action = toggleAction();
    if (!action) { return; }
    if (button.textContent !== action.label) { button.textContent = action.label; }
    button.disabled = !MAY_WRITE || !action.event;
    button.className = "toggle" + (action.stop ? " stop" : action.event ? " start" : "");
  }

  /* Count down locally between updates; the server's next state corrects it. */
  function tick() {
    if (!state) { return; }
    var ran = ranSince();
    put("clock", clockText(state.clock_tenths - ran));
    $("clock").className = state.running ? "clock running" : "clock stopped";
    var timers = root.querySelectorAll(".box-list .timer");
    for (var i = 0; i < timers.length; i++) {
      var t = timers[i];
      if (t.getAttribute("data-ticking") === "1") {
        var left = Math.max(0, parseInt(t.getAttribute("data-left"), 10) - ran);
        var text = minutesSeconds(left);
        if (t.textContent !== text) { t.textContent = text; }
      }
    }
    if (state.running && state.clock_tenths - ran <= 0) { renderToggle(); }
  }

  /* ------------------------------------------------------------------ writes */

  function post(events) {
    return request("POST", API + "/events", { version: state.version, events: events });
  }
  function correct(op, position, event, reason) {
    var body = { version: state.version, op: op, position: position, reason: reason };
    if (event) { body.event = event; }
    return request("POST", API + "/corrections", body);
  }

  function written(answer, message) {
    if (answer.status === 200) {
      hideBanner();
      accept(answer.data.state); /* a new version: the log and rosters are fetched again */
      if (message) { flash(message); }
      return true;
    }
    explain(answer);
    return false;
  }

  function toggle() {
    if (busy || !MAY_WRITE) { return; }
    var action = toggleAction();
    if (!action || !action.event) { return; }
    busy = true;
    post([action.event]).then(function (answer) {
      written(answer, action.event.type === "stoppage" ? "Whistle at " + action.event.at
        : action.event.type === "faceoff" ? "Face-off at " + action.event.at : "End of period");
      $("toggle").focus();
    }).catch(networkDown).then(function () { busy = false; });
  }

  function networkDown() {
    showBanner("stale", "", "No answer from the server: check the network, then retry. " +
      "Nothing you typed is lost.");
  }

  function undo() {
    if (busy || !info || !info.events.length) { return; }
    busy = true;
    var last = info.events.length - 1;
    correct("delete", last, null, "undo").then(function (answer) {
      written(answer, "Undone: " + info.events[last].text);
      $("undo").focus();
    }).catch(networkDown).then(function () { busy = false; });
  }

  function confirmDelete(position) {
    var reasonInput = $("delete-reason");
    var reason = reasonInput ? reasonInput.value.trim() : "";
    if (!reason) {
      showBanner("refused", "", "Say why the event is deleted: the game's record keeps who changed it and why.");
      if (reasonInput) { reasonInput.focus(); }
      return;
    }
    if (busy) { return; }
    busy = true;
    correct("delete", position, null, reason).then(function (answer) {
      if (written(answer, "Deleted event " + position)) { pendingDelete = null; renderLog(); }
      else if ($("delete-reason")) { $("delete-reason").focus(); }
    }).catch(networkDown).then(function () { busy = false; });
  }

  /* ------------------------------------------------------------------ forms */

  var TITLES = {
    goal: "Goal", penalty: "Penalty", penalty_signal: "Delayed penalty signal (409(b))",
    timeout: "Time-out", goalie: "Goaltender change / empty net", penalty_shot: "Penalty shot",
    period_end: "Period end", shootout_attempt: "Shootout attempt",
    designate: "Designate who returns first (408(c))", measure: "Equipment measurement",
    faceoff: "Face-off", stoppage: "Whistle", forfeit: "Forfeit (634)"
  };
  var FIELDS = {
    goal: ["team", "scorer", "assist", "own_goal"],
    penalty: ["team", "bench", "player", "infraction", "class", "companions", "served_by", "suspension"],
    penalty_signal: ["team", "bench", "player", "infraction", "class", "companions", "served_by", "suspension"],
    timeout: ["team"],
    goalie: ["team", "in"],
    penalty_shot: ["team", "shooter", "result"],
    period_end: [],
    shootout_attempt: ["team", "shooter", "result"],
    designate: ["team", "player"],
    measure: ["team", "measured", "item", "measure_result", "served_by"],
    faceoff: ["spot"],
    stoppage: ["stop_reason"],
    forfeit: ["team", "forfeit_reason"]
  };
  var LABELS = {
    team: "Team", scorer: "Scorer", assist: "Assist (one at most)", own_goal: "Own goal (put in by a defender; credit the attacker)",
    bench: "Bench penalty (no player)", player: "Player", infraction: "Infraction", "class": "Class",
    companions: "Automatic with it", served_by: "Served by", suspension: "Games suspended (where the book sets more)",
    "in": "Goaltender in", shooter: "Shooter", result: "Result", measured: "Player measured (other team)",
    item: "Equipment", measure_result: "Result", spot: "Spot (optional)", stop_reason: "Reason (optional)",
    forfeit_reason: "Reason", at: "Time (period and time left)", reason: "Why is it corrected?"
  };

  function fieldsNode() { return $("fields"); }
  function control(name) { return fieldsNode().querySelector('[name="' + name + '"]'); }
  function value(name) {
    var checked = fieldsNode().querySelector('[name="' + name + '"]:checked');
    var node = control(name);
    if (!node) { return null; }
    if (node.type === "radio") { return checked ? checked.value : null; }
    if (node.type === "checkbox") { return node.checked; }
    return node.value;
  }

  function row(name, content, hint) {
    var wrap = make("div", { "class": "row field-" + name, "data-field": name });
    var label = make("label", { "for": "f-" + name }, LABELS[name] || name);
    wrap.appendChild(label);
    wrap.appendChild(content);
    if (hint) { wrap.appendChild(make("p", { "class": "hint", "data-bind": "hint-" + name })); }
    return wrap;
  }

  function segmented(name, options, selected) {
    var box = make("div", { "class": "segmented", role: "radiogroup", id: "f-" + name });
    options.forEach(function (o) {
      var label = make("label", { "class": "seg" });
      var input = make("input", { type: "radio", name: name, value: o.value });
      if (o.value === selected) { input.checked = true; }
      label.appendChild(input);
      label.appendChild(make("span", {}, o.text));
      box.appendChild(label);
    });
    return box;
  }

  function select(name, options, selected) {
    var node = make("select", { name: name, id: "f-" + name });
    options.forEach(function (o) {
      var opt = make("option", { value: o.value }, o.text);
      if (String(o.value) === String(selected)) { opt.selected = true; }
      node.appendChild(opt);
    });
    return node;
  }

  function players(team, filter) {
    var list = info && info.dressed[team] ? info.dressed[team] : [];
    return list.filter(filter || function () { return true; });
  }
  function playerOptions(team, optional, filter, noneText) {
    var options = optional ? [{ value: "", text: noneText || "—" }] : [{ value: "", text: "choose…" }];
    players(team, filter).forEach(function (p) {
      options.push({ value: String(p.number), text: "#" + p.number + " " + p.name +
        (p.goalie ? " (G)" : "") + (p.letter ? " (" + p.letter + ")" : "") + (p.removed ? " — out of the game" : "") });
    });
    return options;
  }

  var PLAYER_FIELDS = {
    scorer: { optional: false }, assist: { optional: true }, player: { optional: false },
    served_by: { optional: true, none: "nobody named" }, shooter: { optional: false },
    "in": { optional: false }, measured: { optional: false, other: true }
  };

  function playerSelect(name, team, selected) {
    var spec = PLAYER_FIELDS[name];
    var side = spec.other ? other(team) : team;
    var options;
    if (!team) {
      options = [{ value: "", text: "pick the team first" }];
    } else if (name === "in") {
      options = [{ value: "", text: "choose…" }, { value: "empty", text: "Empty net (no goaltender)" }];
      players(side).forEach(function (p) {
        options.push({ value: String(p.number), text: "#" + p.number + " " + p.name + (p.goalie ? " (G)" : "") });
      });
    } else {
      options = playerOptions(side, spec.optional, null, spec.none);
    }
    return select(name, options, selected === null || selected === undefined ? "" : selected);
  }

  function refreshPlayerChoices() {
    var team = value("team");
    Object.keys(PLAYER_FIELDS).forEach(function (name) {
      var node = control(name);
      if (!node) { return; }
      var kept = node.value;
      var fresh = playerSelect(name, team, kept);
      node.parentNode.replaceChild(fresh, node);
    });
    updatePenaltyFields();
  }

  function infractionEntry() {
    var key = value("infraction");
    if (!catalog || !key) { return null; }
    for (var i = 0; i < catalog.infractions.length; i++) {
      if (catalog.infractions[i].key === key) { return catalog.infractions[i]; }
    }
    return null;
  }
  function classText(value) {
    var found = (catalog ? catalog.classes : []).filter(function (c) { return c.value === value; })[0];
    return found ? found.text : value.replace(/_/g, " ");
  }

  function infractionControl(selectedKey, selectedName) {
    var wrap = make("div", { "class": "picker" });
    var search = make("input", { type: "search", placeholder: "Find: rule number or words", "aria-label": "Find an infraction", "data-bind": "infraction-search" });
    var node = make("select", { name: "infraction", id: "f-infraction", size: "6" });
    function fill() {
      var words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
      var kept = node.value || selectedKey;
      clear(node);
      (catalog ? catalog.infractions : []).forEach(function (e) {
        var text = e.rule + " " + e.name;
        var hay = (text + " " + e.note).toLowerCase();
        if (words.every(function (w) { return hay.indexOf(w) >= 0; })) {
          var opt = make("option", { value: e.key }, text);
          if (e.key === kept) { opt.selected = true; }
          node.appendChild(opt);
        }
      });
      if (selectedName && !node.querySelector("option[selected]") && !node.value) {
        var custom = make("option", { value: "custom:" + selectedName }, selectedName + " (as recorded)");
        custom.selected = true;
        node.appendChild(custom);
      }
    }
    search.addEventListener("input", function () { fill(); updatePenaltyFields(); });
    node.addEventListener("change", function () { updatePenaltyFields(true); });
    wrap.appendChild(search);
    wrap.appendChild(node);
    fill();
    return wrap;
  }

  /* Show the classes the picked infraction's rule allows, its automatic
     companions, and ask who serves the time where the book has a teammate
     serve it (the catalog from the server says where and under which rule). */
  function updatePenaltyFields(infractionChanged) {
    if (!form || (form.type !== "penalty" && form.type !== "penalty_signal")) { return; }
    var entry = infractionEntry();
    var bench = value("bench") === true;
    var classNode = control("class");
    var team = value("team");
    control("player").disabled = bench;
    fieldsNode().querySelector(".field-player").hidden = bench;
    if (classNode && (infractionChanged || classNode.options.length === 0)) {
      var kept = classNode.value || form.values["class"];
      var allowed = entry && entry.classes.length ? entry.classes
        : (catalog ? catalog.classes.map(function (c) { return c.value; }) : []);
      clear(classNode);
      allowed.forEach(function (c) {
        var opt = make("option", { value: c }, classText(c));
        if (c === kept) { opt.selected = true; }
        classNode.appendChild(opt);
      });
      if (bench && allowed.indexOf("bench_minor") >= 0) { classNode.value = "bench_minor"; }
      var companions = $("companions");
      clear(companions);
      if (entry && form.mode === "append") {
        entry.companions.forEach(function (c) {
          var label = make("label", { "class": "check" });
          var box = make("input", { type: "checkbox", name: "companion", value: c });
          box.checked = true;
          label.appendChild(box);
          label.appendChild(make("span", {}, classText(c) + " (automatic, Rule " + entry.rule + ")"));
          companions.appendChild(label);
        });
      }
      fieldsNode().querySelector(".field-companions").hidden = !companions.childNodes.length;
      if (entry && entry.suspension_games && !control("suspension").value) {
        control("suspension").value = String(entry.suspension_games);
      }
    }
    var cls = classNode ? classNode.value : "";
    var rule = servedByRule(cls, team, bench);
    var server = control("served_by");
    if (server && server.options.length && server.options[0].value === "" && team) {
      server.options[0].textContent = rule ? "name who serves it" : "the penalized player";
    }
    var hint = $("hint-served_by");
    if (hint) {
      hint.textContent = rule ? "Rule " + rule + ": a teammate serves this penalty; name who." : "";
    }
    fieldsNode().querySelector(".field-served_by").className =
      "row field-served_by" + (rule ? " asked" : "");
  }

  function servedByRule(cls, team, bench) {
    if (!catalog || !cls) { return null; }
    var s = catalog.served_by;
    if (bench || s.any[cls]) { return s.any[cls] || null; }
    var number = parseInt(value("player"), 10);
    var p = players(team, function (x) { return x.number === number; })[0];
    var inGoal = info && info.in_goal[team] === number;
    if (p && (p.goalie || inGoal) && s.goaltender[cls]) { return s.goaltender[cls]; }
    if (s.skater[cls]) { return s.skater[cls]; }
    var withIt = catalog.served_with[cls];
    if (withIt) {
      var picked = Array.prototype.slice.call(fieldsNode().querySelectorAll('[name="companion"]:checked'))
        .map(function (b) { return b.value; });
      if (picked.some(function (c) { return withIt["with"].indexOf(c) >= 0; })) { return withIt.rule; }
    }
    return null;
  }

  function buildField(name, values, team) {
    var v = values[name];
    switch (name) {
      case "team":
        return row(name, segmented("team", TEAMS.map(function (t) {
          return { value: t, text: teamName(t) };
        }), v || ""));
      case "own_goal": case "bench":
        var label = make("label", { "class": "check", id: "f-" + name });
        var box = make("input", { type: "checkbox", name: name });
        box.checked = !!v;
        label.appendChild(box);
        label.appendChild(make("span", {}, LABELS[name]));
        var wrap = make("div", { "class": "row field-" + name, "data-field": name });
        wrap.appendChild(label);
        return wrap;
      case "scorer": case "assist": case "player": case "shooter": case "in": case "measured":
        return row(name, playerSelect(name, team, v));
      case "served_by":
        var served = row(name, playerSelect(name, team, v), true);
        if (form && form.type === "measure") {
          served.querySelector(".hint").textContent = "Rule 610(f): if the equipment is legal, " +
            "the asking team serves a bench minor; name who (optional).";
        }
        return served;
      case "infraction":
        return row(name, infractionControl(v, values.infraction_name));
      case "class":
        return row(name, make("select", { name: "class", id: "f-class" }));
      case "companions":
        return row(name, make("div", { "data-bind": "companions", id: "f-companions", "class": "companions" }));
      case "suspension":
        var n = make("input", { type: "number", min: "1", name: "suspension", id: "f-suspension", inputmode: "numeric" });
        if (v) { n.value = String(v); }
        return row(name, n);
      case "result":
        return row(name, segmented("result", [{ value: "goal", text: "Goal" }, { value: "no_goal", text: "No goal" }], v || ""));
      case "measure_result":
        return row(name, segmented("measure_result", [{ value: "legal", text: "Legal" },
          { value: "illegal", text: "Illegal" }, { value: "refused", text: "Refused to surrender" }], v || ""));
      case "item":
        return row(name, select("item", (catalog ? catalog.measure_items : ["stick"]).map(function (i) {
          return { value: i, text: i.replace(/_/g, " ") };
        }), v || "stick"));
      default: /* free text: spot, stop_reason, forfeit_reason */
        var input = make("input", { type: "text", name: name, id: "f-" + name });
        if (v) { input.value = v; }
        return row(name, input);
    }
  }

  /* FORMAT.md event -> the form's values, and back. */
  function valuesOf(event) {
    var v = { at: event.at, team: event.team };
    switch (event.type) {
      case "goal": v.scorer = event.scorer; v.assist = event.assist; v.own_goal = event.own_goal; break;
      case "penalty": case "penalty_signal":
        v.bench = !!event.bench; v.player = event.player; v["class"] = event["class"];
        v.served_by = event.served_by; v.suspension = event.suspension;
        var entry = (catalog ? catalog.infractions : []).filter(function (e) {
          return e.name === event.infraction && (!event.rule || e.rule === event.rule);
        })[0];
        v.infraction = entry ? entry.key : "custom:" + event.infraction;
        v.infraction_name = entry ? null : event.infraction;
        v.rule = event.rule;
        break;
      case "goalie": v["in"] = event["in"] === null ? "empty" : event["in"]; break;
      case "penalty_shot": case "shootout_attempt": v.shooter = event.shooter; v.result = event.result; break;
      case "designate": v.player = event.player; break;
      case "measure":
        v.measured = event.player; v.item = event.item; v.measure_result = event.result;
        v.served_by = event.served_by; break;
      case "faceoff": v.spot = event.spot; break;
      case "stoppage": v.stop_reason = event.reason; break;
      case "forfeit": v.forfeit_reason = event.reason; break;
    }
    return v;
  }

  function number(name) {
    var raw = value(name);
    return raw === "" || raw === null ? null : parseInt(raw, 10);
  }

  /* The events the form records (a penalty brings its automatic companions). */
  function eventsOf(type) {
    var at = control("at").value.trim();
    var e = { type: type, at: type === "shootout_attempt" ? "SO" : at };
    var team = value("team");
    if (FIELDS[type].indexOf("team") >= 0) { e.team = team; }
    switch (type) {
      case "goal":
        e.scorer = number("scorer");
        if (number("assist") !== null) { e.assist = number("assist"); }
        if (value("own_goal")) { e.own_goal = true; }
        return [e];
      case "penalty": case "penalty_signal":
        if (value("bench")) { e.bench = true; } else { e.player = number("player"); }
        e["class"] = value("class");
        var entry = infractionEntry();
        var key = value("infraction") || "";
        e.infraction = entry ? entry.name : key.replace(/^custom:/, "");
        if (entry) { e.rule = entry.rule; } else if (form.values.rule) { e.rule = form.values.rule; }
        if (number("served_by") !== null) { e.served_by = number("served_by"); }
        if (number("suspension") !== null) { e.suspension = number("suspension"); }
        var out = [e];
        Array.prototype.forEach.call(fieldsNode().querySelectorAll('[name="companion"]:checked'), function (box) {
          var c = { type: type, at: e.at, team: e.team, "class": box.value, infraction: e.infraction };
          if (e.bench) { c.bench = true; } else { c.player = e.player; }
          if (e.rule) { c.rule = e.rule; }
          out.push(c);
        });
        return out;
      case "goalie":
        var inValue = value("in");
        e["in"] = inValue === "empty" ? null : (inValue === "" ? undefined : parseInt(inValue, 10));
        return [e];
      case "penalty_shot": case "shootout_attempt":
        e.shooter = number("shooter"); e.result = value("result"); return [e];
      case "designate": e.player = number("player"); return [e];
      case "measure":
        e.player = number("measured"); e.item = value("item"); e.result = value("measure_result");
        if (number("served_by") !== null) { e.served_by = number("served_by"); }
        return [e];
      case "faceoff": if (value("spot")) { e.spot = value("spot"); } return [e];
      case "stoppage": if (value("stop_reason")) { e.reason = value("stop_reason"); } return [e];
      case "forfeit": e.reason = value("forfeit_reason") || ""; return [e];
      default: return [e];
    }
  }

  function defaultAt(type) {
    if (type === "period_end") { return state.period + " 0:00"; }
    if (type === "faceoff" && info && info.next_start) { return info.next_start; }
    if (type === "shootout_attempt") { return "SO"; }
    return nowAt();
  }

  function openForm(type, mode, position, event) {
    if (!state || !MAY_WRITE) { return; }
    pendingDelete = null;
    var values = event ? valuesOf(event) : { at: defaultAt(type) };
    form = { type: type, mode: mode || "append", position: position, values: values };
    var node = $("form");
    var title = TITLES[type];
    if (form.mode === "replace") { title = "Edit event " + position + ": " + title; }
    if (form.mode === "insert") { title = "Insert before event " + position + ": " + title; }
    put("form-title", title);
    var fields = fieldsNode();
    clear(fields);
    var team = values.team || null;
    FIELDS[type].forEach(function (name) { fields.appendChild(buildField(name, values, team)); });
    var at = make("input", { type: "text", name: "at", id: "f-at", value: values.at || "",
      autocomplete: "off", spellcheck: "false" });
    fields.appendChild(row("at", at));
    if (form.mode !== "append") {
      fields.appendChild(row("reason", make("input", { type: "text", name: "reason", id: "f-reason",
        placeholder: "e.g. wrong scorer; forgotten whistle" })));
    }
    put("submit", form.mode === "replace" ? "Save correction" : form.mode === "insert" ? "Insert" : "Record");
    node.hidden = false;
    node.setAttribute("data-type", type);
    root.querySelector(".actions").hidden = true; /* the form takes the buttons' place */
    if (type === "penalty" || type === "penalty_signal") { updatePenaltyFields(true); }
    var first = fields.querySelector("input:not([type=hidden]), select");
    (first || $("submit")).focus();
    node.scrollIntoView({ block: "nearest" });
  }

  function closeForm() {
    form = null;
    $("form").hidden = true;
    root.querySelector(".actions").hidden = false;
    clear(fieldsNode());
    setMode(null);
  }

  function submitForm(ev) {
    ev.preventDefault();
    if (!form || busy) { return; }
    var events = eventsOf(form.type);
    var call;
    if (form.mode === "append") {
      call = post(events);
    } else {
      var reason = control("reason").value.trim();
      if (!reason) {
        showBanner("refused", "", "Say why the event is corrected: the game's record keeps who changed it and why.");
        control("reason").focus();
        return;
      }
      call = correct(form.mode, form.position, events[0], reason);
    }
    busy = true;
    var summary = TITLES[form.type] + " at " + events[0].at;
    call.then(function (answer) {
      if (written(answer, (form && form.mode !== "append" ? "Corrected: " : "Recorded: ") + summary)) {
        closeForm();
        $("toggle").focus();
      } else {
        focusAfterRefusal(answer);
      }
    }).catch(networkDown).then(function () { busy = false; });
  }

  /* After a refusal: the field the server named, else the time, else Record. */
  function focusAfterRefusal(answer) {
    var field = answer.data && answer.data.field;
    var names = { scorer: "scorer", assist: "assist", player: "player", served_by: "served_by",
      shooter: "shooter", "in": "in", at: "at", reason: "reason", team: "team", "class": "class" };
    var target = field && names[field] ? fieldsNode().querySelector('[name="' + names[field] + '"]') : null;
    (target || $("submit")).focus();
  }

  function setMode(text) {
    var node = $("mode");
    if (!text) { node.hidden = true; clear(node); return; }
    clear(node);
    node.appendChild(make("span", {}, text));
    node.appendChild(make("button", { type: "button", "data-action": "cancel" }, "Cancel"));
    node.hidden = false;
  }

  /* ------------------------------------------------------------------ lineups */

  function loadLineups() {
    var holder = $("lineup-forms");
    return request("GET", API + "/lineups").then(function (answer) {
      clear(holder);
      if (answer.status !== 200) { holder.appendChild(make("p", {}, detailText(answer.data))); return; }
      TEAMS.forEach(function (team) { holder.appendChild(lineupForm(team, answer.data[team])); });
    });
  }

  function lineupForm(team, data) {
    var f = make("form", { "class": "lineup", "data-team": team });
    f.appendChild(make("h3", {}, data.name + (data.handed_in ? "" : " (whole roster: no lineup handed in)")));
    var table = make("table", {});
    var head = make("tr", {});
    ["Dressed", "#", "Name", "C", "A", ""].forEach(function (h) { head.appendChild(make("th", {}, h)); });
    table.appendChild(head);
    var captain = data.handed_in ? data.captain : null;
    data.players.forEach(function (p) {
      var tr = make("tr", { "class": p.suspended ? "suspended" : "", "data-player-id": String(p.id) });
      var dressed = make("input", { type: "checkbox", name: "dressed", value: String(p.id),
        "aria-label": "Dress #" + p.number });
      dressed.checked = p.dressed;
      var td = make("td", {}); td.appendChild(dressed); tr.appendChild(td);
      tr.appendChild(make("td", {}, String(p.number)));
      tr.appendChild(make("td", {}, p.name + (p.goalie ? " (G)" : "")));
      var c = make("input", { type: "radio", name: "captain-" + team, value: String(p.id), "aria-label": "Captain #" + p.number });
      c.checked = data.handed_in ? captain === p.id : p.roster_letter === "C";
      td = make("td", {}); if (!p.goalie) { td.appendChild(c); } tr.appendChild(td);
      var a = make("input", { type: "checkbox", name: "alternate", value: String(p.id), "aria-label": "Alternate #" + p.number });
      a.checked = data.handed_in ? data.alternates.indexOf(p.id) >= 0 : p.roster_letter === "A";
      td = make("td", {}); if (!p.goalie) { td.appendChild(a); } tr.appendChild(td);
      tr.appendChild(make("td", { "class": "note" }, p.suspended ? "Suspended: " + p.suspended : (p.goalie ? "goaltender" : "")));
      table.appendChild(tr);
    });
    f.appendChild(table);
    var save = make("button", { type: "submit", "class": "primary" }, "Save " + data.name + " lineup");
    f.appendChild(save);
    f.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var ids = function (sel) {
        return Array.prototype.map.call(f.querySelectorAll(sel), function (n) { return parseInt(n.value, 10); });
      };
      var goalies = data.players.filter(function (p) { return p.goalie; }).map(function (p) { return p.id; });
      var dressedIds = ids('[name="dressed"]:checked');
      var cap = f.querySelector('[name="captain-' + team + '"]:checked');
      var body = {
        players: dressedIds.filter(function (id) { return goalies.indexOf(id) < 0; }),
        goaltenders: dressedIds.filter(function (id) { return goalies.indexOf(id) >= 0; }),
        captain: cap ? parseInt(cap.value, 10) : null,
        alternates: ids('[name="alternate"]:checked')
      };
      request("PUT", API + "/lineups/" + team, body).then(function (answer) {
        if (answer.status === 200) {
          hideBanner();
          var d = answer.data;
          flash(data.name + " lineup saved: " + d.skaters + " skaters, " + d.goaltenders + " goaltender(s)" +
            (d.forfeit_reason ? ". " + d.forfeit_reason : "") +
            (d.warnings.length ? ". " + d.warnings.map(function (w) { return w.message; }).join("; ") : ""));
          accept(d.state);
          refreshInfo();
        } else {
          explain(answer);
          save.focus();
        }
      }).catch(networkDown);
    });
    return f;
  }

  /* ------------------------------------------------------------------ announcements */

  function refreshAnnouncements() {
    request("GET", API + "/announcements").then(function (answer) {
      var panel = $("announcements");
      if (answer.status !== 200 || !answer.data) { panel.hidden = true; return; }
      var items = Array.isArray(answer.data) ? answer.data : (answer.data.announcements || []);
      var list = $("announcement-list");
      clear(list);
      items.forEach(function (item) {
        var text = typeof item === "string" ? item : (item.text || item.message || JSON.stringify(item));
        list.appendChild(make("li", {}, text));
      });
      panel.hidden = false;
    }).catch(function () { /* no announcements here */ });
  }

  /* ------------------------------------------------------------------ live */

  var source = null;
  function link(status, label) {
    var node = document.querySelector('[data-bind="link"]');
    node.setAttribute("data-state", status);
    node.textContent = label;
  }
  function connect() {
    if (source) { source.close(); }
    source = new EventSource("/live/games/" + GAME);
    source.onopen = function () { link("live", "live"); };
    source.onmessage = function (event) { link("live", "live"); accept(JSON.parse(event.data)); };
    source.onerror = function () {
      link("lost", "reconnecting…");
      if (source.readyState === 2) { setTimeout(connect, 3000); }
    };
  }

  /* ------------------------------------------------------------------ wiring */

  root.addEventListener("click", function (ev) {
    var t = ev.target.closest("button");
    if (!t) { return; }
    var action = t.getAttribute("data-action");
    if (action === "toggle") { toggle(); return; }
    if (action === "dismiss") { hideBanner(); return; }
    if (action === "cancel") { closeForm(); return; }
    if (action === "undo") { undo(); return; }
    var type = t.getAttribute("data-form");
    if (type) {
      if (form && form.mode === "insert" && !form.type) {
        openForm(type, "insert", form.position, null);
      } else {
        openForm(type, "append");
      }
      return;
    }
    var position;
    if (t.hasAttribute("data-edit")) {
      position = parseInt(t.getAttribute("data-edit"), 10);
      var ev0 = info.events[position].event;
      if (!FIELDS[ev0.type]) { showBanner("refused", "", "This event cannot be edited here; delete it and record it again."); return; }
      openForm(ev0.type, "replace", position, ev0);
      return;
    }
    if (t.hasAttribute("data-insert")) {
      position = parseInt(t.getAttribute("data-insert"), 10);
      closeForm();
      form = { type: null, mode: "insert", position: position, values: {} };
      setMode("Insert before event " + position + ": pick what to record.");
      return;
    }
    if (t.hasAttribute("data-delete")) {
      pendingDelete = parseInt(t.getAttribute("data-delete"), 10);
      renderLog();
      $("delete-reason").focus();
      return;
    }
    if (t.hasAttribute("data-confirm-delete")) {
      confirmDelete(parseInt(t.getAttribute("data-confirm-delete"), 10));
      return;
    }
    if (t.hasAttribute("data-cancel-delete")) { pendingDelete = null; renderLog(); }
  });

  $("form").addEventListener("submit", submitForm);
  $("form").addEventListener("change", function (ev) {
    var name = ev.target.name;
    if (name === "team") { refreshPlayerChoices(); }
    if (name === "bench") { updatePenaltyFields(true); }
    if (name === "player" || name === "class" || name === "companion") { updatePenaltyFields(false); }
  });

  /* Space: the clock toggle, unless the scorekeeper is typing or in a form. */
  function spaceIsForToggle(ev) {
    if (ev.code !== "Space" && ev.key !== " ") { return false; }
    var t = ev.target;
    if (t && t.closest && (t.closest("form") || t.closest(".confirm"))) { return false; }
    var tag = t && t.tagName;
    return !(tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || (t && t.isContentEditable));
  }
  document.addEventListener("keydown", function (ev) {
    if (!spaceIsForToggle(ev)) { return; }
    ev.preventDefault();
    if (!ev.repeat) { toggle(); }
  });
  document.addEventListener("keyup", function (ev) {
    if (spaceIsForToggle(ev)) { ev.preventDefault(); } /* no second "click" on a focused button */
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape" && form) { closeForm(); $("toggle").focus(); }
  });

  $("lineups").addEventListener("toggle", function () {
    if ($("lineups").open) { loadLineups(); }
  });

  if (!MAY_WRITE) {
    Array.prototype.forEach.call(root.querySelectorAll("[data-form]"), function (b) { b.disabled = true; });
  }

  request("GET", "/api/session").then(function (answer) {
    if (answer.status === 200) { csrf = answer.data.csrf_token; }
  });
  request("GET", "/api/infractions").then(function (answer) {
    if (answer.status === 200) { catalog = answer.data; }
  });
  reload();
  setInterval(tick, 100);
  connect();
})();
