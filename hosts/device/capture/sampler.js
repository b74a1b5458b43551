// The JavaScript side of sampler.c: new Sampler({i2c: {data, clock, hz, port}, colour?: {switch, sensor,
// integrationUs}, strips: [addresses in seat order], stripEveryUs, onReadable(count)}); read(buffer)
// copies whole samples, 16 bytes each (sampler.h: samplerTake; decoded by hosts/device/esp32/samples.ts);
// covered: every sample stamped before it (µs) is in the ring (sampler.h: samplerCovered).
export default class Sampler @ "xs_sampler_destructor" {
	constructor(options) @ "xs_sampler";
	close() @ "xs_sampler_close";
	read(buffer) @ "xs_sampler_read";
	get lost() @ "xs_sampler_get_lost";
	get refused() @ "xs_sampler_get_refused";
	get covered() @ "xs_sampler_get_covered";
}
