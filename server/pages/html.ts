// The club's pages: shells only. The data comes from the JSON reads and the event stream, and is put
// in with textContent by club.js, so a player's name can never become markup.

import { PAGE_WORDS } from './words.ts';

/** A page's title in English, before club.js puts in the page's language ({0}, the table, left out). */
const english = (key: string) => PAGE_WORDS.en[key].replace(' {0}', '');

/** The pages with a live part (server/pages/browser/main.ts loads the live bundle, dist/live.js, on them). */
const LIVE_PAGES: ReadonlySet<string> = new Set(['club', 'table', 'hall', 'overlay']);

/** A page's scripts: club.js, a module; on a page with a live part, live.js asked for at once beside it
 * (club.js imports it: without the hint the browser would ask only once club.js has run). */
export const scripts = (page: string): string => `<script type="module" src="/club.js"></script>${LIVE_PAGES.has(page) ? '\n<link rel="modulepreload" href="/live.js">' : ''}`;

/** A page's shell; `title` is the key of its title in words.ts (club.js puts in the page's language). */
export const shell = (page: string, title: string, main: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${english(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/club.css">
${scripts(page)}
</head>
<body data-page="${page}">
<header>
  <h1 data-t="${title}">${english(title)}</h1>
  <nav><a href="/" data-t="tables">Tables</a> <a href="/leaderboard" data-t="leaderboard">Leaderboard</a> <a href="/tournaments" data-t="tournaments">Tournaments</a> <a href="/api/v1/export.csv">CSV</a> <a href="/api/v1/export.json">JSON</a></nav>
  <select id="language" class="language"></select>
  <span id="live" class="live" data-t="connecting">connecting…</span>
</header>
<p id="trouble" class="trouble" role="status" data-t="unreadable" hidden>${english('unreadable')}</p>
<main>
${main}
</main>
</body>
</html>
`;

export const CLUB_PAGE = shell('club', 'clubTitle', `<section id="tables" class="tables" aria-live="polite"></section>\n<p id="empty" hidden><span data-t="noTables">No tables yet: register one with</span> <code>carrom serve --add-table ID</code>.</p>\n<section id="refused" class="refused" hidden>\n<h2 data-t="refusedTitle">${PAGE_WORDS.en.refusedTitle}</h2>\n<p data-t="refusedText">${PAGE_WORDS.en.refusedText}</p>\n<ul></ul>\n</section>`);
export const TABLE_PAGE = shell('table', 'tableTitle', `<section id="live-now" class="live-now"><h2 data-t="shTitle">${PAGE_WORDS.en.shTitle}</h2><div id="live-box"></div></section>\n<section id="matches"></section>`);
const col = (key: string, n = true) => `<th${n ? ' class="n"' : ''} data-t="${key}">${PAGE_WORDS.en[key]}</th>`;
export const LEADERBOARD_PAGE = shell('leaderboard', 'leaderboardTitle', `<div class="wide"><table id="standings">
<thead><tr>${col('colPlayer', false)}${col('colMatchesWon')}${col('colMatches')}${col('colBoardsWon')}${col('colBoards')}${col('colPoints')}</tr></thead>
<tbody></tbody>
</table></div>`);

/** The pages' icon (the simulator's): a board with its four pockets and the queen, so no page asks in vain. */
export const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="5" fill="#5b3a1e"/><rect x="3" y="3" width="26" height="26" fill="#e9cf9b"/><circle cx="6" cy="6" r="3" fill="#111"/><circle cx="26" cy="6" r="3" fill="#111"/><circle cx="6" cy="26" r="3" fill="#111"/><circle cx="26" cy="26" r="3" fill="#111"/><circle cx="16" cy="16" r="4" fill="#c22"/></svg>\n';
