// What the log says of failed logins (docs/server.md, "What the log says"): the name typed and the
// address, never the password, without letting a burst flood the log. The first wrong password of a
// name from an address is said at once (at most SAID_AT_ONCE such lines a minute); everything else of
// the minute (further wrong passwords, tries told to wait, tries refused as too many at once) is counted
// and said in one line at the minute's end. So a burst, however large and from however many addresses,
// writes at most SAID_AT_ONCE + 1 lines a minute.

/** Lines said at once in a minute, each the first wrong password of a name from an address. */
export const SAID_AT_ONCE = 5;
/** The pairs said at once that are remembered (so that each is said once), forgotten every hour. */
const REMEMBERED = 10_000;

type What = 'wrong' | 'wait' | 'busy';

export class LoginLog {
  private readonly said = new Set<string>();
  private saidThisMinute = 0;
  private counts = { wrong: 0, wait: 0, busy: 0 };
  private readonly pairs = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private forgetAt: number;

  constructor(private readonly log: (line: string) => void, private readonly clock: () => number = Date.now) {
    this.forgetAt = clock() + 3600_000;
  }

  /** A refused login of `name` (as typed) from `address`: a wrong name or password, a try told to wait,
   * or one refused as too many at once. */
  refused(what: What, name: string, address: string): void {
    // The name as typed, quoted and cut, so that no line end or control character reaches the log.
    const who = `${JSON.stringify(name.slice(0, 40))}${name.length > 40 ? '…' : ''} from ${address}`;
    if (this.clock() > this.forgetAt || this.said.size >= REMEMBERED) {
      this.said.clear();
      this.forgetAt = this.clock() + 3600_000;
    }
    if (what === 'wrong' && !this.said.has(who) && this.saidThisMinute < SAID_AT_ONCE) {
      this.said.add(who);
      this.saidThisMinute++;
      this.log(`login: wrong name or password for ${who} (more from there are counted once a minute)`);
    } else {
      this.counts[what]++;
      if (this.pairs.has(who) || this.pairs.size < REMEMBERED) this.pairs.set(who, (this.pairs.get(who) ?? 0) + 1);
    }
    this.timer ??= setTimeout(() => this.flush(), 60_000).unref();
  }

  /** Says what the minute counted (if anything), and starts a new minute. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.saidThisMinute = 0;
    const { wrong, wait, busy } = this.counts;
    if (wrong + wait + busy === 0) return;
    const most = [...this.pairs].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([who, n]) => `${who} (${n})`);
    const parts = [wrong && `${wrong} more wrong name${wrong === 1 ? '' : 's'} or password${wrong === 1 ? '' : 's'}`, wait && `${wait} told to wait (429)`, busy && `${busy} refused as too many at once`].filter(Boolean);
    this.log(`login: in the last minute ${parts.join(', ')}, from ${this.pairs.size < REMEMBERED ? '' : 'at least '}${this.pairs.size} name and address pair${this.pairs.size === 1 ? '' : 's'}; most: ${most.join(', ')}`);
    this.counts = { wrong: 0, wait: 0, busy: 0 };
    this.pairs.clear();
  }
}
