/* The scorekeeper console's event forms: building each form, filling times,
 * posting events and corrections, and where focus goes after a refusal.
 * It opens and closes the form (console_fields.js holds which is open), the
 * record buttons' and the log's Edit and Insert buttons open it, and it
 * exports refreshForm(): the open form's player lists, after new info
 * (console.js calls it).
 */
import { root, $, put, make, clear } from "./console_dom.js";
import {
  MAY_WRITE, API, TEAMS, currentState, currentInfo, isBusy, setBusy, teamName, other, nowAt
} from "./console_state.js";
import { showBanner } from "./console_banner.js";
import { post, recordGoal, correct, written, networkDown } from "./console_writes.js";
import { idle, whistle } from "./console_quick_keys.js";
import {
  currentForm, setForm, LABELS, PLAYER_FIELDS, fieldsNode, control, value, number, row,
  segmented, select, playerSelect
} from "./console_fields.js";
import {
  infractionCatalog, infractionEntry, infractionControl, updatePenaltyFields
} from "./console_penalty.js";
import { renderAccepts } from "./console_accepts.js";
import { forgetDelete } from "./console_log.js";

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
  penalty: ["team", "bench", "player", "infraction", "class", "companions", "served_by", "suspension",
    "penalty_shot"],
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

function refreshPlayerChoices() {
  var team = value("team");
  Object.keys(PLAYER_FIELDS).forEach(function (name) {
    var node = control(name);
    if (!node) { return; }
    var kept = node.value;
    var starter = name === "in" ? startingGoalie(team) : null;
    if (name === "in" && node.getAttribute("data-prefill") === kept) { kept = ""; } /* the other team's */
    if (starter !== null && !kept) { kept = starter; }
    var fresh = playerSelect(name, team, kept);
    if (starter !== null && kept === starter) { fresh.setAttribute("data-prefill", starter); }
    node.parentNode.replaceChild(fresh, node);
  });
  updatePenaltyFields();
}

/* A new goaltender event of a team with no goaltender event yet: the goaltender
 * its lineup names to start (Rule 204(a)), as the server reads it; a
 * prefill only, the scorer records what happens. */
function startingGoalie(team) {
  var info = currentInfo();
  var form = currentForm();
  if (!team || !info || !form || form.type !== "goalie" || form.mode !== "append") { return null; }
  if (!info.starting_goalies || info.starting_goalies[team] == null) { return null; }
  var named = (info.events || []).some(function (line) {
    return line.event.type === "goalie" && line.event.team === team;
  });
  return named ? null : String(info.starting_goalies[team]);
}

