/* The console's basic mode: only the frequent actions (the clock, shots,
 * goals, penalties, the whistle and face-off, time-outs, goaltenders, the
 * period's end, Undo). The rare ones (a penalty shot, the shootout, 408(c),
 * a measurement, a forfeit, the lineups, the log's Edit, Insert and Delete)
 * are hidden by console.css while #console has data-basic="1"; the header's
 * toggle switches it, and this browser remembers it (localStorage). What the
 * game takes is the engine's as ever: the mode only hides buttons.
 */
import { root } from "./console_dom.js";

const STORE = "rinkside.console.basic";
const button = document.querySelector('[data-bind-page="basic"]');

function set(on) {
  root.setAttribute("data-basic", on ? "1" : "0");
  button.setAttribute("aria-pressed", on ? "true" : "false");
}

function kept() {
  try { return window.localStorage.getItem(STORE) === "1"; } catch (e) { return false; }
}

button.addEventListener("click", function () {
  var on = root.getAttribute("data-basic") !== "1";
  try { window.localStorage.setItem(STORE, on ? "1" : "0"); } catch (e) { /* this page only */ }
  set(on);
});

set(kept());
