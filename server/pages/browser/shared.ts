// What the live bundle (dist/live.js, live.ts) takes from club.js: the page's language and words and the
// element helpers. club.js exports these (main.ts); tools/build.ts makes every import of this module in
// the live bundle an import of `./club.js`, so that both run the one copy the page loaded (one language,
// one set of words), and fails the build if the live bundle would carry a module of club.js's itself.
export { byId, el, lang, sides, t } from './core.ts';
export { PAGE_LANGUAGES, PAGE_WORDS, type PageLanguage } from '../words.ts';
