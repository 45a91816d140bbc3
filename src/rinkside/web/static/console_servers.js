/* The servers still to name at this stoppage: the penalties another player
 * serves that nobody was named for (state.servers_needed, rules/serving.py:
 * 402(c) a bench minor, 404(b) a minor with a misconduct, 404(e) a major with
 * a misconduct, game ejection or game misconduct, 405(a) a match penalty's
 * time, 407(a) a goaltender's penalty). Shown in the penalty box panel (the
 * penalty timekeeper's view), each with the engine's sentence and rule and a
 * list of the players the engine says may serve it; "Name" posts
 * POST /api/games/{id}/servers, a correction of the event that recorded the
 * penalty. Where the game waits for them, the face-off button is closed with
 * the engine's reason (console_accepts.js). No rule is decided here.
 *
 * renderServers() is called by console.js after each render.
 */
import { $, make, clear } from "./console_dom.js";
import { request } from "./console_api.js";
import { MAY_WRITE, API, currentState, isBusy, setBusy, teamName } from "./console_state.js";
import { written, networkDown } from "./console_writes.js";
import { idle } from "./console_quick_keys.js";

function nameServer(need, select, button) {
  var number = parseInt(select.value, 10);
  if (isNaN(number)) { select.focus(); return; }
  if (isBusy()) { return; }
  setBusy(true);
  button.disabled = true;
  request("POST", API + "/servers", {
    version: currentState().version, penalty: need.penalty_id, served_by: number
  }).then(function (answer) {
    written(answer, "#" + number + " serves " + need.player_name + "'s " +
      need.class_text + " (Rule " + need.rule + ")");
    if (answer.status !== 200) { button.disabled = false; }
  }).catch(function () { button.disabled = false; networkDown(); })
    .then(idle);
}

function line(need) {
  var li = make("li", { "class": "server-needed", "data-penalty": String(need.penalty_id) });
  li.appendChild(make("strong", {}, teamName(need.team) + " " + need.player_name + ": " +
    need.class_text + " · " + need.infraction));
  li.appendChild(make("span", { "class": "why" }, need.text));
  var id = "server-" + need.penalty_id;
  var label = make("label", { "for": id }, "Served by ");
  var select = make("select", { id: id, name: "served_by" });
  select.appendChild(make("option", { value: "" }, "choose…"));
  need.may_serve.forEach(function (p) {
    select.appendChild(make("option", { value: String(p.number) }, p.name));
  });
  var button = make("button", { type: "button", "class": "primary" }, "Name");
  button.disabled = !MAY_WRITE;
  select.disabled = !MAY_WRITE;
  button.addEventListener("click", function () { nameServer(need, select, button); });
  var row = make("div", { "class": "row" });
  row.appendChild(label);
  row.appendChild(select);
  row.appendChild(button);
  li.appendChild(row);
  return li;
}

var shown = ""; /* what the panel shows: kept while the same needs come again */

export function renderServers() {
  var state = currentState();
  var panel = $("servers");
  if (!state || !panel) { return; }
  var needs = state.servers_needed || [];
  var key = state.version + ":" + needs.map(function (n) { return n.penalty_id; }).join(",");
  if (key === shown) { return; } /* a tick of the clock: keep what is being chosen */
  shown = key;
  var list = $("server-list");
  clear(list);
  needs.forEach(function (need) { list.appendChild(line(need)); });
  panel.hidden = !needs.length;
}
