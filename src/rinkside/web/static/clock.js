/* The game clock as the pages show it, the same form as rinkside.present.clock:
 * "11:42", and tenths in the last minute ("0:42.5"). Shared by every live
 * page through static/live.js (window.rinksideClock). Plain ES5 so older TV
 * browsers run it.
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

  window.rinksideClock = {
    TENTHS_SHOWN_UNDER: TENTHS_SHOWN_UNDER,
    minutesSeconds: minutesSeconds,
    clockText: clockText,
    timerText: timerText
  };
}());
