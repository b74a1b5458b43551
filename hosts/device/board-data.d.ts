// The board's data as a module: boards/<board>/board.json, mapped to "carrom/board" by the board's
// manifest and imported by the boards' host provider (boards/provider.js).
declare module 'carrom/board' {
  const board: import('../../boards/types.ts').BoardData;
  export default board;
}

// The host provider of every board, mapped to "carrom/provider" by the app's manifest and handed on by
// each board folder's host/provider.js (where the Moddable build looks for it).
declare module 'carrom/provider' {
  const device: typeof import('../../boards/provider.js').default;
  export default device;
}
