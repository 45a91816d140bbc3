/* The official scorer's screen (Rule 506; templates/console_scorer.html):
 * goals and assists, penalties, shots (Q, P), goaltenders and the other
 * record buttons with their forms (console_forms.js, the full console's),
 * the event log and its corrections (console_log.js), the lineups
 * (console_lineups.js), the report, and its signatures: the official scorer
 * signs it and has the referees sign (506(b)); the last referee's signature
 * locks the game (616(a)). The server refuses any write that is not the
 * official scorer's (rules/table_officials.py).
 */
import { root, $, make, clear } from "./console_dom.js";
import { GAME, currentState } from "./console_state.js";
import { request, detailText } from "./console_api.js";
import { flash, showBanner } from "./console_banner.js";
import { networkDown } from "./console_writes.js";
import { renderBoard } from "./console_board.js";
import { renderCountdown } from "./console_countdown.js";
import { renderAccepts } from "./console_accepts.js";
import { renderLog } from "./console_log.js";
import { refreshForm } from "./console_forms.js";
import "./console_lineups.js";
import { startScreen, timeOfDay } from "./console_screen.js";

const SIGNOFF = "/api/games/" + GAME + "/signoff";
const ROLE_WORDS = { official_scorer: "official scorer", referee: "referee" };

function renderSignoff(data) {
  const list = $("signatures");
  clear(list);
  data.signatures.forEach(function (s) {
    list.appendChild(make("li", {}, (ROLE_WORDS[s.role] || s.role) + " " + s.username +
      " signed at " + timeOfDay(s.at)));
  });
  data.awaiting.forEach(function (name) {
    list.appendChild(make("li", { "class": "awaiting" }, "referee " + name + ": not yet signed"));
  });
  if (!list.firstChild) { list.appendChild(make("li", { "class": "empty" }, "no signature yet")); }
  const state = currentState();
  const sign = $("sign");
  const me = $("report").getAttribute("data-user");
  const signed = data.signatures.some(function (s) { return s.username === me; });
  sign.disabled = data.locked || signed || !state || state.status !== "final";
  sign.textContent = signed ? "Signed" : "Sign the report";
  sign.title = state && state.status !== "final"
    ? "The report is signed once the game is over (Rule 506(b))" : "";
  $("sign-confirm").hidden = true;
  $("signing").textContent = data.signing || "";
  $("sign-read").checked = false;
  $("sign-yes").disabled = true;
  $("locked-note").hidden = !data.locked;
}

function refreshSignoff() {
  return request("GET", SIGNOFF).then(function (answer) {
    if (answer.status === 200) { renderSignoff(answer.data); }
  });
}

/* Two presses and the box ticked, as on the sign-off page: the signature
 * cannot be taken back (616(a): the server refuses one not confirmed). */
function sign() {
  request("POST", "/api/games/" + GAME + "/sign", { confirm: "yes" }).then(function (answer) {
    if (answer.status === 200) {
      renderSignoff(answer.data);
      flash("Signed the game report (Rule 506(b))");
    } else {
      const data = answer.data || {};
      showBanner("refused", data.rule || "", detailText(data));
    }
  }).catch(networkDown);
}

root.addEventListener("click", function (ev) {
  const t = ev.target.closest("button");
  if (!t) { return; }
  const action = t.getAttribute("data-action");
  if (action === "sign") { $("sign-confirm").hidden = false; $("sign-read").focus(); }
  if (action === "sign-yes") { sign(); }
  if (action === "sign-no") { $("sign-confirm").hidden = true; }
});

root.addEventListener("change", function (ev) {
  if (ev.target === $("sign-read")) { $("sign-yes").disabled = !ev.target.checked; }
});

startScreen({
  render: function (state, before) {
    renderBoard();
    renderCountdown(); /* a time-out's 30 s (641), the intermission (640(a)) */
    renderAccepts();
    if (!before || before.status !== state.status || before.locked !== state.locked) {
      refreshSignoff();
    }
  },
  info: function () { renderLog(); refreshForm(); },
  ticked: function () { renderCountdown(); }
});
