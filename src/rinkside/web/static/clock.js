/* The game clock as the pages show it, the same form as rinkside.present.clock:
 * "11:42", and tenths in the last minute ("0:42.5"). Shared by every live
 * page through static/live.js (window.rinksideClock; a module page imports
 * it through static/live_module.js). Plain ES5 so older TV browsers run it.
 *
 * It is also the pages' one clock source: now() is the server's wall clock
 * in ms since the epoch (Date.now() plus the offset measured by sync()
 * against GET /api/time, half the round trip taken off), so that every
 * console and display counts the running clock from the same anchor to the
 * same tenth. Tests drive it through Date (Playwright's page.clock) or
 * useSource(fn).
 */
(function () {
  "use strict";

  var TENTHS_SHOWN_UNDER = 600; /* rinkside.present.clock.TENTHS_SHOWN_UNDER */

  function pad(n) { return n < 10 ? "0" + n : String(n); }
  function minutesSeconds(tenths) {
    return Math.floor(tenths / 600) + ":" + pad(Math.floor((tenths % 600) / 10));
  }
  /* The game clock: rinkside.present.clock.clock_text. */
  function clockText(tenths) {
    tenths = Math.max(0, tenths);
    return tenths < TENTHS_SHOWN_UNDER ? minutesSeconds(tenths) + "." + (tenths % 10)
                                       : minutesSeconds(tenths);
  }
  /* A penalty timer: rinkside.present.clock.timer_text. */
  function timerText(tenths) { return minutesSeconds(Math.max(0, tenths)); }

  var source = function () { return Date.now(); };
  var offset = 0;           /* server ms - local ms, from sync() */
  var synced = false;
  var bestTrip = Infinity;  /* the round trip of the sample the offset came from */

  /* The server's wall clock now, in ms since the epoch. */
  function now() { return source() + offset; }
  /* Read local time from fn (ms since the epoch) instead of Date.now(). */
  function useSource(fn) { source = fn; }
  /* Measure the offset to the server's clock (url answers {"now_ms": ...});
     the sample with the shortest round trip wins (a later one only when its
     trip is shorter: the offset does not jump back and forth); done() after
     the answer. */
  function sync(url, done) {
    var request = new XMLHttpRequest();
    var sent = source();
    request.open("GET", url);
    request.setRequestHeader("Cache-Control", "no-cache");
    request.onload = function () {
      if (request.status === 200) {
        var back = source();
        var trip = back - sent;
        if (trip < bestTrip) { /* only a closer measure replaces the offset held */
          bestTrip = trip;
          offset = JSON.parse(request.responseText).now_ms + trip / 2 - back;
          synced = true;
        }
      }
      if (done) { done(); }
    };
    request.onerror = function () { if (done) { done(); } };
    request.send();
  }

  window.rinksideClock = {
    now: now,
    useSource: useSource,
    sync: sync,
    synced: function () { return synced; },
    TENTHS_SHOWN_UNDER: TENTHS_SHOWN_UNDER,
    minutesSeconds: minutesSeconds,
    clockText: clockText,
    timerText: timerText
  };
}());
