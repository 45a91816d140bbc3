/* Inside an embed (/embed/...): tell the framing page how tall the content is,
 * on load and whenever it changes (a live score, a reloaded table), so that
 * static/embed_host.js sizes the iframe to it. The height is no secret: it is
 * posted to whichever page frames this one. */
(function () {
  "use strict";
  if (window.parent === window) { return; }
  var last = -1;
  function post() {
    var height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) { return; }
    last = height;
    window.parent.postMessage({ rinkside: "embed-height", height: height }, "*");
  }
  if (window.ResizeObserver) { new ResizeObserver(post).observe(document.documentElement); }
  window.addEventListener("load", post);
  post();
})();
