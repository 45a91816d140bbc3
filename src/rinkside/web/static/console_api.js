/* The console's requests to the console API: JSON in and out, the session's
 * CSRF token (in the page: a write is possible from the first tap) on every
 * write, and the text of an error answer. No rule is decided here.
 */
import { root } from "./console_dom.js";

const csrf = root.getAttribute("data-csrf") || null;

/* {status, data}: the answer's status and its JSON (or {detail: its text}). */
export function request(method, url, body) {
  const headers = { "Accept": "application/json" };
  if (body !== undefined) { headers["Content-Type"] = "application/json"; }
  if (method !== "GET" && csrf) { headers["X-CSRF-Token"] = csrf; }
  return fetch(url, {
    method: method, headers: headers, credentials: "same-origin", cache: "no-store",
    body: body === undefined ? undefined : JSON.stringify(body)
  }).then(function (response) {
    return response.text().then(function (text) {
      let data = null;
      try { data = text ? JSON.parse(text) : null; } catch (e) { data = { detail: text }; }
      return { status: response.status, data: data };
    });
  });
}

export function detailText(data) {
  if (!data) { return "no answer"; }
  if (Array.isArray(data.detail)) {
    return data.detail.map(function (d) {
      return (d.loc ? d.loc.join(".") + ": " : "") + d.msg;
    }).join("; ");
  }
  return String(data.detail || "");
}
