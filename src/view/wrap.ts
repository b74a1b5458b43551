// Long text in rows of a given width, for the screens that show a sentence (LAST ERROR, the setup page's
// message, the server's address): broken at spaces; a word too long for a row is broken after its last
// '.', ':', '/' or '-' that fits (an address), or else at the row's end.

const BREAKS = './:-';

/** Where a word too long for `room` may be cut: after the last break character that fits, or 0. */
function breakIn(word: readonly string[], room: number): number {
  for (let i = Math.min(room, word.length); i > 0; i--) if (BREAKS.includes(word[i - 1])) return i;
  return 0;
}

/** `text` in rows of at most `width` characters. */
export function wrap(text: string, width: number): string[] {
  const rows: string[] = [];
  let row: string[] = [];
  const push = () => {
    if (row.length > 0) rows.push(row.join(''));
    row = [];
  };
  for (const w of text.split(' ')) {
    let word = [...w];
    while (word.length > 0) {
      const room = row.length === 0 ? width : width - row.length - 1;
      if (word.length <= room) {
        row = row.length === 0 ? word : [...row, ' ', ...word];
        break;
      }
      // It fits a row of its own, or is cut nowhere here: start it on the next row.
      let cut = word.length <= width ? 0 : breakIn(word, room);
      if (cut === 0 && row.length > 0) {
        push();
        continue;
      }
      if (cut === 0) cut = room;
      row = row.length === 0 ? word.slice(0, cut) : [...row, ' ', ...word.slice(0, cut)];
      push();
      word = word.slice(cut);
    }
  }
  push();
  return rows;
}
