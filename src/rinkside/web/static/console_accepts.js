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
 * renderAccepts() is called by console.js after each render and by
 * console_forms.js when the insert mode starts or ends.
 */
import { root, $, make, clear } from "./console_dom.js";
import { MAY_WRITE, currentState, refusal } from "./console_state.js";
import { inserting } from "./console_fields.js";
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

export function renderAccepts() {
  var state = currentState();
  var note = $("refused");
  if (!state || !note) { return; }
  var insertMode = inserting();
  var groups = [];     /* [{text, labels}] in the order the engine gave them */
  var byText = {};
  buttons().forEach(function (b) {
    var refused = insertMode ? null : refusal(b.kind);
    /* console.js's render() sets the time-out and shot keys from the
       engine's other counts each time; the others are set here alone. */
    var own = b.kind !== "timeout" && b.kind !== "shot";
    if (own) {
      b.node.disabled = !MAY_WRITE || !!refused;
      b.node.title = refused ? refused.text : "";
    } else if (refused) {
      b.node.disabled = true;
      if (!b.node.title) { b.node.title = refused.text; }
    }
    if (!refused) {
      b.node.removeAttribute("data-refused");
      b.node.removeAttribute("aria-describedby");
      return;
    }
    b.node.setAttribute("data-refused", refused.rule);
    b.node.setAttribute("aria-describedby", "refused-reasons");
    var group = byText[refused.text];
    if (!group) { group = byText[refused.text] = { text: refused.text, labels: [] }; groups.push(group); }
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
}
