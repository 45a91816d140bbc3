/* The engine's warnings in the console: when a write is answered with a
 * warning it had not given before (a class the rule does not list, a delayed
 * minor cancelled by a goal, the clock that should have stopped), the banner
 * shows it with its rule. The call stands as entered; the scorekeeper and
 * the referees see what the book says. No rule is decided here: the
 * sentences are the engine's (LiveState.warnings: rule, text, event).
 *
 * console_writes.js's written() calls warned(before, after) with the state
 * the write was sent from (not the one the live stream may have brought
 * meanwhile: the write's own) and the state it was answered with.
 */
import { showBanner } from "./console_banner.js";

function key(w) { return [w.rule, w.event, w.text].join("|"); }

/* The warnings of ``after`` that ``before`` did not have, in order. */
export function freshWarnings(before, after) {
  var seen = {};
  ((before && before.warnings) || []).forEach(function (w) { seen[key(w)] = true; });
  return ((after && after.warnings) || []).filter(function (w) { return !seen[key(w)]; });
}

/* "Rule 409(c): the delayed minor ..." without the rule the banner already shows. */
function sentence(w) {
  var lead = "Rule " + w.rule + ": ";
  return w.rule && w.text.indexOf(lead) === 0 ? w.text.slice(lead.length) : w.text;
}

export function warned(before, after) {
  var found = freshWarnings(before, after);
  if (!found.length) { return; }
  var rules = [];
  found.forEach(function (w) { if (w.rule && rules.indexOf(w.rule) < 0) { rules.push(w.rule); } });
  showBanner("warning", rules.join(", "), "Warning: " + found.map(sentence).join(" · "));
}
