// What the pages' script needs of the rules presets: their ids (the creation form's choice) and what a
// score sheet prints of each (its name, how many boards and games a match takes). tools/build.ts puts
// PAGES_PRESETS into the bundle as the constant CARROM_PRESETS (esbuild's define), so that the browser gets
// these few fields, not the presets' sources and notes (some 17 KB); server/pages/browser/presets.ts reads it.
import { PRESETS, PRESET_IDS } from '../../src/rules/presets.ts';

export interface SheetRules {
  title: string;
  matchTarget: number | null;
  maxBoards: number | null;
  gamesPerMatch: number;
  tieBreak: string;
}

export interface PagesPresets {
  ids: readonly string[];
  /** By preset id. */
  sheets: Readonly<Record<string, SheetRules>>;
}

export const PAGES_PRESETS: PagesPresets = {
  ids: PRESET_IDS,
  sheets: Object.fromEntries(Object.values(PRESETS).map((p) => [p.id, { title: p.title, matchTarget: p.params.matchTarget, maxBoards: p.params.maxBoards, gamesPerMatch: p.params.gamesPerMatch, tieBreak: p.params.tieBreak }])),
};

/** The files PAGES_PRESETS is made from: the bundle is older than its sources when one of them changed. */
export const PAGES_PRESETS_SOURCES: readonly string[] = ['server/pages/presets.ts', 'src/rules/presets.ts'];
