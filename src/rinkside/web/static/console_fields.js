/* The scorekeeper console's form fields: their labels, the rows and controls
 * the event forms are built of (segmented choices, selects, the player
 * lists of the dressed roster), reading what the scorer entered, and the
 * form open now (console_forms.js opens and closes it; console_penalty.js and
 * console_accepts.js read it).
 */
import { $, make } from "./console_dom.js";
import { currentInfo, other } from "./console_state.js";

let form = null;   /* the open form: {type, mode, position, values}, or null */

/* The open form ({type, mode, position, values}) or null. */
export function currentForm() { return form; }
/* console_forms.js: the form opened (or null: closed). */
export function setForm(opened) { form = opened; }
/* An event is being inserted into the log (a correction: console_forms.js). */
export function inserting() { return !!(form && form.mode === "insert"); }

export const LABELS = {
  team: "Team", scorer: "Scorer", assist: "Assist (one at most)", own_goal: "Own goal (put in by a defender; credit the attacker)",
  bench: "Bench penalty (no player)", player: "Player", infraction: "Infraction", "class": "Class",
  companions: "Automatic with it", served_by: "Served by", suspension: "Games suspended (where the book sets more)",
  "in": "Goaltender in", shooter: "Shooter", result: "Result", measured: "Player measured (other team)",
  item: "Equipment", measure_result: "Result", spot: "Spot (optional)", stop_reason: "Reason (optional)",
  forfeit_reason: "Reason", at: "Time (period and time left)", reason: "Why is it corrected?",
  penalty_shot: "Penalty shot awarded for this foul (406(h): a minor is not served)"
};

export function fieldsNode() { return $("fields"); }
export function control(name) { return fieldsNode().querySelector('[name="' + name + '"]'); }
export function value(name) {
  var checked = fieldsNode().querySelector('[name="' + name + '"]:checked');
  var node = control(name);
  if (!node) { return null; }
  if (node.type === "radio") { return checked ? checked.value : null; }
  if (node.type === "checkbox") { return node.checked; }
  return node.value;
}

export function number(name) {
  var raw = value(name);
  return raw === "" || raw === null ? null : parseInt(raw, 10);
}

export function row(name, content, hint) {
  var wrap = make("div", { "class": "row field-" + name, "data-field": name });
  var label = make("label", { "for": "f-" + name }, LABELS[name] || name);
  wrap.appendChild(label);
  wrap.appendChild(content);
  if (hint) { wrap.appendChild(make("p", { "class": "hint", "data-bind": "hint-" + name })); }
  return wrap;
}

export function segmented(name, options, selected) {
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

export function select(name, options, selected) {
  var node = make("select", { name: name, id: "f-" + name });
  options.forEach(function (o) {
    var opt = make("option", { value: o.value }, o.text);
    if (String(o.value) === String(selected)) { opt.selected = true; }
    node.appendChild(opt);
  });
  return node;
}

function players(team, filter) {
  var info = currentInfo();
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

export const PLAYER_FIELDS = {
  scorer: { optional: false }, assist: { optional: true }, player: { optional: false },
  served_by: { optional: true, none: "nobody named" }, shooter: { optional: false },
  "in": { optional: false }, measured: { optional: false, other: true }
};

export function playerSelect(name, team, selected) {
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
  return byNumber(select(name, options, selected === null || selected === undefined ? "" : selected));
}

/* Typing a jersey number ("61") in a player list picks #61: the digits
   typed within a second make the number (the list's own type-ahead
   matches the text, which begins with "#"). */
function byNumber(node) {
  var list = node.tagName === "SELECT" ? node : node.querySelector("select");
  if (!list) { return node; }
  var typed = "", at = 0;
  list.addEventListener("keydown", function (ev) {
    if (!/^[0-9]$/.test(ev.key || "")) { return; }
    var now = Date.now();
    typed = now - at < 1000 ? typed + ev.key : ev.key;
    at = now;
    for (var i = 0; i < list.options.length; i++) {
      if (list.options[i].value === typed) {
        ev.preventDefault();
        list.selectedIndex = i;
        list.dispatchEvent(new Event("change", { bubbles: true }));
        return;
      }
    }
    ev.preventDefault(); /* no jump to an option that only begins with the digit */
  });
  return node;
}

