/* The console's keyboard shortcuts: a key for every frequent action, shown on
 * its button (console.css draws the button's data-key) and in a list opened
 * with "?", and changed in a dialog; the keys are kept in this browser
 * (localStorage), one key to one action: a key given to two actions is
 * refused with a message, and nothing is saved.
 *
 * A key does what its button does, and nothing else: it clicks the button
 * (the module that owns the button records the event or opens the form, and
 * the engine refuses what the game does not take). A disabled button's key
 * says why in the banner (the button's title: the engine's sentence). No
 * key works while the scorekeeper types in a field or a form, or in a dialog.
 *
 * The keys are read before any other key handler of the page (window,
 * capture): a key taken here goes no further, and Space, Q and P (the quick
 * keys' own, console_quick_keys.js) go no further when they were given
 * to no action, so an old key never records twice or behind a new one.
 */
import { root } from "./console_dom.js";
import { showBanner } from "./console_banner.js";

const STORE = "rinkside.console.keys";
const HELP_KEY = "?";
const QUICK_KEYS = [" ", "q", "p"]; /* console_quick_keys.js listens to these itself */

/* The frequent actions, their buttons and their keys out of the box. */
export const ACTIONS = [
  { id: "toggle", label: "Start / stop the clock", selector: '[data-action="toggle"]', key: " " },
  { id: "shot-home", label: "Shot on goal, home", selector: '[data-action="shot"][data-team="home"]', key: "q" },
  { id: "shot-away", label: "Shot on goal, away", selector: '[data-action="shot"][data-team="away"]', key: "p" },
  { id: "goal", label: "Goal", selector: '.actions [data-form="goal"]', key: "g" },
  { id: "penalty", label: "Penalty", selector: '.actions [data-form="penalty"]', key: "n" },
  { id: "penalty_signal", label: "Delayed penalty", selector: '.actions [data-form="penalty_signal"]', key: "d" },
  { id: "stoppage", label: "Whistle", selector: '.actions [data-form="stoppage"]', key: "w" },
  { id: "faceoff", label: "Face-off", selector: '.actions [data-form="faceoff"]', key: "f" },
  { id: "timeout-home", label: "Time-out, home", selector: '.actions [data-form="timeout"][data-team="home"]', key: "t" },
  { id: "timeout-away", label: "Time-out, away", selector: '.actions [data-form="timeout"][data-team="away"]', key: "y" },
  { id: "goalie", label: "Goaltender / empty net", selector: '.actions [data-form="goalie"]', key: "k" },
  { id: "period_end", label: "Period end", selector: '.actions [data-form="period_end"]', key: "e" },
  { id: "undo", label: "Undo last", selector: '[data-action="undo"]', key: "u" }
];
const DEFAULT_KEY = Object.fromEntries(ACTIONS.map(function (a) { return [a.id, a.key]; }));

function page(name) { return document.querySelector('[data-bind-page="' + name + '"]'); }

/* A key as the page shows it: Space, G, 7. */
export function keyName(key) {
  if (key === " ") { return "Space"; }
  return key.length === 1 ? key.toUpperCase() : key;
}
/* A key press as the keys are kept: one character, lower case, or a key's name. */
function pressed(ev) {
  var key = ev.key || "";
  return key.length === 1 ? key.toLowerCase() : key;
}

function defaults() {
  var out = {};
  ACTIONS.forEach(function (a) { out[a.id] = a.key; });
  return out;
}

/* The keys of this browser: the defaults, with those it changed. */
export function currentKeys() {
  var keys = defaults();
  try {
    var kept = JSON.parse(window.localStorage.getItem(STORE) || "{}");
    ACTIONS.forEach(function (a) {
      if (typeof kept[a.id] === "string") { keys[a.id] = kept[a.id]; }
    });
  } catch (e) { /* nothing kept, or not readable: the defaults */ }
  return keys;
}

/* The conflict in `keys` (two actions on one key, or the help key taken),
   in words, or null when every action has a key of its own. */
export function conflict(keys) {
  var owner = {};
  for (var i = 0; i < ACTIONS.length; i++) {
    var a = ACTIONS[i], key = keys[a.id];
    if (!key) { continue; }
    if (key === HELP_KEY) { return "? opens the list of keys: give " + a.label + " another key."; }
    if (owner[key]) {
      return keyName(key) + " is the key of both " + owner[key].label + " and " + a.label +
        ": give each its own key.";
    }
    owner[key] = a;
  }
  return null;
}

/* The keys on the buttons (console.css shows data-key) and in the list. */
function show(keys) {
  ACTIONS.forEach(function (a) {
    Array.prototype.forEach.call(root.querySelectorAll(a.selector), function (b) {
      if (keys[a.id]) {
        b.setAttribute("data-key", keyName(keys[a.id]));
        b.setAttribute("aria-keyshortcuts", keys[a.id] === " " ? "Space" : keyName(keys[a.id]));
      } else {
        b.removeAttribute("data-key");
        b.removeAttribute("aria-keyshortcuts");
      }
    });
  });
  var list = page("keys-list");
  while (list.firstChild) { list.removeChild(list.firstChild); }
  ACTIONS.forEach(function (a) {
    var tr = document.createElement("tr");
    var th = document.createElement("th");
    th.setAttribute("scope", "row");
    th.textContent = a.label;
    var td = document.createElement("td");
    if (keys[a.id]) {
      var kbd = document.createElement("kbd");
      kbd.textContent = keyName(keys[a.id]);
      td.appendChild(kbd);
    } else {
      td.textContent = "none";
    }
    tr.appendChild(th);
    tr.appendChild(td);
    list.appendChild(tr);
  });
}

