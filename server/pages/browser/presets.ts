// The rules presets as the pages need them (server/pages/presets.ts), put into the bundle by tools/build.ts.
import type { PagesPresets } from '../presets.ts';

declare const CARROM_PRESETS: PagesPresets;

export const PRESETS: PagesPresets = CARROM_PRESETS;
