// What the display and the page say after each event of a match log, inside XS (test/app/explain-xs.test.ts
// compares it with Node):  "explain\n<log>" → one line per event, the messages' display and page texts.
import { commands } from './command.ts';
import { explainTrail } from '../explain-trail.ts';

commands((op, body) => (op === 'explain' ? explainTrail(body) : `error\nunknown command ${op}`));
