/* On the page that frames a rinkside embed (a club's site): each embed posts
 * its content's height (static/embed.js); the iframe that sent it is given that
 * height, so it shows everything without a scroll bar of its own. Only a
 * message from an iframe on this page, from the origin of its src, counts. */
(function () {
  "use strict";
  window.addEventListener("message", function (event) {
    var data = event.data;
    if (!data || data.rinkside !== "embed-height" || typeof data.height !== "number") { return; }
    var frames = document.getElementsByTagName("iframe");
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow !== event.source) { continue; }
      var origin;
      try { origin = new URL(frames[i].src, location.href).origin; } catch (e) { return; }
      if (origin !== event.origin) { return; }
      frames[i].style.height = Math.max(0, Math.min(data.height, 20000)) + "px";
      return;
    }
  });
})();
