// The board's data as a module: boards/<board>/board.json, mapped to "carrom/board" by the board's
// manifest and imported by its host provider (boards/*/host/provider.js).
declare module 'carrom/board' {
  const board: import('../../boards/types.ts').BoardData;
  export default board;
}
