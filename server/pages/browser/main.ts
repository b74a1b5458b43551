// club.js: the pages' one script (bundled by tools/build.ts into dist/club.js, served by the results
// server at /club.js). Each page's shell (server/pages/html.ts) says which page it is in `data-page`;
// this puts the shell's words in the page's language, then runs that page's part.
import { bracketPage, rankingOnStandings, tablesPage } from './bracket.ts';
import { clubPage, leaderboardPage, tablePage } from './club.ts';
import { page, translatePage } from './core.ts';
import { hallPage } from './hall.ts';
import { organiserPage } from './organiser.ts';
import { overlayPage } from './overlay.ts';
import { printPage } from './print.ts';
import { tournamentsPage } from './tournaments.ts';

translatePage();
if (page === 'club') clubPage();
else if (page === 'table') tablePage();
else if (page === 'leaderboard') leaderboardPage();
else if (page === 'hall') hallPage();
else if (page === 'bracket') bracketPage();
else if (page === 'tables') tablesPage();
else if (page === 'tournaments') tournamentsPage();
else if (page === 'organiser') organiserPage();
else if (page === 'overlay') overlayPage();
else if (page.startsWith('print-')) printPage(page.slice(6));
if (page === 'print-standings') rankingOnStandings();
