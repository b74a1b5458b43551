// The sensing layer: sensor traces in, match log events out.
export * from './types.ts';
export { parseTrace, parseTraceHeader, parseReading, formatReading, formatTrace, formatTraceHeader, type Trace } from './trace.ts';
export { Sensing, type SensingOutput } from './sensing.ts';
export { piecesBySize, classifyColour } from './classify.ts';
export { senseTrace } from './sense.ts';
export type { LowerHealth } from './lower-blind.ts';
