/* Long work on the desk (building the schedule): a form marked
 * data-busy="sentence" says, once sent, that the server is at work and for
 * how long so far, and its button is disabled so that it is not sent twice.
 * The server does the work off its event loop: every other page and console
 * keeps being answered meanwhile. With data-progress="url", the solver's
 * progress (schedules found, the best one's distance from the bound) is
 * asked for each second and shown while the build runs. Only the form is
 * touched: no game data.
 */
const SECOND = 1000;

function busy(form) {
  const button = form.querySelector("button[type=submit]");
  const status = document.createElement("p");
  status.className = "busy";
  status.setAttribute("role", "status");
  form.append(status);
  const began = Date.now();
  let solver = "";
  const show = () => {
    const seconds = Math.floor((Date.now() - began) / SECOND);
    status.textContent = `${form.dataset.busy} (${seconds} s so far)${solver}`;
  };
  const ask = async () => {
    try {
      const answer = await fetch(form.dataset.progress, { credentials: "same-origin" });
      const p = answer.ok ? await answer.json() : null;
      solver = p && p.running && p.solutions > 0
        ? `; the solver has found ${p.solutions} schedule${p.solutions === 1 ? "" : "s"}, the best within ${p.gap_percent}% of the best bound`
        : solver;
    } catch {
      // the page is leaving (the build answered): nothing to show
    }
    show();
  };
  show();
  window.setInterval(show, SECOND);
  if (form.dataset.progress) {
    window.setInterval(ask, SECOND);
  }
  if (button) {
    // disabled after the submission is under way, so that its value is sent
    window.setTimeout(() => { button.disabled = true; }, 0);
  }
}

for (const form of document.querySelectorAll("form[data-busy]")) {
  form.addEventListener("submit", () => busy(form));
}
