// Lines that an abuser could make the server say thousands of times (a sender cut off mid-body, a body
// refused for the budget of strangers' bytes): the first of a kind is said at once, then at most one line
// a minute saying how many more there were, and the last of them. The log says what happened without
// flooding (docs/server.md §9, "What the log says").

export class SparseLog {
  private lastSaid = -Infinity;
  private unsaid = 0;
  private lastLine = '';
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly log: (line: string) => void, private readonly everyMs = 60_000) {}

  say(line: string): void {
    const now = Date.now();
    if (now - this.lastSaid >= this.everyMs) {
      this.flush();
      this.lastSaid = now;
      this.log(line);
      return;
    }
    this.unsaid++;
    this.lastLine = line;
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.flush();
      this.lastSaid = Date.now();
    }, this.everyMs - (now - this.lastSaid)).unref();
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.unsaid === 0) return;
    this.log(`${this.unsaid} more like it in the last minute; the last: ${this.lastLine}`);
    this.unsaid = 0;
  }
}
