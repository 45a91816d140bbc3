/* The scorekeeper console's penalty form: the infraction catalog (GET
 * /api/infractions) and its picker, the classes the picked infraction allows
 * (the engine adds its automatic companions), and who serves the penalty, asked of the
 * engine (GET /api/games/{id}/serving).
 *
 * It exports, for console_forms.js:
 *   infractionCatalog()                    the catalog, once loaded (null before);
 *   infractionEntry()                      the catalog entry the form's infraction names;
 *   infractionControl(key, name)           the infraction picker;
 *   updatePenaltyFields(infractionChanged) the penalty form's classes, companions and server.
 */
import { $, make, clear } from "./console_dom.js";
import { request } from "./console_api.js";
import { API } from "./console_state.js";
import { currentForm, fieldsNode, control, value, number } from "./console_fields.js";

let catalog = null;      /* GET /api/infractions */

export function infractionCatalog() { return catalog; }

export function infractionEntry() {
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

export function infractionControl(selectedKey, selectedName) {
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
export function updatePenaltyFields(infractionChanged) {
  var form = currentForm();
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
    /* The automatic companions (casebook 42) and 615(d)'s three games are the
       engine's to apply, whoever enters the penalty: the form adds none. */
    fieldsNode().querySelector(".field-companions").hidden = true;
  }
  askServing(classNode ? classNode.value : "", team, bench);
}

/* Who serves the penalty is the engine's answer (GET /api/games/{id}/serving:
   402(c), 404(a)-(e), 405(a), 407(a)); the form only shows it. */
var servingAsked = 0;
function askServing(cls, team, bench) {
  var asked = ++servingAsked;
  if (!cls || !team) { showServing(null); return; }
  var query = "team=" + encodeURIComponent(team) + "&class=" + encodeURIComponent(cls);
  var player = bench ? null : number("player");
  if (player !== null && !isNaN(player)) { query += "&player=" + player; }
  Array.prototype.forEach.call(fieldsNode().querySelectorAll('[name="companion"]:checked'), function (b) {
    query += "&class=" + encodeURIComponent(b.value);
  });
  /* the engine adds the catalog entry's companions (604(e)'s game misconduct) */
  var entry = infractionEntry();
  if (entry) { query += "&infraction=" + encodeURIComponent(entry.name) + "&rule=" + encodeURIComponent(entry.rule); }
  request("GET", API + "/serving?" + query).then(function (answer) {
    if (asked !== servingAsked || !currentForm()) { return; } /* a later question was asked */
    showServing(answer.status === 200 ? answer.data : null);
  }).catch(function () { if (asked === servingAsked && currentForm()) { showServing(null); } });
}

/* The engine's answer, shown: its sentence with the rule, and the players it
   says may serve (the others are taken out of the list). Where the book has
   another player serve it the list asks for one ("name who serves it"). */
function showServing(answer) {
  var line = fieldsNode().querySelector(".field-served_by");
  if (!line) { return; }
  var rule = answer && answer.name_server ? answer.rule : null;
  var server = control("served_by");
  if (server && server.options.length && server.options[0].value === "" && value("team")) {
    server.options[0].textContent = rule ? "name who serves it" : "the penalized player";
    var allowed = answer ? answer.may_serve.map(String) : null;
    Array.prototype.forEach.call(server.options, function (opt) {
      var out = !!allowed && opt.value !== "" && allowed.indexOf(opt.value) < 0;
      opt.hidden = out;
      opt.disabled = out;
      if (out && opt.selected) { server.value = ""; }
    });
  }
  var hint = $("hint-served_by");
  if (hint) {
    hint.textContent = rule ? answer.text + ". Name who serves it."
      : (answer && answer.offer ? answer.offer.text + "." : "");
  }
  line.className = "row field-served_by" + (rule ? " asked" : "");
}


request("GET", "/api/infractions").then(function (answer) {
  if (answer.status === 200) { catalog = answer.data; }
});
