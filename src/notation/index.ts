// The carrom notation (docs/notation.md): match logs as text for people, printed and read back.
export { PIECE_LETTERS, describeLog, eventToken, formatTime, printNotation, sideLetters, type Described, type PrintOptions, type Segment } from './print.ts';
export { readNotation, type NotationError, type ReadNotation } from './read.ts';
