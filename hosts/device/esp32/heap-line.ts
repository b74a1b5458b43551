// The debug log's line of the heap and the stacks (issue 32): heap.c's figures, [free, largest, minimum, iram,
// xs, sampler, timer] in bytes, as docs/esp32-build.md ("7. Memory") reads them on a board's first flash.

/** One line: what is free for any malloc, the largest block one malloc can have, the lowest free since boot,
 * the IRAM heap left for 32-bit allocations; then the stack each task has never used so far (XS's, the
 * sampler's, esp_timer's; "-" for a task not running). */
export function heapLine(when: string, figures: readonly number[]): string {
  const bytes = (n: number | undefined) => n !== undefined && Number.isInteger(n) && n >= 0;
  const stack = (n: number | undefined) => n === -1 || bytes(n);
  if (figures.length !== 7 || !figures.slice(0, 4).every(bytes) || !figures.slice(4).every(stack)) {
    return `carrom: heap ${when}: unreadable figures [${figures.join(', ')}]`;
  }
  const [free, largest, minimum, iram, xs, sampler, timer] = figures;
  const left = (n: number | undefined) => (n === -1 ? '-' : String(n));
  return (
    `carrom: heap ${when}: ${free} bytes free, largest block ${largest}, lowest since boot ${minimum}; IRAM for 32-bit allocations ${iram}; ` +
    `stack never used: XS ${left(xs)}, sampler ${left(sampler)}, esp_timer ${left(timer)}`
  );
}

/** `log` as it was, and once the network has first answered (its first "time: " line: Wi-Fi joined, an
 * address, a reply from SNTP or the results server) the heap line after it, whose lowest since boot takes in
 * what joining took. */
export function heapWhenNetworkAnswers(log: (text: string) => void, read: () => readonly number[]): (text: string) => void {
  let answered = false;
  return (text) => {
    log(text);
    if (answered || !text.startsWith('time: ')) return;
    answered = true;
    log(heapLine('with the network up', read()));
  };
}
