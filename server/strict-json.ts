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

/** What is wrong with `text` (valid JSON), or null. */
export function strictJsonProblem(text: string): string | null {
  const stack: Level[] = [];
  // The tokens that make the structure: strings whole (the regex engine runs through a long log string
  // far faster than a loop over its characters), brackets and commas; numbers and literals are skipped.
  const tokens = /"[^"\\]*(?:\\.[^"\\]*)*"|[{}[\],]/g;
  for (let m = tokens.exec(text); m !== null; m = tokens.exec(text)) {
    const t = m[0];
    if (t === '{' || t === '[') {
      if (stack.length >= MAX_DEPTH) return `body nests deeper than ${MAX_DEPTH} levels (at ${pathOf(stack)})`;
      stack.push({ keys: t === '{' ? new Set() : null, wantKey: true, index: 0, at: '' });
    } else if (t === '}' || t === ']') {
      stack.pop();
    } else if (t === ',') {
      const top = stack[stack.length - 1];
      if (top.keys) top.wantKey = true;
      else top.index++;
    } else {
      const top = stack[stack.length - 1];
      if (top?.keys && top.wantKey) {
        const key = t.includes('\\') ? (JSON.parse(t) as string) : t.slice(1, -1);
        top.at = key;
        if (top.keys.has(key)) return `body has the key ${JSON.stringify(key)} twice in one object (at ${pathOf(stack)})`;
        top.keys.add(key);
        top.wantKey = false;
      }
    }
  }
  return null;
}
