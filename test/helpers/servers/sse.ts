// Server-sent events as the tests read them off a stream (test/helpers/live-feed.ts, processes.ts): the
// whole blocks at the front of what came so far, each with its `id`, `event` and `data` fields.

export interface SseBlock {
  id: string | null;
  event: string | null;
  data: string | null;
}

/** The whole blocks at the front of `buf` (each ends in a blank line), and the rest (a block still coming). */
export function takeBlocks(buf: string): { blocks: SseBlock[]; rest: string } {
  const blocks: SseBlock[] = [];
  let end: number;
  while ((end = buf.indexOf('\n\n')) >= 0) {
    const block = buf.slice(0, end);
    buf = buf.slice(end + 2);
    const field = (name: string) => block.split('\n').find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? null;
    blocks.push({ id: field('id'), event: field('event'), data: field('data') });
  }
  return { blocks, rest: buf };
}
