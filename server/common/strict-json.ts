// What JSON.parse lets through but a signed record must not hold: the same key twice in one object (the
// record would mean one thing to us, keeping the last, and another to a reader keeping the first), and
// values nested so deep that walking them would overflow the stack. One pass over text that JSON.parse
// has accepted already, with a stack of its own rather than recursion.

/** Deeper than any record of ours (a state nests 5 levels), shallow enough for any recursive reader. */
export const MAX_DEPTH = 64;

interface Level {
  /** false for an array. */
  object: boolean;
  /** The object's keys so far: looked through while few (most objects of a record have 2 to 9), in
   * `many` once there are more (a body may hold an object of thousands). */
  keys: string[];
  many: Set<string> | null;
  /** The next string in an object is a key. */
  wantKey: boolean;
  /** The array's next index. */
  index: number;
  /** The key of the value being read inside an object. */
  at: string;
}

/** Keys an object has before they go into a Set. */
const FEW_KEYS = 16;

/** Adds `key` to the object's keys: false if it was there already. */
function addKey(level: Level, key: string): boolean {
  const { keys } = level;
  if (level.many) {
    if (level.many.has(key)) return false;
    level.many.add(key);
    return true;
  }
  for (let k = 0; k < keys.length; k++) if (keys[k] === key) return false;
  keys.push(key);
  if (keys.length === FEW_KEYS) level.many = new Set(keys);
  return true;
}

/** Where the value being read is, as a path of keys and indexes ("state.match[0]"): made only for an
 * error, not at each level. */
function pathOf(stack: readonly Level[], depth: number): string {
  let path = '';
  for (let d = 0; d < depth; d++) {
    const l = stack[d];
    path = l.object ? (path ? `${path}.${l.at}` : l.at) : `${path}[${l.index}]`;
  }
  return path.length > 80 ? `${path.slice(0, 77)}...` : path;
}

/** A string token from where it starts (its opening quote): the regex engine runs through a long log
 * string far faster than a loop over its characters. Sticky, and used only synchronously. */
const STRING = /"[^"\\]*(?:\\.[^"\\]*)*"/y;
/** The rest of a string token, from just after a start of it that ends where an escape ends. */
const STRING_REST = /[^"\\]*(?:\\.[^"\\]*)*"/y;
const QUOTE = 0x22;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** Where the body's own "log" string is (its text between the quotes, as sent), found on the way; and a
 * start of it already read in an earlier body of the table (`seen`: a whole string's text between its
 * quotes, so that it ends where an escape ends), which is compared, not read again. The same for the
 * elements of the body's `state.warnings` array (`seenWarnings`: an earlier body's, between its brackets,
 * with no space at either end, or ''), which a table's next record repeats before its new ones. */
export interface LogString {
  seen: string;
  /** Where the text between the quotes starts and ends, or -1 if the body's top level has no "log" string. */
  start: number;
  end: number;
  /** The string began with `seen`, which was passed over. */
  skipped: boolean;
  seenWarnings: string;
  /** Where the text between the brackets of `state.warnings` starts and ends (-1: the body has no such array). */
  warningsStart: number;
  warningsEnd: number;
  /** The array's elements began with `seenWarnings`, followed by a comma or its end, and were passed over. */
  warningsSkipped: boolean;
}

/** The levels open are the body's object, its `state` object and the array of `state.warnings`. */
const isWarnings = (stack: readonly Level[]): boolean =>
  stack[0].object && !stack[0].wantKey && stack[0].at === 'state' && stack[1].object && !stack[1].wantKey && stack[1].at === 'warnings' && !stack[2].object;

/** What is wrong with `text` (valid JSON), or null. `log`, when given, is filled in. */
export function strictJsonProblem(text: string, log?: LogString): string | null {
  if (log) {
    log.start = log.end = log.warningsStart = log.warningsEnd = -1;
    log.skipped = log.warningsSkipped = false;
  }
  // The levels open, `depth` of them; the entries past it are reused for the next object or array at
  // their depth rather than made again (a state of a hundred objects made a hundred of them).
  const stack: Level[] = [];
  let depth = 0;
  // The characters that make the structure (brackets and commas) are looked at one by one, strings are
  // skipped whole (keys read), numbers and literals passed over: no token is made for each (a state of
  // a hundred objects made a thousand of them).
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const top = depth > 0 ? stack[depth - 1] : null;
      // The body's log, most of its text: where it begins as the one seen, that much is passed over. The
      // regex goes on from there as from the string's start, the seen text ending where an escape ends.
      const isLog = log !== undefined && depth === 1 && top!.object && !top!.wantKey && top!.at === 'log';
      // (The equality of a slice compares the memory: server/records/begins.ts.)
      const skip = isLog && log.seen.length > 0 && text.slice(i + 1, i + 1 + log.seen.length) === log.seen;
      const token = skip ? STRING_REST : STRING;
      token.lastIndex = skip ? i + 1 + log.seen.length : i;
      // Text JSON.parse accepted has its string end; were it not so, this says so rather than loop.
      if (!token.test(text)) return `body is not JSON (a string at character ${i} has no end)`;
      const end = token.lastIndex;
      if (isLog) {
        log.start = i + 1;
        log.end = end - 1;
        log.skipped = skip;
      }
      if (top?.object && top.wantKey) {
        const key = text.slice(i + 1, end - 1);
        const plain = key.includes('\\') ? (JSON.parse(text.slice(i, end)) as string) : key;
        top.at = plain;
        if (!addKey(top, plain)) return `body has the key ${JSON.stringify(plain)} twice in one object (at ${pathOf(stack, depth)})`;
        top.wantKey = false;
      }
      i = end - 1;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (depth >= MAX_DEPTH) return `body nests deeper than ${MAX_DEPTH} levels (at ${pathOf(stack, depth)})`;
      if (depth === stack.length) stack.push({ object: false, keys: [], many: null, wantKey: true, index: 0, at: '' });
      const level = stack[depth++];
      level.object = c === OPEN_OBJECT;
      level.keys.length = 0;
      level.many = null;
      level.wantKey = true;
      level.index = 0;
      level.at = '';
      // `state.warnings`: where it begins as the seen one's elements, those are passed over (they were
      // checked at this very place of an earlier body). Its next character is then a comma or its end.
      if (log !== undefined && depth === 3 && c === OPEN_ARRAY && log.warningsStart < 0 && isWarnings(stack)) {
        log.warningsStart = i + 1;
        const w = log.seenWarnings;
        const after = text.charCodeAt(i + 1 + w.length);
        if (w.length > 0 && (after === COMMA || after === CLOSE_ARRAY) && text.slice(i + 1, i + 1 + w.length) === w) {
          log.warningsSkipped = true;
          i += w.length;
        }
      }
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      // The first to close at its depth once `state.warnings` opened is that array (its elements are deeper).
      if (log !== undefined && depth === 3 && log.warningsStart >= 0 && log.warningsEnd < 0) log.warningsEnd = i;
      if (depth > 0) depth--;
    } else if (c === COMMA) {
      // (No level: text JSON.parse has not read yet, server/records/record.ts's going on from a seen log.)
      const top = depth > 0 ? stack[depth - 1] : null;
      if (top?.object) top.wantKey = true;
      else if (top) top.index++;
    }
  }
  return null;
}
