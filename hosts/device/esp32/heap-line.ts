// The debug log's line of the heap (issue 32): heap.c's figures, [free, largest, minimum, iram] in bytes, as
// docs/esp32-build.md ("7. Memory") reads them on a board's first flash.

/** One line: what is free for any malloc, the largest block one malloc can have, the lowest free since boot,
 * and the IRAM heap left for 32-bit allocations. */
export function heapLine(when: string, figures: readonly number[]): string {
  if (figures.length !== 4 || !figures.every((n) => Number.isInteger(n) && n >= 0)) {
    return `carrom: heap ${when}: unreadable figures [${figures.join(', ')}]`;
  }
  const [free, largest, minimum, iram] = figures;
  return `carrom: heap ${when}: ${free} bytes free, largest block ${largest}, lowest since boot ${minimum}; IRAM for 32-bit allocations ${iram}`;
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
