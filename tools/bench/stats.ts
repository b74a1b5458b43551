// Small helpers for benchmark tables.
export const median = (xs: number[]): number => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
export const max = (xs: number[]): number => xs.reduce((m, x) => (x > m ? x : m), -Infinity);
export const percentile = (xs: number[], p: number): number => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** Prints rows as an aligned table. */
export function table(title: string, rows: [string, string, string?][]): string {
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(...rows.map((r) => r[1].length));
  const lines = rows.map(([a, b, c]) => `  ${a.padEnd(w0)}  ${b.padStart(w1)}${c ? `  ${c}` : ''}`);
  return `\n${title}\n${lines.join('\n')}\n`;
}

export const fmt = (n: number, digits = 0): string => n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });
