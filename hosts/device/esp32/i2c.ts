// One device on the I²C bus. @moddable/typings 5.6 leaves out close(), which the SDK's I2C has
// (modules/io/i2c/esp32/_i2c.c: _xs_i2c_close), and the typings' class cannot be merged with.
import I2C from 'embedded:io/i2c';

/** The board's bus; `port` is the ESP32's I²C controller, which the sampler driver must share (board.json i2c.port). */
export interface Bus { data: number; clock: number; hz: number; port?: number }
export type I2CDevice = I2C & { close(): void };

export function openI2C(bus: Bus, address: number): I2CDevice {
  return new I2C({ ...bus, address }) as I2CDevice;
}
