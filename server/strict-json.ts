// What JSON.parse lets through but a signed record must not hold: the same key twice in one object (the
// record would mean one thing to us, keeping the last, and another to a reader keeping the first), and
// values nested so deep that walking them would overflow the stack. One pass over text that JSON.parse
// has accepted already, with a stack of its own rather than recursion.

/** Deeper than any record of ours (a state nests 5 levels), shallow enough for any recursive reader. */
export const MAX_DEPTH = 64;

interface Level {
  /** null for an array. */
  keys: Set<string> | null;
  /** The next string in an object is a key. */
  wantKey: boolean;
  /** The array's next index. */
  index: number;
  /** The key of the value being read inside an object. */
  at: string;
}

/** Where the value being read is, as a path of keys and indexes ("state.match[0]"): made only for an
 * error, not at each level. */
function pathOf(stack: readonly Level[]): string {
  let path = '';
  for (const l of stack) path = l.keys ? (path ? `${path}.${l.at}` : l.at) : `${path}[${l.index}]`;
  return path.length > 80 ? `${path.slice(0, 77)}...` : path;
}

/** A string token from where it starts (its opening quote): the regex engine runs through a long log
 * string far faster than a loop over its characters. Sticky, and used only synchronously. */
const STRING = /"[^"\\]*(?:\\.[^"\\]*)*"/y;
const QUOTE = 0x22;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** What is wrong with `text` (valid JSON), or null. */
export function strictJsonProblem(text: string): string | null {
  const stack: Level[] = [];
  // The characters that make the structure (brackets and commas) are looked at one by one, strings are
  // skipped whole (keys read), numbers and literals passed over: no token is made for each (a state of
  // a hundred objects made a thousand of them).
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      STRING.lastIndex = i;
      // Text JSON.parse accepted has its string end; were it not so, this says so rather than loop.
      if (!STRING.test(text)) return `body is not JSON (a string at character ${i} has no end)`;
      const end = STRING.lastIndex;
      const top = stack[stack.length - 1];
      if (top?.keys && top.wantKey) {
        const key = text.slice(i + 1, end - 1);
        const plain = key.includes('\\') ? (JSON.parse(text.slice(i, end)) as string) : key;
        top.at = plain;
        if (top.keys.has(plain)) return `body has the key ${JSON.stringify(plain)} twice in one object (at ${pathOf(stack)})`;
        top.keys.add(plain);
        top.wantKey = false;
      }
      i = end - 1;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (stack.length >= MAX_DEPTH) return `body nests deeper than ${MAX_DEPTH} levels (at ${pathOf(stack)})`;
      stack.push({ keys: c === OPEN_OBJECT ? new Set() : null, wantKey: true, index: 0, at: '' });
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      stack.pop();
    } else if (c === COMMA) {
      const top = stack[stack.length - 1];
      if (top.keys) top.wantKey = true;
      else top.index++;
    }
  }
  return null;
}
