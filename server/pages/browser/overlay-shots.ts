// The overlay's last shots (overlay.ts): the notation's lines of shots, the newest last. Apart from the
// page's code so that the tests compute what the page must show with the same function.

/** The last `n` lines of shots of a match printed in the notation (its tags and blank lines left out). */
export function lastShots(text: string, n: number): string[] {
  const body = text.slice(text.indexOf('\n\n') + 1);
  return body.split('\n').filter((l) => l.trim() !== '').slice(-n);
}
