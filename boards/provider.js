// @ts-check
// The host provider of every board (docs/hardware.md): apps reach it as `device`
// (embedded:provider/builtin); pins are never literals in app code. The pins, I²C addresses and table
// layout are not written here but in the board's board.json (the module "carrom/board", mapped by the
// board folder's manifest.json), which tools/docs/wiring.ts also reads to print the installer's wiring table.
//
// One file for all boards: the Moddable build takes embedded:provider/builtin from the board folder
// ($(SUBPLATFORMDIRECTORY)/host/provider, in the SDK's modules/io manifests), so each board folder has a
// host/provider.js that only hands this module on ("carrom/provider", mapped by the app's manifest.json).

import Digital from "embedded:io/digital";
import I2C from "embedded:io/i2c";
import board from "carrom/board";

const device = {
  I2C: {
    // port: the I²C controller, given so that embedded:io/i2c and the sampler driver share one (sampler.c).
    default: { io: I2C, data: board.i2c.data, clock: board.i2c.clock, hz: board.i2c.hz, port: board.i2c.port },
  },
  io: { Digital, I2C },
  pin: board.pin,
  address: board.address,
  table: board.table,
};

export default device;
