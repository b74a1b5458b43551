// Sensor traces written by hand from the trace format's contract (docs/formats.md §2), not by the
// project's generator (model/table): each a few shots through one pocket gate, two beams 10 mm apart,
// the upper beam blocked for the pieces' sizes (a man 33.3 mm, the striker 42.8 mm) at the speed given,
// the lower beam the same 10 mm later, and one colour reading of each piece where the contract lets it lie
// (issue 30). `pieces`: what went down, in order, as the pure sensing layer must name it.
export interface HandTrace {
  file: string;
  what: string;
  pieces: string[];
}

export const HAND_TRACES: readonly HandTrace[] = [
  { file: 'two-alike', what: 'two touching men of one colour in one pulse: whites at 1 and 3 m/s, blacks at 0.5 m/s; readings mid-piece', pieces: ['white 0', 'white 0', 'white 1', 'white 1', 'black 2', 'black 2'] },
  { file: 'three-alike', what: 'three touching men of one colour in one pulse: blacks at 1 m/s, whites at 2 m/s', pieces: ['black 0', 'black 0', 'black 0', 'white 3', 'white 3', 'white 3'] },
  { file: 'fast-trains', what: 'fast trains: two whites at 5 and 8 m/s, three blacks at 3 m/s, black-queen-black at 5 m/s', pieces: ['white 0', 'white 0', 'black 1', 'black 1', 'black 1', 'black 2', 'queen 2', 'black 2', 'white 3', 'white 3'] },
  { file: 'queen-train', what: 'the queen in a train with men: first, second, in the middle of three', pieces: ['queen 0', 'black 0', 'white 1', 'queen 1', 'black 2', 'queen 2', 'black 2'] },
  { file: 'readings-early', what: 'trains whose readings lie 10 % into each piece', pieces: ['queen 0', 'black 0', 'white 1', 'queen 1', 'white 2', 'white 2'] },
  { file: 'readings-late', what: 'trains whose readings lie 90 % into each piece; a black read at the very end of his stretch touching a queen, at 0.4 m/s', pieces: ['queen 0', 'black 0', 'white 1', 'queen 1', 'black 2', 'queen 2'] },
  {
    file: 'readings-at-edges',
    what: 'one piece a shot, its reading at the blocked edge (listed before it, then after it), 0.5 ms before it, at the clear edge (after it, then before it), 0.5 ms after it, 2 % and 98 % in',
    pieces: ['queen 0', 'white 1', 'black 2', 'queen 3', 'white 0', 'black 1', 'queen 2', 'white 3'],
  },
  {
    file: 'ringing-and-chords',
    what: 'a white at 6 m/s whose edges ring, read 0.4 ms before it clears; a queen of a short chord (31.5 mm) touching a white read 0.3 ms into his stretch; a black read at a ringing blocked edge; a white at 2 m/s read 1 µs after his ringing clear edge',
    pieces: ['white 0', 'queen 1', 'white 1', 'black 2', 'white 3'],
  },
  {
    file: 'one-reading-trains',
    what: 'touching men that gave fewer readings than they are (the contract: a piece may have none): whites at 1 m/s read in the first, blacks at 3 m/s in the second, queen and black at 0.5 m/s, three whites at 2 m/s read in the middle one, whites at 8 m/s read 10 % into the first, a black and a white at 5 m/s read 90 % into the white',
    pieces: ['white 0', 'man 0', 'man 1', 'black 1', 'queen 2', 'man 2', 'man 3', 'white 3', 'man 3', 'white 0', 'man 0', 'man 1', 'white 1'],
  },
  {
    file: 'fast-blacks',
    what: 'fast blacks read near the colour margins (towards the striker and white): alone at 5–10 m/s, two and three touching at 5–10 m/s, read 10, 50 and 90 % in; three at 6 m/s read 90 % in, whose size may hold the striker and whose first reading does not say (asked on both paths)',
    pieces: ['black 0', 'black 1', 'black 2', 'black 3', 'black 0', 'black 0', 'black 1', 'black 1', 'black 2', 'black 2', 'black 3', 'black 3', 'black 0', 'black 0', 'black 0', 'black 1', 'black 1', 'black 1', 'unknown 2', 'black 2', 'black 2'],
  },
  {
    file: 'junction-windows',
    what: 'fast touching pairs read as a device reads them, windows back to back, one across the junction mixing both pieces: a black behind the queen at 7 m/s (the mix nearest white) and behind a white at 6.5 m/s (nearest the striker), a black and the queen at 4.2 m/s with a 75 µs flicker of the upper beam in the black, and a black behind a white at 8 m/s whose nearest reading to his middle is the mix (asked on both paths)',
    pieces: ['queen 1', 'black 1', 'white 2', 'black 2', 'black 3', 'queen 3', 'white 0', 'man 0'],
  },
  {
    file: 'first-man-twice',
    what: 'two touching men read twice in the first man and not at all in the second (a device\'s windows back to back; the contract: readings are never a count): blacks at 5.6 m/s read 20 and 76 % into the first, whites at 3 m/s 15 and 80 %, the queen and a man at 1 m/s 50 and 78 %, whites at 8 m/s 45 and 85 % (the second asked on both paths)',
    pieces: ['black 0', 'man 0', 'white 1', 'man 1', 'queen 2', 'man 2', 'white 3', 'man 3'],
  },
  {
    file: 'hung-across',
    what: 'a piece come to rest across both beams for 2.2 s (unsized), read back to back for 120 ms, then every 52.7 ms: a white whose reading nearest the middle of the block lies within twice the colour margin of the striker, the rest clearly white; then one whose every reading lies as near the striker as a white (asked on both paths)',
    pieces: ['white 3', 'unknown 1'],
  },
  {
    file: 'touching-flicker',
    what: 'three men at 0.5 m/s, the second touching the first on the lower beam (the upper sees a 3 ms gap, the lower beam\'s clear edge rings), the third touching the second with a 21 µs flicker of the upper beam between them and a 1.7 ms gap on the lower; the first read mid-piece, the second not at all, the third 9 % in (the second asked on both paths)',
    pieces: ['white 0', 'man 0', 'black 0'],
  },
  { file: 'striker-train', what: 'the striker touching a man: striker first, man first, striker and queen at 2 m/s', pieces: ['striker 0', 'black 0', 'white 1', 'striker 1', 'striker 2', 'queen 2'] },
  {
    file: 'stuck-crossing',
    what: 'an upper beam failed blocked (no reading as it blocked) that men cross at 1, 0.3 and 5 m/s after the sampler\'s 1.5 s run, and a queen at 1 m/s within it; each read mid-crossing of the upper beam',
    pieces: ['white 0', 'black 0', 'white 0', 'queen 1'],
  },
  {
    file: 'upper-missed',
    what: 'pieces the upper beam missed (the lower beam alone) at 0.5, 2 and 5 m/s after a piece through both beams, each read as it crossed the upper beam, the queen before the lower beam blocked',
    pieces: ['black 2', 'white 2', 'queen 2', 'black 2'],
  },
  {
    file: 'stuck-clears',
    what: 'an upper beam failed blocked that clears while a piece crosses it: at the piece\'s trailing edge (1 and 3 m/s), and after the piece left it with the lower beam still blocked (0.3 m/s)',
    pieces: ['black 3', 'white 3', 'queen 2'],
  },
];

export const handTracePath = (t: HandTrace) => `test/fixtures/traces/${t.file}.trace.jsonl`;
