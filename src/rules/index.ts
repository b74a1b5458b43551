// The rules engine: presets, the match log, and the fold that turns one into a state.
export * from './types.ts';
export { PARAMS, PARAM_NAMES, checkParam, withOptions, type Params, type ParamName } from './params.ts';
export { PRESETS, PRESET_IDS, presetNamed, type Preset } from './presets.ts';
export { named } from './named.ts';
export { parseLog, parseHeader, parseEvent, formatEvent, formatHeader, formatLog, type MatchLog, type LogError } from './log.ts';
export { start, step } from './engine.ts';
export { replay, foldEvents, effectiveEvents } from './replay.ts';
export { publicState, type PublicState, type State } from './state.ts';
export { formatJson } from './json.ts';
