// The live bundle (dist/live.js, live.ts) as club.js loads it: once, when a page with a live part asks
// for it. tools/build.ts leaves this import to the browser (`./live.js`, beside club.js), so that the pages
// without a live part never fetch it.
export type LiveBundle = typeof import('./live.ts');

let loading: Promise<LiveBundle> | null = null;

/** The live bundle, loaded at the first call. */
export function liveBundle(): Promise<LiveBundle> {
  loading ??= import('./live.ts');
  return loading;
}
