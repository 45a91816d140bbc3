/* The scorekeeper console's event log panel: the lines, Undo last, and each
 * line's Edit, Insert (before it) and Delete (with a reason) buttons.
 *
 * Loaded (defer) after console.js and console_forms.js; uses their
 * window.rinksideConsole: the DOM helpers, MAY_WRITE, showBanner, correct,
 * written, networkDown, busy and the read-only info (the log lines come from
 * GET /console), and editEvent/startInsert from the forms. It owns the delete
 * awaiting confirmation and adds to the namespace:
 *   renderLog()      redraw the log from info (console.js calls it on new info);
 *   forgetDelete()   drop a pending delete (opening a form does).
 */
(function () {
  "use strict";

  var C = window.rinksideConsole;
  var root = C.root, MAY_WRITE = C.MAY_WRITE;
  var $ = C.$, make = C.make, clear = C.clear;
  var showBanner = C.showBanner, correct = C.correct, written = C.written;
  var networkDown = C.networkDown;

  var pendingDelete = null; /* the position whose Delete awaits a reason and Confirm */

  function renderLog() {
    var list = $("log");
    clear(list);
    var events = C.info ? C.info.events : [];
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

  function undo() {
    if (C.busy || !C.info || !C.info.events.length) { return; }
    C.busy = true;
    var last = C.info.events.length - 1;
    correct("delete", last, null, "undo").then(function (answer) {
      written(answer, "Undone: " + C.info.events[last].text);
      $("undo").focus();
    }).catch(networkDown).then(function () { C.idle(); });
  }

  function confirmDelete(position) {
    var reasonInput = $("delete-reason");
    var reason = reasonInput ? reasonInput.value.trim() : "";
    if (!reason) {
      showBanner("refused", "", "Say why the event is deleted: the game's record keeps who changed it and why.");
      if (reasonInput) { reasonInput.focus(); }
      return;
    }
    if (C.busy) { return; }
    C.busy = true;
    correct("delete", position, null, reason).then(function (answer) {
      if (written(answer, "Deleted event " + position)) { pendingDelete = null; renderLog(); }
      else if ($("delete-reason")) { $("delete-reason").focus(); }
    }).catch(networkDown).then(function () { C.idle(); });
  }

  /* ------------------------------------------------------------------ shared */

  C.renderLog = renderLog;
  C.forgetDelete = function () { pendingDelete = null; };

  /* ------------------------------------------------------------------ wiring */

  root.addEventListener("click", function (ev) {
    var t = ev.target.closest("button");
    if (!t) { return; }
    if (t.getAttribute("data-action") === "undo") { undo(); return; }
    var position;
    if (t.hasAttribute("data-edit")) {
      position = parseInt(t.getAttribute("data-edit"), 10);
      C.editEvent(position, C.info.events[position].event);
      return;
    }
    if (t.hasAttribute("data-insert")) {
      C.startInsert(parseInt(t.getAttribute("data-insert"), 10));
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
})();