function buildField(name, values, team) {
  var v = values[name];
  var form = currentForm();
  var catalog = infractionCatalog();
  switch (name) {
    case "team":
      var teams = row(name, segmented("team", TEAMS.map(function (t) {
        return { value: t, text: teamName(t) };
      }), v || ""));
      if (form && form.type === "timeout" && form.mode === "append") {
        /* Rule 641 note 1: the engine's count says who has a time-out left. */
        Array.prototype.forEach.call(teams.querySelectorAll('input[name="team"]'), function (r) {
          r.disabled = currentState().timeouts_left[r.value] <= 0;
        });
      }
      return teams;
    case "own_goal": case "bench": case "penalty_shot":
      var label = make("label", { "class": "check", id: "f-" + name });
      var box = make("input", { type: "checkbox", name: name });
      box.checked = !!v;
      label.appendChild(box);
      label.appendChild(make("span", {}, LABELS[name]));
      var wrap = make("div", { "class": "row field-" + name, "data-field": name });
      wrap.appendChild(label);
      return wrap;
    case "scorer": case "assist": case "player": case "shooter": case "in": case "measured":
      var starter = name === "in" && v == null ? startingGoalie(team) : null;
      var chosen = playerSelect(name, team, starter !== null ? starter : v);
      if (starter !== null) { chosen.setAttribute("data-prefill", starter); }
      return row(name, chosen);
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
  var catalog = infractionCatalog();
  switch (event.type) {
    case "goal": v.scorer = event.scorer; v.assist = event.assist; v.own_goal = event.own_goal; break;
    case "penalty": case "penalty_signal":
      v.bench = !!event.bench; v.player = event.player; v["class"] = event["class"];
      v.served_by = event.served_by; v.suspension = event.suspension;
      v.penalty_shot = !!event.penalty_shot;
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
      if (entry) { e.rule = entry.rule; } else if (currentForm().values.rule) { e.rule = currentForm().values.rule; }
      if (number("served_by") !== null) { e.served_by = number("served_by"); }
      if (number("suspension") !== null) { e.suspension = number("suspension"); }
      if (value("penalty_shot")) { e.penalty_shot = true; }  /* casebook 62: this foul alone */
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
  /* the period ends where the clock stands: 0:00 when it ran out, the
     reading of the stopped clock when it ends early (asked first) */
  var state = currentState(), info = currentInfo();
  if (type === "period_end" && !state.running) { return nowAt(); }
  if (type === "period_end") { return state.period + " 0:00"; }
  if (type === "faceoff" && info && info.next_start) { return info.next_start; }
  if (type === "shootout_attempt") { return "SO"; }
  return nowAt();
}

/* The keys that blow the whistle when pressed during play (Rule 507(a)): the
   clock stops the moment they are pressed, and what they record happens at
   that stopped time. A goal stops play itself (the engine puts it in its
   whistle's place, Rule 616); a penalty is assessed at a stoppage (409(b));
   a time-out is called during one (641(a)). The value is the whistle's
   reason ("goal": the Goal key's, rules.goal_whistle.GOAL_KEY). */
var STOPS_PLAY = { goal: "goal", penalty: "penalty", timeout: "time-out" };

function openForm(type, mode, position, event, team) {
  if (!currentState() || !MAY_WRITE) { return; }
  var stop = !event && (mode || "append") === "append" && STOPS_PLAY[type]
    ? whistle(STOPS_PLAY[type]) : null; /* first of all: the clock stops now */
  forgetDelete();
  var values = event ? valuesOf(event) : { at: stop ? stop.at : defaultAt(type) };
  if (!event && team) { values.team = team; } /* the team's own button (a time-out) */
  var form = { type: type, mode: mode || "append", position: position, values: values,
               stop: stop };
  setForm(form);
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
  setForm(null);
  $("form").hidden = true;
  root.querySelector(".actions").hidden = false;
  clear(fieldsNode());
  setMode(null);
  renderAccepts(); /* the insert mode is over */
}

function submitForm(ev) {
  ev.preventDefault();
  var form = currentForm();
  if (!form) { return; }
  if (form.stop) { /* the whistle its key blew goes first: its answer, then this */
    form.stop.answer.then(function () { send(form); });
    return;
  }
  if (isBusy()) { return; }
  send(form);
}

/* A goal is recorded by the goal's own write (POST .../goals): the engine
   says whether it takes the place of its whistle (the one its key blew, or
   one at its own moment: Rule 616) or is appended, or refuses it (616(b)). */
function send(form) {
  if (isBusy() || currentForm() !== form) { return; }
  var events = eventsOf(form.type);
  if (form.mode === "append" && !confirmed(form.type, events[0])) { return; }
  var call;
  if (form.mode === "append" && form.type === "goal") {
    call = recordGoal(events[0]);
  } else if (form.mode === "append") {
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
  setBusy(true);
  var summary = TITLES[form.type] + " at " + events[0].at;
  call.then(function (answer) {
    if (written(answer, (form && form.mode !== "append" ? "Corrected: " : "Recorded: ") + summary)) {
      closeForm();
      $("toggle").focus();
    } else {
      focusAfterRefusal(answer);
    }
  }).catch(networkDown).then(idle);
}

/* What asks the scorekeeper first: a forfeit (it decides the game, Rule
   634). A period's end with time on the clock is never asked: the engine
   does not take it (640(a)), so its button is disabled with the reason
   (console_accepts.js). */
function confirmed(type, e) {
  if (type === "forfeit") {
    return window.confirm(teamName(e.team) + " forfeits the game to " +
      teamName(other(e.team)) + " (Rule 634). Record the forfeit?");
  }
  return true;
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

/* ------------------------------------------------------------------ corrections */

/* The open form's player lists, after new info (the dressed rosters). */
export function refreshForm() { if (currentForm()) { refreshPlayerChoices(); } }

/* Open the form that corrects logged event `position`. */
function editEvent(position, event) {
  if (!FIELDS[event.type]) { showBanner("refused", "", "This event cannot be edited here; delete it and record it again."); return; }
  openForm(event.type, "replace", position, event);
}

/* Ask which event to insert before `position`. */
function startInsert(position) {
  closeForm();
  setForm({ type: null, mode: "insert", position: position, values: {} });
  setMode("Insert before event " + position + ": pick what to record.");
  renderAccepts(); /* a correction: every kind may be inserted */
}

/* ------------------------------------------------------------------ wiring */

root.addEventListener("click", function (ev) {
  var t = ev.target.closest("button");
  if (!t) { return; }
  if (t.getAttribute("data-action") === "cancel") { closeForm(); return; }
  /* the log's buttons (console_log.js) */
  if (t.hasAttribute("data-edit")) {
    var position = parseInt(t.getAttribute("data-edit"), 10);
    editEvent(position, currentInfo().events[position].event);
    return;
  }
  if (t.hasAttribute("data-insert")) { startInsert(parseInt(t.getAttribute("data-insert"), 10)); return; }
  var type = t.getAttribute("data-form");
  var form = currentForm();
  if (type) {
    var team = t.getAttribute("data-team");
    if (form && form.mode === "insert" && !form.type) {
      openForm(type, "insert", form.position, null, team);
    } else {
      openForm(type, "append", null, null, team);
    }
  }
});

$("form").addEventListener("submit", submitForm);
$("form").addEventListener("change", function (ev) {
  var name = ev.target.name;
  if (name === "team") { refreshPlayerChoices(); }
  if (name === "bench") { updatePenaltyFields(true); }
  if (name === "player" || name === "class" || name === "companion") { updatePenaltyFields(false); }
});

document.addEventListener("keydown", function (ev) {
  if (ev.key === "Escape" && currentForm()) { closeForm(); $("toggle").focus(); }
});

if (!MAY_WRITE) {
  Array.prototype.forEach.call(root.querySelectorAll("[data-form]"), function (b) { b.disabled = true; });
}
