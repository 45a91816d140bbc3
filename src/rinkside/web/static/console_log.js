/* The scorekeeper console's event log panel: the lines, Undo last, and each
 * line's Edit, Insert (before it) and Delete buttons. Undo last and Delete
 * each ask why, as Edit does (the game's record keeps who corrected it and
 * why): the reason and Confirm open on the line. The log lines come from
 * GET /console (the console's info); Edit and Insert open a form, which
 * console_forms.js handles. It owns the delete (or undo) awaiting its reason
 * and exports
 *   renderLog()      redraw the log from the info (console.js calls it on new info);
 *   forgetDelete()   drop a pending delete (opening a form does).
 */
import { root, $, make, clear } from "./console_dom.js";
import { MAY_WRITE, currentInfo, isBusy, setBusy } from "./console_state.js";
import { showBanner } from "./console_banner.js";
import { correct, written, networkDown } from "./console_writes.js";
import { idle } from "./console_quick_keys.js";

var pendingDelete = null; /* the position whose Delete awaits a reason and Confirm */
var pendingUndo = false; /* that Delete is Undo last's */

export function renderLog() {
  var list = $("log");
  clear(list);
  var info = currentInfo();
  var events = info ? info.events : [];
  $("undo").disabled = !MAY_WRITE || !events.length;
  for (var i = events.length - 1; i >= 0; i--) {
    var e = events[i];
    var li = make("li", { "data-position": String(e.position) });
    li.appendChild(make("span", { "class": "line" }, e.text));
    if (e.corrected) { /* the reason of its last correction (a clock nudge's too, 507(a)) */
      li.appendChild(make("span", { "class": "corrected" }, "corrected: " + e.corrected));
    }
    /* Rule 616(a): while the game is signed (the state's locked, which the
       live stream brings), console.css hides the tools and Undo. */
    if (MAY_WRITE) {
      var tools = make("span", { "class": "tools" });
      tools.appendChild(make("button", { type: "button", "data-edit": String(e.position) }, "Edit"));
      tools.appendChild(make("button", { type: "button", "data-insert": String(e.position),
        title: "Insert an event before this one" }, "Insert"));
      tools.appendChild(make("button", { type: "button", "data-delete": String(e.position), "class": "danger" }, "Delete"));
      li.appendChild(tools);
      if (pendingDelete === e.position) {
        var confirm = make("span", { "class": "confirm" });
        var verb = pendingUndo ? "undo" : "delete";
        var reason = make("input", { type: "text", placeholder: "Why " + verb + " it?", "data-bind": "delete-reason",
          "aria-label": "Reason to " + verb + " event " + e.position });
        confirm.appendChild(reason);
        confirm.appendChild(make("button", { type: "button", "class": "danger", "data-confirm-delete": String(e.position) },
          pendingUndo ? "Confirm undo" : "Confirm delete"));
        confirm.appendChild(make("button", { type: "button", "data-cancel-delete": "1" }, "Keep"));
        li.appendChild(confirm);
      }
    }
    list.appendChild(li);
  }
}

/* Undo last: the last event's delete, asking why first (as Edit and Delete do). */
function undo() {
  var info = currentInfo();
  if (isBusy() || !info || !info.events.length) { return; }
  pendingDelete = info.events.length - 1;
  pendingUndo = true;
  renderLog();
  $("delete-reason").focus();
}

function confirmDelete(position) {
  var reasonInput = $("delete-reason");
  var reason = reasonInput ? reasonInput.value.trim() : "";
  var undoing = pendingUndo;
  if (!reason) {
    showBanner("refused", "", "Say why the event is " + (undoing ? "undone" : "deleted") +
      ": the game's record keeps who changed it and why.");
    if (reasonInput) { reasonInput.focus(); }
    return;
  }
  if (isBusy()) { return; }
  setBusy(true);
  var info = currentInfo();
  var text = info && info.events[position] ? info.events[position].text : "event " + position;
  correct("delete", position, null, reason).then(function (answer) {
    if (written(answer, undoing ? "Undone: " + text : "Deleted event " + position)) {
      forgetDelete();
      renderLog();
      if (undoing) { $("undo").focus(); }
    }
    else if ($("delete-reason")) { $("delete-reason").focus(); }
  }).catch(networkDown).then(idle);
}

export function forgetDelete() { pendingDelete = null; pendingUndo = false; }

/* ------------------------------------------------------------------ wiring */

root.addEventListener("click", function (ev) {
  var t = ev.target.closest("button");
  if (!t) { return; }
  if (t.getAttribute("data-action") === "undo") { undo(); return; }
  /* Edit and Insert open a form: console_forms.js. */
  if (t.hasAttribute("data-delete")) {
    pendingDelete = parseInt(t.getAttribute("data-delete"), 10);
    pendingUndo = false;
    renderLog();
    $("delete-reason").focus();
    return;
  }
  if (t.hasAttribute("data-confirm-delete")) {
    confirmDelete(parseInt(t.getAttribute("data-confirm-delete"), 10));
    return;
  }
  if (t.hasAttribute("data-cancel-delete")) { forgetDelete(); renderLog(); }
});
