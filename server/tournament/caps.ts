// What one tournament may hold (docs/tournament.md §3.5): caps far above any real carrom event, so that no
// organiser meets them, and low enough that importing, drawing and reading a tournament at the caps
// keeps the server's event loop free for the tables and the hall. The largest carrom events, national
// championships, have a few hundred entrants in an event, play a Swiss of a dozen rounds or fewer, on
// a few dozen boards.

/** Entrants in one tournament (players, or teams in doubles), withdrawn ones included: over three times
 * the largest national championship's field. */
export const ENTRANTS_MAX = 1000;

/** Rounds of a Swiss (`rounds`, 1–99 since the first version of the contract); and the rounds any system
 * may need, so an all-play-all's field is at most ALL_PLAY_ALL_MAX. */
export const ROUNDS_MAX = 99;

/** Entrants drawn in an all-play-all: it needs n − 1 rounds (n for an odd n), at most ROUNDS_MAX. */
export const ALL_PLAY_ALL_MAX = ROUNDS_MAX + 1;

/** Matches (byes included) in one tournament: every read of a tournament (the standings, the ranking,
 * the exports, the draw) reads them all, so this bounds what a read costs. 1,000 entrants play 20
 * rounds within it; a championship of 300 over 9 rounds has some 1,350. */
export const MATCHES_MAX = 10_000;

/** Tables in one tournament's `tables`. */
export const TABLES_MAX = 500;

/** An entrant's name (a team's, the two joined by " & "), and a player's first or last name, in characters. */
export const NAME_MAX = 40;

/** A club's name, a tournament's name and championship, in characters. */
export const LONG_TEXT_MAX = 120;

/** Lines in an entry list's CSV, blank ones and the header included: the cap's entrants, and as many
 * again for blank lines. Counted before the file is read, so that a file of blank lines costs nothing. */
export const CSV_LINES_MAX = 2 * ENTRANTS_MAX;

/** A tournament's delay on its public views and feeds, in minutes (issue 34; lichess's broadcasts take up
 * to an hour): longer than that is no longer a live view. */
export const DELAY_MAX = 60;
