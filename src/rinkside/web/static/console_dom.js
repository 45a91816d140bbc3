/* The console page's elements: its root (#console in templates/console.html)
 * and the small helpers every console module draws with. No state, no rule.
 */

export const root = document.getElementById("console");

/* The element bound to `name` (data-bind="name"). */
export function $(name) { return root.querySelector('[data-bind="' + name + '"]'); }

/* Set a bound element's text (untouched when it already reads `value`). */
export function put(name, value) {
  const node = $(name);
  if (node && node.textContent !== value) { node.textContent = value; }
}

export function make(tag, attrs, text) {
  const node = document.createElement(tag);
  Object.keys(attrs || {}).forEach(function (k) {
    if (k === "class") { node.className = attrs[k]; } else { node.setAttribute(k, attrs[k]); }
  });
  if (text !== undefined && text !== null) { node.textContent = text; }
  return node;
}

/* A key pressed while typing (a field, a form, a confirmation), which no shortcut takes. */
export function typing(ev) {
  var t = ev.target;
  if (t && t.closest && (t.closest("form") || t.closest(".confirm"))) { return true; }
  var tag = t && t.tagName;
  return tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || !!(t && t.isContentEditable);
}

export function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }

/* "1 skater", "5 skaters": a count in words (present/counts.py says the
 * pages' counts the same way), never "skater(s)". */
export function counted(count, noun) { return count + " " + noun + (count === 1 ? "" : "s"); }
