// What JSON.parse lets through but a signed record must not hold: the same key twice in one object (the
// record would mean one thing to us, keeping the last, and another to a reader keeping the first), and
// values nested so deep that walking them would overflow the stack. One pass over text that JSON.parse
// has accepted already, with a stack of its own rather than recursion.

/** Deeper than any record of ours (a state nests 5 levels), shallow enough for any recursive reader. */
export const MAX_DEPTH = 64;

interface Level {
  /** null for an array. */
  keys: Set<string> | null;
  /** Where the level is, as a path of keys and indexes ("state.match"). */
  path: string;
  /** The next string in an object is a key. */
  wantKey: boolean;
  /** The array's next index. */
  index: number;
  /** The key or index of the value being read inside this level. */
  at: string;
}

/** What is wrong with `text` (valid JSON), or null. */
export function strictJsonProblem(text: string): string | null {
  const stack: Level[] = [];
  const inner = () => {
    const top = stack[stack.length - 1];
    if (!top) return '';
    return top.keys ? (top.path ? `${top.path}.${top.at}` : top.at) : `${top.path}[${top.at}]`;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      const path = inner();
      if (stack.length >= MAX_DEPTH) return `body nests deeper than ${MAX_DEPTH} levels (at ${path.length > 80 ? `${path.slice(0, 77)}...` : path})`;
      stack.push({ keys: c === 0x7b ? new Set() : null, path, wantKey: true, index: 0, at: '0' });
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
    } else if (c === 0x2c /* , */) {
      const top = stack[stack.length - 1];
      if (top.keys) top.wantKey = true;
      else top.at = String(++top.index);
    } else if (c === 0x22 /* " */) {
      const start = i;
      let escaped = false;
      for (i++; ; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) {
          escaped = true;
          i++;
        } else if (d === 0x22) break;
      }
      const top = stack[stack.length - 1];
      if (top?.keys && top.wantKey) {
        const key = escaped ? (JSON.parse(text.slice(start, i + 1)) as string) : text.slice(start + 1, i);
        top.at = key;
        if (top.keys.has(key)) return `body has the key ${JSON.stringify(key)} twice in one object (at ${inner()})`;
        top.keys.add(key);
        top.wantKey = false;
      }
    }
  }
  return null;
}
