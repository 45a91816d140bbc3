/* Long work on the desk (building the schedule): a form marked
 * data-busy="sentence" says, once sent, that the server is at work and for
 * how long so far, and its button is disabled so that it is not sent twice.
 * The server does the work off its event loop: every other page and console
 * keeps being answered meanwhile. Only the form is touched: no game data.
 */
const SECOND = 1000;

function busy(form) {
  const button = form.querySelector("button[type=submit]");
  const status = document.createElement("p");
  status.className = "busy";
  status.setAttribute("role", "status");
  form.append(status);
  const began = Date.now();
  const show = () => {
    const seconds = Math.floor((Date.now() - began) / SECOND);
    status.textContent = `${form.dataset.busy} (${seconds} s so far)`;
  };
  show();
  window.setInterval(show, SECOND);
  if (button) {
    // disabled after the submission is under way, so that its value is sent
    window.setTimeout(() => { button.disabled = true; }, 0);
  }
}

for (const form of document.querySelectorAll("form[data-busy]")) {
  form.addEventListener("submit", () => busy(form));
}
