/* Wide tables on a phone: each .scroll frame whose table is wider than the
 * screen gets a sign before it ("Table scrolls sideways"), readable at a
 * glance (style.css .scroll-sign), and is made a focusable, named region so
 * that a keyboard can scroll it too. A frame that fits gets no sign. Marked
 * on load, when the window's width changes, and when a live page swaps its
 * <main> in (static/live_pages.js). Only the layout is read: no game data.
 */
(function () {
  "use strict";

  var SIGN = "Table scrolls sideways \u2194";

  function heading(frame) {
    for (var n = frame.previousElementSibling; n; n = n.previousElementSibling) {
      if (/^H[1-6]$/.test(n.tagName)) { return n.textContent.trim(); }
    }
    return "Table";
  }

  function mark() {
    var frames = document.querySelectorAll(".scroll");
    for (var i = 0; i < frames.length; i++) {
      var frame = frames[i];
      var wide = frame.scrollWidth > frame.clientWidth + 1;
      var sign = frame.previousElementSibling;
      var signed = !!(sign && sign.classList.contains("scroll-sign"));
      if (wide && !signed) {
        sign = document.createElement("p");
        sign.className = "scroll-sign";
        sign.textContent = SIGN;
        frame.parentNode.insertBefore(sign, frame);
      } else if (!wide && signed) {
        sign.parentNode.removeChild(sign);
      }
      frame.classList.toggle("scrolls", wide);
      if (wide) {
        frame.setAttribute("tabindex", "0");
        frame.setAttribute("role", "region");
        frame.setAttribute("aria-label", heading(frame) + " (scrolls sideways)");
      } else if (frame.getAttribute("role") === "region") {
        frame.removeAttribute("tabindex");
        frame.removeAttribute("role");
        frame.removeAttribute("aria-label");
      }
    }
  }

  var queued = false;
  function later() {
    if (queued) { return; }
    queued = true;
    window.requestAnimationFrame(function () { queued = false; mark(); });
  }

  document.addEventListener("DOMContentLoaded", function () {
    mark();
    window.addEventListener("resize", later);
    var main = document.body;
    if (window.MutationObserver && main) {
      new MutationObserver(function (changes) {
        for (var i = 0; i < changes.length; i++) {
          if (changes[i].type === "childList" && changes[i].addedNodes.length) { later(); return; }
        }
      }).observe(main, { childList: true, subtree: true });
    }
  });
})();
