/* The scorekeeper console's form fields: their labels, the rows and controls
 * the event forms are built of (segmented choices, selects, the player
 * lists of the dressed roster), and reading what the scorer entered.
 *
 * Loaded (defer) after console.js, whose window.rinksideConsole it uses (the
 * DOM helpers, other, the read-only info), and before console_penalty.js and
 * console_forms.js, which use what it adds to the namespace as C.fields:
 * LABELS, PLAYER_FIELDS, fieldsNode, control, value, number, row, segmented,
 * select, playerSelect.
 */
(function () {
  "use strict";

  var C = window.rinksideConsole;
  var $ = C.$, make = C.make, other = C.other;

  var LABELS = {
    team: "Team", scorer: "Scorer", assist: "Assist (one at most)", own_goal: "Own goal (put in by a defender; credit the attacker)",
    bench: "Bench penalty (no player)", player: "Player", infraction: "Infraction", "class": "Class",
    companions: "Automatic with it", served_by: "Served by", suspension: "Games suspended (where the book sets more)",
    "in": "Goaltender in", shooter: "Shooter", result: "Result", measured: "Player measured (other team)",
    item: "Equipment", measure_result: "Result", spot: "Spot (optional)", stop_reason: "Reason (optional)",
    forfeit_reason: "Reason", at: "Time (period and time left)", reason: "Why is it corrected?",
    penalty_shot: "Penalty shot awarded for this foul (406(h): a minor is not served)"
  };

  function fieldsNode() { return $("fields"); }
  function control(name) { return fieldsNode().querySelector('[name="' + name + '"]'); }
  function value(name) {
    var checked = fieldsNode().querySelector('[name="' + name + '"]:checked');
    var node = control(name);
    if (!node) { return null; }
    if (node.type === "radio") { return checked ? checked.value : null; }
    if (node.type === "checkbox") { return node.checked; }
    return node.value;
  }

  function number(name) {
    var raw = value(name);
    return raw === "" || raw === null ? null : parseInt(raw, 10);
  }

  function row(name, content, hint) {
    var wrap = make("div", { "class": "row field-" + name, "data-field": name });
    var label = make("label", { "for": "f-" + name }, LABELS[name] || name);
    wrap.appendChild(label);
    wrap.appendChild(content);
    if (hint) { wrap.appendChild(make("p", { "class": "hint", "data-bind": "hint-" + name })); }
    return wrap;
  }

  function segmented(name, options, selected) {
    var box = make("div", { "class": "segmented", role: "radiogroup", id: "f-" + name });
    options.forEach(function (o) {
      var label = make("label", { "class": "seg" });
      var input = make("input", { type: "radio", name: name, value: o.value });
      if (o.value === selected) { input.checked = true; }
      label.appendChild(input);
      label.appendChild(make("span", {}, o.text));
      box.appendChild(label);
    });
    return box;
  }

  function select(name, options, selected) {
    var node = make("select", { name: name, id: "f-" + name });
    options.forEach(function (o) {
      var opt = make("option", { value: o.value }, o.text);
      if (String(o.value) === String(selected)) { opt.selected = true; }
      node.appendChild(opt);
    });
    return node;
  }

  function players(team, filter) {
    var list = C.info && C.info.dressed[team] ? C.info.dressed[team] : [];
    return list.filter(filter || function () { return true; });
  }
  function playerOptions(team, optional, filter, noneText) {
    var options = optional ? [{ value: "", text: noneText || "—" }] : [{ value: "", text: "choose…" }];
    players(team, filter).forEach(function (p) {
      options.push({ value: String(p.number), text: "#" + p.number + " " + p.name +
        (p.goalie ? " (G)" : "") + (p.letter ? " (" + p.letter + ")" : "") + (p.removed ? " — out of the game" : "") });
    });
    return options;
  }

  var PLAYER_FIELDS = {
    scorer: { optional: false }, assist: { optional: true }, player: { optional: false },
    served_by: { optional: true, none: "nobody named" }, shooter: { optional: false },
    "in": { optional: false }, measured: { optional: false, other: true }
  };

  function playerSelect(name, team, selected) {
    var spec = PLAYER_FIELDS[name];
    var side = spec.other ? other(team) : team;
    var options;
    if (!team) {
      options = [{ value: "", text: "pick the team first" }];
    } else if (name === "in") {
      options = [{ value: "", text: "choose…" }, { value: "empty", text: "Empty net (no goaltender)" }];
      players(side).forEach(function (p) {
        options.push({ value: String(p.number), text: "#" + p.number + " " + p.name + (p.goalie ? " (G)" : "") });
      });
    } else {
      options = playerOptions(side, spec.optional, null, spec.none);
    }
    return byNumber(select(name, options, selected === null || selected === undefined ? "" : selected));
  }

  /* Typing a jersey number ("61") in a player list picks #61: the digits
     typed within a second make the number (the list's own type-ahead
     matches the text, which begins with "#"). */
  function byNumber(node) {
    var list = node.tagName === "SELECT" ? node : node.querySelector("select");
    if (!list) { return node; }
    var typed = "", at = 0;
    list.addEventListener("keydown", function (ev) {
      if (!/^[0-9]$/.test(ev.key || "")) { return; }
      var now = Date.now();
      typed = now - at < 1000 ? typed + ev.key : ev.key;
      at = now;
      for (var i = 0; i < list.options.length; i++) {
        if (list.options[i].value === typed) {
          ev.preventDefault();
          list.selectedIndex = i;
          list.dispatchEvent(new Event("change", { bubbles: true }));
          return;
        }
      }
      ev.preventDefault(); /* no jump to an option that only begins with the digit */
    });
    return node;
  }

  C.fields = {
    LABELS: LABELS, PLAYER_FIELDS: PLAYER_FIELDS, fieldsNode: fieldsNode, control: control,
    value: value, number: number, row: row, segmented: segmented, select: select,
    playerSelect: playerSelect
  };
})();
