/* The console's banner (a refusal with its rule, a stale console, a warning)
 * and its flash line (what was just recorded, a moment the clock reached).
 * The sentences are the server's; no rule is decided here.
 */
import { root, $, put } from "./console_dom.js";

export function showBanner(kind, rule, text) {
  const banner = $("banner");
  banner.className = "banner " + kind;
  put("banner-rule", rule ? "Rule " + rule : "");
  put("banner-text", text);
  banner.hidden = false;
}
export function hideBanner() { $("banner").hidden = true; }

let flashTimer = null;
export function flash(text) {
  put("flash", text);
  $("flash").title = text; /* the whole sentence, where the line cuts it short */
  if (flashTimer) { clearTimeout(flashTimer); }
  flashTimer = setTimeout(function () { put("flash", ""); }, 4000);
}

root.addEventListener("click", function (ev) {
  const t = ev.target.closest("button");
  if (t && t.getAttribute("data-action") === "dismiss") { hideBanner(); }
});
