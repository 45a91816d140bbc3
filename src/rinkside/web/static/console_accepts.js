/* What the game takes now: the console's record buttons for the kinds of
 * event the engine says every event of would be refused (state.refused,
 * rules/accepts.py: a signed game, 616(a); a game over, 630(a), 634(d),
 * 640(a); a suspended game, 640(d); a period's end with time on the clock,
 * 640(a)) are disabled, and the engine's sentences, each with its rule, are
 * shown under them. No rule is decided here: this file only reads the list.
 *
 * While an event is inserted into the log (a correction, console_forms.js's
 * insert mode) the buttons stay open: the engine answers the replayed log.
 *
 * After console.js and console_forms.js (templates/console.html), it sets
 * C.renderAccepts(), which console.js calls after each render.
 */
(function () {
  "use strict";

  var C = window.rinksideConsole;
  var root = C.root;
  var $ = C.$, make = C.make, clear = C.clear;
  var NAMED_UNDER = 3; /* a reason for more buttons than this is said without naming them */

  /* The button's words, without its key hint. */
  function label(button) {
    var copy = button.cloneNode(true);
    Array.prototype.forEach.call(copy.querySelectorAll("kbd"), function (k) { k.remove(); });
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  /* The record buttons and the kind of event each records. */
  function buttons() {
    var out = [];
    Array.prototype.forEach.call(root.querySelectorAll(".actions [data-form]"), function (b) {
      out.push({ node: b, kind: b.getAttribute("data-form") });
    });
    Array.prototype.forEach.call(root.querySelectorAll('[data-action="shot"]'), function (b) {
      out.push({ node: b, kind: "shot" });
    });
    return out;
  }

  C.renderAccepts = function () {
    var state = C.state;
    var note = $("refused");
    if (!state || !note) { return; }
    var form = C.currentForm ? C.currentForm() : null;
    var inserting = !!(form && form.mode === "insert");
    var groups = [];     /* [{text, labels}] in the order the engine gave them */
    var byText = {};
    buttons().forEach(function (b) {
      var refusal = inserting ? null : C.refusal(b.kind);
      /* console.js's render() sets the time-out and shot keys from the
         engine's other counts each time; the others are set here alone. */
      var own = b.kind !== "timeout" && b.kind !== "shot";
      if (own) {
        b.node.disabled = !C.MAY_WRITE || !!refusal;
        b.node.title = refusal ? refusal.text : "";
      } else if (refusal) {
        b.node.disabled = true;
        if (!b.node.title) { b.node.title = refusal.text; }
      }
      if (!refusal) {
        b.node.removeAttribute("data-refused");
        b.node.removeAttribute("aria-describedby");
        return;
      }
      b.node.setAttribute("data-refused", refusal.rule);
      b.node.setAttribute("aria-describedby", "refused-reasons");
      var group = byText[refusal.text];
      if (!group) { group = byText[refusal.text] = { text: refusal.text, labels: [] }; groups.push(group); }
      var words = label(b.node);
      if (group.labels.indexOf(words) < 0) { group.labels.push(words); }
    });
    clear(note);
    groups.forEach(function (g) {
      var li = make("li", {});
      if (g.labels.length <= NAMED_UNDER) { li.appendChild(make("strong", {}, g.labels.join(", ") + ": ")); }
      li.appendChild(document.createTextNode(g.text));
      note.appendChild(li);
    });
    note.hidden = !groups.length;
  };
})();
