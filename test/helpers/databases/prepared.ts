// A table's record as the server hands it to the store: parsed, replayed, with its board rows (the
// bench makes them too: tools/results.ts).
export { storable as prepared } from '../../../tools/results.ts';
