// club.js: the pages' script (bundled by tools/build.ts into dist/club.js, served by the results server at
// /club.js as a module). Each page's shell (server/pages/html.ts) says which page it is in `data-page`;
// this puts the shell's words in the page's language, then runs that page's part. The pages with a live
// part (the club's, a table's, the hall, the overlay) load the live bundle too (live-bundle.ts), which
// takes the page's words and helpers (core.ts, ../words.ts) from here: hence the exports.
import { bracketPage, rankingOnStandings, tablesPage } from './bracket.ts';
import { clubPage, leaderboardPage, tablePage } from './club.ts';
import { page, translatePage } from './core.ts';
import { hallPage } from './hall.ts';
import { liveBundle } from './live-bundle.ts';
import { organiserPage } from './organiser.ts';
import { printPage } from './print.ts';
import { tournamentsPage } from './tournaments.ts';

export * from './core.ts';
export * from '../words.ts';

translatePage();
if (page === 'club') void clubPage();
else if (page === 'table') void tablePage();
else if (page === 'leaderboard') leaderboardPage();
else if (page === 'hall') void hallPage();
else if (page === 'bracket') bracketPage();
else if (page === 'tables') tablesPage();
else if (page === 'tournaments') tournamentsPage();
else if (page === 'organiser') organiserPage();
else if (page === 'overlay') void liveBundle().then((live) => live.overlayPage());
else if (page.startsWith('print-')) printPage(page.slice(6));
if (page === 'print-standings') rankingOnStandings();
