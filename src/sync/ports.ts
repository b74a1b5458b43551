/** Moddable's Digest shape (crypt module): new Digest("SHA256"), write(), close(). */
export interface DigestPort { write(bytes: Uint8Array): void; close(): ArrayBuffer }
export type DigestFactory = () => DigestPort;
/** A body the transport streams (from flash on the device): never one big string if avoidable. */
export interface BodySource { readonly length: number; read(offset: number, length: number): Uint8Array }
export interface PostRequest { url: string; headers: ReadonlyArray<readonly [string, string]>; body: BodySource }
export interface PostAnswer {
  status: number;
  body: string;
  /** The answer's headers, names in lower case: needed only where the server signs its answer
   * (`carrom-signature`, docs/tournament.md §5.1); a host may leave it out for records. */
  headers?: Readonly<Record<string, string>>;
}
/** A GET (the table's next match, docs/tournament.md §5.1): no body. */
export interface GetRequest { url: string; headers: ReadonlyArray<readonly [string, string]> }
/** The table's network: every method is required, so that a host (or a wrapper around another
 * transport, as the simulator's Wi-Fi fault) that forgets one is told by the compiler, not by a table
 * that quietly stops doing something (issue 28: a wrapper without `get` never asked for its match). */
export interface TransportPort {
  /** One POST; `done` is called exactly once: an error text (no answer: network, timeout), or the answer. */
  post(request: PostRequest, done: (error: string | null, answer: PostAnswer | null) => void): void;
  /** One GET (the table's next match, docs/tournament.md §5.1), `done` as for post; the answer's headers
   * filled. A host that cannot reach the server answers with its error text, as post does. */
  get(request: GetRequest, done: (error: string | null, answer: PostAnswer | null) => void): void;
  /** Aborts whatever is in flight (a shot started, Wi-Fi lost): its `done` gets an error, or nothing
   * (the core drops a late answer). A transport with nothing to abort does nothing. */
  cancel(): void;
}
/** Randomness comes in through a port (jitter, nonces): src/ has no Math.random. */
export interface RandomPort { next(): number /* [0, 1) */ }
/** Where the results go and who the table is; kept in Preference on the device. */
export interface SyncSettings { server: string | null /* base URL, null = find by mDNS */; table: string; secret: string /* 64 hex */ }

// Added by the sync core (not in the first agreement; the shapes above are unchanged):

/** The table's wall clock, if it has one (SNTP on the device): ISO 8601 UTC, or null when it has no time yet. */
export interface WallClockPort { iso(): string | null }
/** Finds the results server by mDNS (`_carrom._tcp`) when no URL is set: `done` gets the base URL, or an error. */
export interface ServerFinder {
  find(done: (error: string | null, url: string | null) => void): void;
  /** Optional: stop looking (a shot started: the answers are network work, parsed in JavaScript); `done` is then never called. */
  cancel?(): void;
}
/** The table's own access point and setup page (the device); the network name and code go on the display.
 * open() is called again each time the screen is redrawn while it shows them: it must answer the same. */
export interface SetupPort { open(): { network: string; code: string } | { error: string }; close(): void }
/** Where the host keeps the sync settings (Preference on the device). */
export interface SettingsPort { load(): SyncSettings | null; forget(): void }
