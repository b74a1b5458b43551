// live.js, the live bundle: what the pages that show shots live use (the club's page and a table's, the
// hall, the overlay for OBS), kept out of club.js so that the other pages do not load the rules engine,
// the notation and the shots' rendering. club.js loads it when the page has a live part (live-bundle.ts);
// it takes the page's words and helpers (core.ts, ../words.ts) from club.js (tools/build-pages.ts).
export { followShots, liveBox, liveMatch } from './live-shots.ts';
export { overlayPage } from './overlay.ts';
