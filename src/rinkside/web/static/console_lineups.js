/* The scorekeeper console's lineup forms: dress each team for the game,
 * name its captain and alternates (Rules 201(a), 202, 203(a), 204).
 *
 * The forms are built when the lineups panel is opened, from
 * GET /api/games/{id}/lineups; a saved lineup's answer (its state, at the same
 * version: who is dressed changed, not the log) is taken and the console's
 * info fetched again.
 */
import { $, make, clear, counted } from "./console_dom.js";
import { request, detailText } from "./console_api.js";
import { API, TEAMS, replace, refreshInfo } from "./console_state.js";
import { flash, hideBanner } from "./console_banner.js";
import { explain, networkDown } from "./console_writes.js";

function loadLineups() {
  var holder = $("lineup-forms");
  return request("GET", API + "/lineups").then(function (answer) {
    clear(holder);
    if (answer.status !== 200) { holder.appendChild(make("p", {}, detailText(answer.data))); return; }
    TEAMS.forEach(function (team) { holder.appendChild(lineupForm(team, answer.data[team])); });
  });
}

function lineupForm(team, data) {
  var f = make("form", { "class": "lineup", "data-team": team });
  f.appendChild(make("h3", {}, data.name + (data.handed_in ? " (lineup handed in)" : " (eligible roster: no lineup handed in)")));
  /* Rule 202(c): the server says what is true of the signature and what can
   * be done (signing_words; the console's "A team official signs here" link
   * is the tablet where it is signed again before the game). */
  if (data.signing_words) {
    var kind = { changed: "rule-warning lineup-resign", signed: "note lineup-signed" }[data.signing] || "note lineup-changed";
    f.appendChild(make("p", { "class": kind }, data.signing_words));
  }
  var table = make("table", {});
  var head = make("tr", {});
  ["Dressed", "#", "Name", "C", "A", "Starts", ""].forEach(function (h) { head.appendChild(make("th", {}, h)); });
  table.appendChild(head);
  var captain = data.handed_in ? data.captain : null;
  data.players.forEach(function (p) {
    var tr = make("tr", { "class": p.suspended ? "suspended" : "", "data-player-id": String(p.id) });
    var dressed = make("input", { type: "checkbox", name: "dressed", value: String(p.id),
      "aria-label": "Dress #" + p.number });
    dressed.checked = p.dressed;
    var td = make("td", {}); td.appendChild(dressed); tr.appendChild(td);
    tr.appendChild(make("td", {}, String(p.number)));
    tr.appendChild(make("td", {}, p.name + (p.goalie ? " (G)" : "")));
    var c = make("input", { type: "radio", name: "captain-" + team, value: String(p.id), "aria-label": "Captain #" + p.number });
    c.checked = data.handed_in ? captain === p.id : p.roster_letter === "C";
    td = make("td", {}); if (!p.goalie) { td.appendChild(c); } tr.appendChild(td);
    var a = make("input", { type: "checkbox", name: "alternate", value: String(p.id), "aria-label": "Alternate #" + p.number });
    a.checked = data.handed_in ? data.alternates.indexOf(p.id) >= 0 : p.roster_letter === "A";
    td = make("td", {}); if (!p.goalie) { td.appendChild(a); } tr.appendChild(td);
    /* Rule 204(a): which dressed goaltender starts (the server checks it). */
    var g = make("input", { type: "radio", name: "starts-" + team, value: String(p.id), "aria-label": "Starting goaltender #" + p.number });
    g.checked = data.starting_goalie === p.id;
    td = make("td", {}); if (p.goalie) { td.appendChild(g); } tr.appendChild(td);
    tr.appendChild(make("td", { "class": "note" }, p.suspended ? "Suspended: " + p.suspended : (p.goalie ? "goaltender" : "")));
    table.appendChild(tr);
  });
  f.appendChild(table);
  var save = make("button", { type: "submit", "class": "primary" }, "Save " + data.name + " lineup");
  f.appendChild(save);
  f.addEventListener("submit", function (ev) {
    ev.preventDefault();
    var ids = function (sel) {
      return Array.prototype.map.call(f.querySelectorAll(sel), function (n) { return parseInt(n.value, 10); });
    };
    var goalies = data.players.filter(function (p) { return p.goalie; }).map(function (p) { return p.id; });
    var dressedIds = ids('[name="dressed"]:checked');
    var cap = f.querySelector('[name="captain-' + team + '"]:checked');
    var starts = f.querySelector('[name="starts-' + team + '"]:checked');
    var body = {
      players: dressedIds.filter(function (id) { return goalies.indexOf(id) < 0; }),
      goaltenders: dressedIds.filter(function (id) { return goalies.indexOf(id) >= 0; }),
      captain: cap ? parseInt(cap.value, 10) : null,
      alternates: ids('[name="alternate"]:checked'),
      starting_goalie: starts ? parseInt(starts.value, 10) : null
    };
    request("PUT", API + "/lineups/" + team, body).then(function (answer) {
      if (answer.status === 200) {
        hideBanner();
        var d = answer.data;
        flash(data.name + " lineup saved: " + counted(d.skaters, "skater") + ", " + counted(d.goaltenders, "goaltender") +
          (d.forfeit_reason ? ". " + d.forfeit_reason : "") +
          (d.warnings.length ? ". " + d.warnings.map(function (w) { return w.message; }).join("; ") : ""));
        replace(d.state); /* the same version: who is dressed changed, not the log */
        refreshInfo();
        loadLineups(); /* the heading and the boxes as saved */
      } else {
        explain(answer);
        save.focus();
      }
    }).catch(networkDown);
  });
  return f;
}

$("lineups").addEventListener("toggle", function () {
  if ($("lineups").open) { loadLineups(); }
});
