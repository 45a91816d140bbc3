/* The schedule grid on the desk: a game dragged (or picked with Enter and
 * moved with the arrow keys) to another slot or rink. Before the drop the
 * server is asked what the move would break (POST .../preview) and its
 * answer is shown; the drop moves the game (PUT .../place) or, on another
 * game, swaps the two (POST .../swap). Every rule is the server's: this file
 * only carries the director's gesture there and shows the answer.
 */
const grid = document.querySelector("table.grid[data-csrf]");
const status = document.getElementById("grid-status");

function cells() {
  return [...grid.querySelectorAll("td.cell")];
}

function headers() {
  return { "Content-Type": "application/json", "X-CSRF-Token": grid.dataset.csrf };
}

async function ask(method, url, body) {
  const response = await fetch(url, { method, headers: headers(), body: JSON.stringify(body),
                                      credentials: "same-origin" });
  const answer = await response.json().catch(() => ({}));
  return { ok: response.ok, answer };
}

let picked = null; // { game, from }
let target = null;
let asked = 0;

function clearMarks() {
  for (const cell of cells()) {
    cell.classList.remove("drop-ok", "drop-conflict", "drop-swap", "cursor");
  }
}

function occupant(cell) {
  const slot = cell.querySelector(".slot[data-game]");
  return slot && slot.dataset.game !== picked.game ? slot.dataset.game : null;
}

async function preview(cell) {
  if (!picked || cell === target) { return; }
  target = cell;
  clearMarks();
  cell.classList.add("cursor");
  const other = occupant(cell);
  if (other) {
    cell.classList.add("drop-swap");
    status.textContent = `Game ${picked.game} to ${cell.dataset.label}: dropped here it swaps `
      + `with game ${other}.`;
    return;
  }
  const mine = ++asked;
  const { ok, answer } = await ask("POST", `/api/desk/games/${picked.game}/preview`,
                                   { start: cell.dataset.start, rink: cell.dataset.rink });
  if (mine !== asked || target !== cell) { return; } // a later cell was asked since
  if (!ok) {
    cell.classList.add("drop-conflict");
    status.textContent = answer.detail || "The server refused the move.";
    return;
  }
  const found = answer.conflicts || [];
  const wishes = answer.wishes || [];
  cell.classList.add(found.length ? "drop-conflict" : "drop-ok");
  status.textContent = `Game ${picked.game} to ${cell.dataset.label}: `
    + (found.length ? `${found.length} conflict${found.length === 1 ? "" : "s"}: ${found.join("; ")}` : "no conflict")
    + (wishes.length ? `; wishes not kept: ${wishes.join("; ")}` : "")
    + ".";
}

async function drop(cell) {
  if (!picked) { return; }
  const game = picked.game;
  const other = occupant(cell);
  const { ok, answer } = other
    ? await ask("POST", `/api/desk/games/${game}/swap`, { other: Number(other) })
    : await ask("PUT", `/api/desk/games/${game}/place`,
                { start: cell.dataset.start, rink: cell.dataset.rink });
  if (!ok) {
    cell.classList.remove("drop-ok");
    cell.classList.add("drop-conflict");
    status.textContent = `Refused: ${answer.detail || "the server refused the move"}`;
    return;
  }
  status.textContent = other ? `Games ${game} and ${other} swapped.`
    : `Game ${game} moved to ${cell.dataset.label}.`;
  const url = new URL(window.location.href);
  url.searchParams.set("day", grid.dataset.day);
  url.searchParams.set("done", other ? "swapped" : "moved");
  window.location.assign(url.toString());
}

function pick(slot) {
  picked = { game: slot.dataset.game, from: slot.closest("td") };
  target = null;
  slot.classList.add("picked");
  status.textContent = `Game ${picked.game} picked: arrow keys to move, Enter to drop, `
    + "Escape to put it back.";
}

function putBack() {
  if (picked) {
    const slot = grid.querySelector(`.slot[data-game="${picked.game}"]`);
    if (slot) { slot.classList.remove("picked"); }
  }
  picked = null;
  target = null;
  clearMarks();
  status.textContent = "";
}

const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

function step(key) {
  const from = target || picked.from;
  const row = from.parentElement;
  const rows = [...grid.tBodies[0].rows];
  const [dr, dc] = STEPS[key];
  const r = rows.indexOf(row) + dr;
  const c = from.cellIndex + dc;
  if (r < 0 || r >= rows.length || c < 1 || c >= rows[r].cells.length) { return; }
  preview(rows[r].cells[c]);
}

if (grid && status) {
  grid.addEventListener("dragstart", (event) => {
    const slot = event.target.closest(".slot[draggable=true]");
    if (!slot) { return; }
    event.dataTransfer.setData("text/plain", slot.dataset.game);
    event.dataTransfer.effectAllowed = "move";
    pick(slot);
  });
  grid.addEventListener("dragover", (event) => {
    const cell = event.target.closest("td.cell");
    if (!cell || !picked) { return; }
    event.preventDefault();
    preview(cell);
  });
  grid.addEventListener("drop", (event) => {
    const cell = event.target.closest("td.cell");
    if (!cell || !picked) { return; }
    event.preventDefault();
    drop(cell);
  });
  grid.addEventListener("dragend", () => {
    const slot = picked && grid.querySelector(`.slot[data-game="${picked.game}"]`);
    if (slot) { slot.classList.remove("picked"); }
  });
  grid.addEventListener("keydown", (event) => {
    const slot = event.target.closest(".slot[draggable=true]");
    if (!picked) {
      if (slot && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        pick(slot);
      }
      return;
    }
    if (event.key in STEPS) {
      event.preventDefault();
      step(event.key);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (target) { drop(target); }
    } else if (event.key === "Escape") {
      event.preventDefault();
      putBack();
    }
  });
}