var keys = currentKeys();
var byKey = {};
function take(newKeys) {
  keys = newKeys;
  byKey = {};
  ACTIONS.forEach(function (a) { if (keys[a.id]) { byKey[keys[a.id]] = a; } });
  show(keys);
}

/* ------------------------------------------------------------------ the dialogs */

function openHelp() { var d = page("keys-help"); if (!d.open) { d.showModal(); } }

var editing = {}; /* the keys in the settings dialog, not saved yet */
function field(a) {
  var id = "key-" + a.id;
  var row = document.createElement("div");
  row.className = "key-row";
  var label = document.createElement("label");
  label.setAttribute("for", id);
  label.textContent = a.label;
  var input = document.createElement("input");
  input.type = "text";
  input.id = id;
  input.readOnly = true;
  input.setAttribute("data-action-id", a.id);
  input.value = editing[a.id] ? keyName(editing[a.id]) : "";
  input.placeholder = "none";
  input.addEventListener("keydown", function (ev) {
    if (ev.key === "Tab" || ev.key === "Escape" || ev.key === "Enter") { return; }
    ev.preventDefault();
    ev.stopPropagation();
    if (ev.ctrlKey || ev.metaKey || ev.altKey) { return; }
    editing[a.id] = ev.key === "Backspace" || ev.key === "Delete" ? "" : pressed(ev);
    input.value = editing[a.id] ? keyName(editing[a.id]) : "";
    problem(null);
  });
  row.appendChild(label);
  row.appendChild(input);
  return row;
}
function fill(from) {
  editing = Object.assign({}, from);
  var fields = page("keys-fields");
  while (fields.firstChild) { fields.removeChild(fields.firstChild); }
  ACTIONS.forEach(function (a) { fields.appendChild(field(a)); });
}
function problem(text) {
  var node = page("keys-problem");
  node.textContent = text || "";
  node.hidden = !text;
}
function openSettings() {
  page("keys-help").close();
  fill(keys);
  problem(null);
  page("keys-settings").showModal();
}
function save(ev) {
  ev.preventDefault();
  var found = conflict(editing);
  if (found) { problem(found); return; }  /* refused: nothing saved */
  try { window.localStorage.setItem(STORE, JSON.stringify(editing)); } catch (e) { /* kept for this page only */ }
  take(Object.assign({}, editing));
  page("keys-settings").close();
}

page("keys-open").addEventListener("click", openHelp);
page("keys-close").addEventListener("click", function () { page("keys-help").close(); });
page("keys-edit").addEventListener("click", openSettings);
page("keys-cancel").addEventListener("click", function () { page("keys-settings").close(); });
page("keys-reset").addEventListener("click", function () { fill(defaults()); problem(null); });
page("keys-form").addEventListener("submit", save);

/* ------------------------------------------------------------------ the keys */

function typing(ev) {
  var t = ev.target;
  if (t && t.closest && (t.closest("form") || t.closest(".confirm") || t.closest("dialog"))) { return true; }
  var tag = t && t.tagName;
  return tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || !!(t && t.isContentEditable);
}
function dialogOpen() { return !!document.querySelector("dialog[open]"); }

window.addEventListener("keydown", function (ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey || typing(ev) || dialogOpen()) { return; }
  var key = pressed(ev);
  if (ev.key === HELP_KEY) { ev.preventDefault(); ev.stopPropagation(); openHelp(); return; }
  var action = byKey[key];
  if (!action) {
    /* a quick key given to no action (or to another) does nothing now */
    if (QUICK_KEYS.indexOf(key) >= 0) { ev.stopPropagation(); if (key === " ") { ev.preventDefault(); } }
    return;
  }
  /* A quick key on its own action out of the box (Space the clock, Q and P
     the shots): console_quick_keys.js takes it itself, and keeps it while a
     write is in flight (its button is disabled then) to send it next, so a
     whistle pressed during a burst of shots is never lost. */
  if (QUICK_KEYS.indexOf(key) >= 0 && DEFAULT_KEY[action.id] === key) { return; }
  ev.preventDefault();
  ev.stopPropagation();
  if (ev.repeat) { return; }
  var button = root.querySelector(action.selector);
  if (!button || !button.offsetParent) { return; } /* not on this console now (locked, a form open) */
  if (button.disabled) {
    /* the title is the engine's sentence ("Rule 640(a): the game is over"), or the count's */
    var said = /^Rule ([^:]+): ([\s\S]*)$/.exec(button.title || "");
    if (said) { showBanner("refused", said[1], said[2]); }
    else if (button.title) { showBanner("refused", "", button.title); }
    return;
  }
  button.click();
}, true);

take(keys);
