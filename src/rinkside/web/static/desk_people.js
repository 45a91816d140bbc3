/* The people page's staff fields (a game's scorekeeper, referees and table
 * officials): as a field is typed in, the logins of its role whose username
 * or full name holds the text are asked of the desk
 * (GET /desk/tournaments/{id}/people/logins?role=&q=, the first few) and
 * offered in the field's list. Without this script a login typed is sent as
 * typed and the server checks it (the role, no one in two places at once):
 * the page never carries every user of a season. No rule lives here.
 */
const WAIT = 150; // ms after the last key before asking

const table = document.querySelector("table.staff[data-logins]");

async function offer(field) {
  const list = field.list;
  if (!list) return;
  const asked = new URLSearchParams({ role: field.dataset.role, q: field.value.trim() });
  try {
    const answer = await fetch(`${table.dataset.logins}?${asked}`, { credentials: "same-origin" });
    if (!answer.ok) return;
    const { logins } = await answer.json();
    list.replaceChildren(...logins.map(({ username, shown }) => {
      const option = document.createElement("option");
      option.value = username;
      if (shown !== username) option.label = shown;
      return option;
    }));
  } catch {
    // offline or refused: the field still takes a login typed in full
  }
}

if (table) {
  let timer = 0;
  const soon = (event) => {
    const field = event.target.closest("input[data-role]");
    if (!field) return;
    clearTimeout(timer);
    timer = setTimeout(() => offer(field), event.type === "focusin" ? 0 : WAIT);
  };
  table.addEventListener("input", soon);
  table.addEventListener("focusin", soon);
}
