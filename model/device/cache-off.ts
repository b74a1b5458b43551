// The spans in which a flash write turns the ESP32's cache off (world.ts holds the native side and
// JavaScript for them). Each ESP-IDF flash call, a sector erase or a write, is one span of its own
// (esp_flash_api.c: start() before it, end() after): within it interrupts not in IRAM, native tasks and
// timers wait, and between two calls the cache is on for a moment and what waited runs.

export class CacheOffSpans {
  /** Each flash call's [from, to] (µs), in time order. */
  readonly spans: { from: number; to: number }[] = [];

  /** Flash calls back to back from `t`, `calls` their µs each: when the last one ends. */
  add(t: number, calls: readonly number[]): number {
    let at = t;
    for (const us of calls) {
      this.spans.push({ from: at, to: at + us });
      at += us;
    }
    return at;
  }

  /**
   * When the cache-off span holding time `t` ends, or `t` when the cache is on then. A span holds from its
   * start to before its end; where one call's span ends and the next one's starts the cache is on for a
   * moment, and what waited runs then.
   */
  endOf(t: number): number {
    const spans = this.spans;
    for (let i = spans.length - 1; i >= 0 && spans[i].to > t; i--) {
      const s = spans[i];
      const follows = i > 0 && spans[i - 1].to === s.from;
      if (t > s.from || (t === s.from && !follows)) return s.to;
    }
    return t;
  }
}
