// Reading and writing sensor traces, version 1 (docs/formats.md §2): `LINE: reason` for anything malformed.

import { parseJsonLines, type LineError } from '../rules/jsonl.ts';
import { parseEvent, parseHeader } from '../rules/log.ts';
import { type Result, err, ok } from '../rules/types.ts';
import type { Calibration, Reading, Rgb, TraceCall, TraceHeader } from './types.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A finite number. Number.isFinite is false for anything that is not a number, so no `typeof` test goes with
 * it (mutation testing showed one beside it was a check no input could fail); this tells the type checker. */
const finite = (v: unknown): v is number => Number.isFinite(v);

function parseRgb(v: unknown): Rgb | null {
  if (!Array.isArray(v) || v.length !== 3) return null;
  if (!v.every((x) => finite(x) && x >= 0 && x <= 1)) return null;
  return [v[0], v[1], v[2]];
}

export function parseTraceHeader(value: unknown): Result<TraceHeader> {
  if (!isObj(value)) return err('the header is not a JSON object');
  if (!('carrom-trace' in value)) return err('missing field "carrom-trace" (is this a sensor trace?)');
  if (value['carrom-trace'] !== 1) return err(`unknown sensor trace version ${JSON.stringify(value['carrom-trace'])} (this reader knows 1)`);
  if (typeof value.table !== 'string') return err('field "table" must be a table name');
  const gap = value.beamGapMm;
  if (typeof gap !== 'number' || !(gap >= 0 && gap <= 50)) return err('field "beamGapMm" must be a distance in mm (0 for one beam)');
  const strip = value.stripMm;
  if (typeof strip !== 'number' || !(strip > 0 && strip <= 2000)) return err('field "stripMm" must be a length in mm');
  let calibration: Calibration | null = null;
  if (value.calibration !== undefined && value.calibration !== null) {
    const c = value.calibration;
    if (!isObj(c)) return err('field "calibration" must be an object of colour readings');
    const kinds = ['white', 'black', 'queen', 'striker'] as const;
    const read: Partial<Record<(typeof kinds)[number], Rgb>> = {};
    for (const k of kinds) {
      const rgb = parseRgb(c[k]);
      if (!rgb) return err(`field "calibration.${k}" must be [r, g, b], each 0–1`);
      read[k] = rgb;
    }
    calibration = read as Calibration;
  }
  const match = parseHeader(value.match);
  if (!match.ok) return err(`field "match": ${match.error}`);
  return ok({ 'carrom-trace': 1, table: value.table, beamGapMm: gap, stripMm: strip, calibration, match: match.value });
}

const BEAM = /^p([0-3])\.([abc])$/;
const STRIP = /^s([0-3])$/;

/** Checks one reading; `t` must not go below `lastT`. */
export function parseReading(value: unknown, lastT: number): Result<Reading> {
  if (!isObj(value)) return err('a reading must be a JSON object');
  const t = value.t;
  if (!finite(t) || t < 0) return err('field "t" must be a time in microseconds');
  if (t < lastT) return err(`time goes backwards (${t} after ${lastT})`);
  const ch = value.ch;
  if (typeof ch !== 'string') return err('missing field "ch"');
  const v = value.v;
  const beam = BEAM.exec(ch);
  if (beam) {
    const pocket = Number(beam[1]);
    if (beam[2] === 'c') {
      const rgb = parseRgb(v);
      return rgb ? ok({ t, kind: 'colour', pocket, rgb }) : err(`field "v" of ${ch} must be [r, g, b], each 0–1`);
    }
    if (v !== 0 && v !== 1) return err(`field "v" of ${ch} must be 0 (blocked) or 1 (clear)`);
    return ok({ t, kind: 'beam', pocket, beam: beam[2] === 'a' ? 0 : 1, blocked: v === 0 });
  }
  const strip = STRIP.exec(ch);
  if (strip) {
    if (v !== null && (!finite(v) || v < 0)) return err(`field "v" of ${ch} must be a position in mm or null`);
    return ok({ t, kind: 'strip', seat: Number(strip[1]), mm: v as number | null });
  }
  if (ch === 'call') {
    const call = parseCall(v);
    return call.ok ? ok({ t, kind: 'call', call: call.value }) : err(call.error);
  }
  return err(`unknown channel "${ch}"`);
}

function parseCall(v: unknown): Result<TraceCall> {
  if (!isObj(v)) return err('field "v" of call must be an object {"call": ...}');
  if (v.call === 'undo') return ok({ call: 'undo' });
  if (v.call === 'identify') {
    const ev = parseEvent({ ...v, e: 'identify', t: 0 }, 0);
    if (!ev.ok) return err(`call identify: ${ev.error}`);
    const e = ev.value as { piece: 'white'; pocket?: number };
    return ok(e.pocket === undefined ? { call: 'identify', piece: e.piece } : { call: 'identify', piece: e.piece, pocket: e.pocket });
  }
  const ev = parseEvent({ ...v, e: 'call', t: 0 }, 0);
  if (!ev.ok) return err(`call: ${ev.error}`);
  const { e: _e, t: _t, ...call } = ev.value as Obj;
  return ok(call as TraceCall);
}

export interface Trace {
  header: TraceHeader;
  readings: Reading[];
}

/** Parses a whole trace. Blank lines are skipped. */
export function parseTrace(text: string): Result<Trace, LineError> {
  const p = parseJsonLines(text, 'trace', parseTraceHeader, parseReading);
  if (!p.ok) return p;
  return ok({ header: p.value.header, readings: p.value.records.map((r) => r.event) });
}

/** One reading as a trace line. */
export function formatReading(r: Reading): string {
  switch (r.kind) {
    case 'beam':
      return `{"t":${r.t},"ch":"p${r.pocket}.${r.beam === 0 ? 'a' : 'b'}","v":${r.blocked ? 0 : 1}}`;
    case 'colour':
      return `{"t":${r.t},"ch":"p${r.pocket}.c","v":[${r.rgb.map((x) => Math.round(x * 1000) / 1000).join(',')}]}`;
    case 'strip':
      return `{"t":${r.t},"ch":"s${r.seat}","v":${r.mm === null ? 'null' : Math.round(r.mm * 10) / 10}}`;
    case 'call':
      return JSON.stringify({ t: r.t, ch: 'call', v: r.call });
  }
}

/** A whole trace: the header line, then one line per reading, each ended by a newline. */
export function formatTrace(header: TraceHeader, readings: readonly Reading[]): string {
  let out = `${formatTraceHeader(header)}\n`;
  for (const r of readings) out += `${formatReading(r)}\n`;
  return out;
}

export function formatTraceHeader(h: TraceHeader): string {
  const { match } = h;
  const m = { carrom: 1, rules: match.rules, mode: match.mode, players: match.players, breaker: match.breaker, options: match.options };
  return JSON.stringify({ 'carrom-trace': 1, table: h.table, beamGapMm: h.beamGapMm, stripMm: h.stripMm, calibration: h.calibration ?? undefined, match: m });
}
