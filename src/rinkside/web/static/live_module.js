/* The one live client (static/clock.js, static/live.js) for the pages built
 * of ES modules (the console). The scoreboard and the public pages load those
 * two files as plain ES5 scripts, for older TV browsers; a module page imports
 * the same files through this one, in their order (clock.js first, as live.js
 * reads it), and takes what they publish on window: rinksideClock and
 * rinksideLive, the live client's globals. No other module reads them.
 */
import "./clock.js";
import "./live.js";

/* static/clock.js: the server's clock and the clock's text. */
export const clock = window.rinksideClock;
/* static/live.js: the live game, its stream and the penalty box lines. */
export const live = window.rinksideLive;
