/*
 * Beam capture for the carrom table: every edge of the eight pocket beams, timestamped in the ISR.
 *
 * Why not embedded:io/digital: its ISR only ORs the pin into a mask and posts one message until the
 * JavaScript callback runs, so edges that come before then merge into one callback, and it takes no
 * timestamp (modules/io/digital/esp32/digitalbank.c). A 2 ms pulse and a 0.5 ms gap (hardware.md)
 * would be lost. Here each edge goes into a ring buffer (edges.h) with esp_timer_get_time(), and
 * JavaScript reads the edges in batches, with 64-bit times.
 *
 * The object's life follows digitalbank.c: the callback is kept from the garbage collector by the
 * host hooks' marker, the pins are reserved while open, and a message posted from the ISR holds a use
 * of the record, so closing while one is pending frees the record only once that message has come.
 */

#include "xsmc.h"
#include "xsHost.h"
#include "mc.xs.h"
#include "builtinCommon.h"
#include "driver/gpio.h"
#include "esp_timer.h"

#define EDGES_ISR IRAM_ATTR
#include "edges.h"
#include "trigger.h"

#define kChannels 8
#define kNoPin 0xFF /* a channel without a beam: the lower beams of a one-beam table */

struct Capture;
typedef struct {
	struct Capture *capture;
	uint8_t channel;
} Beam;

typedef struct Capture {
	xsMachine *the;
	xsSlot obj;
	xsSlot *onReadable;
	uint8_t pins[kChannels];
	uint8_t open; /* ISR handlers added and pins reserved */
	Beam beams[kChannels];
	EdgeRing edges;
} Capture;

static void captureDeliver(void *the, void *refcon, uint8_t *message, uint16_t messageLength);
static void xs_capture_mark(xsMachine *the, void *it, xsMarkRoot markRoot);
void xs_capture_destructor(void *data);

static const xsHostHooks ICACHE_RODATA_ATTR xsCaptureHooks = {
	xs_capture_destructor,
	xs_capture_mark,
	"capture"
};

static void IRAM_ATTR captureISR(void *arg)
{
	Beam *beam = arg;
	Capture *c = beam->capture;
	edgeRingPut(&c->edges, (uint32_t)esp_timer_get_time(), beam->channel, gpio_get_level(c->pins[beam->channel]));
	if (!(beam->channel & 1) && !gpio_get_level(c->pins[beam->channel])) samplerTriggerFromISR(beam->channel >> 1, (uint32_t)esp_timer_get_time()); /* a piece in the throat: sample its colour (sampler.c) */
	if (edgeRingShouldPost(&c->edges))
		modMessagePostToMachineFromISR(c->the, captureDeliver, c);
}

static void captureStop(Capture *c)
{
	if (!c->open) return;
	c->open = 0;
	for (int i = 0; i < kChannels; i++) {
		if (c->pins[i] == kNoPin) continue;
		gpio_isr_handler_remove(c->pins[i]);
		gpio_reset_pin(c->pins[i]);
		builtinFreePin(c->pins[i]);
	}
}

void xs_capture_destructor(void *data)
{
	Capture *c = data;
	if (!c) return;
	captureStop(c);
	if (edgeRingRelease(&c->edges))
		c_free(c);
}

static void xs_capture_mark(xsMachine *the, void *it, xsMarkRoot markRoot)
{
	Capture *c = it;
	(*markRoot)(the, c->onReadable);
}

/* new Capture({pins: [8 GPIO numbers, -1 for a channel without a beam], onReadable(count)}) */
void xs_capture(xsMachine *the)
{
	uint8_t pins[kChannels];
	xsmcVars(1);
	xsmcGet(xsVar(0), xsArg(0), xsID_pins);
	for (int i = 0; i < kChannels; i++) {
		xsmcGetIndex(xsResult, xsVar(0), i);
		int pin = xsmcToInteger(xsResult);
		if (pin < 0) {
			pins[i] = kNoPin;
			continue;
		}
		if (pin >= GPIO_NUM_MAX || !GPIO_IS_VALID_GPIO(pin))
			xsRangeError("invalid pin");
		if (!builtinIsPinFree(pin))
			xsUnknownError("in use");
		for (int j = 0; j < i; j++)
			if (pins[j] == pin)
				xsRangeError("pin given twice");
		pins[i] = (uint8_t)pin;
	}
	xsSlot *onReadable = builtinGetCallback(the, xsID_onReadable);
	if (!onReadable)
		xsUnknownError("onReadable required");

	Capture *c = c_calloc(1, sizeof(Capture));
	if (!c)
		xsUnknownError("no memory");
	edgeRingInit(&c->edges);
	c->the = the;
	c->obj = xsThis;
	c->onReadable = onReadable;
	xsmcSetHostData(xsThis, c);
	xsSetHostHooks(xsThis, &xsCaptureHooks);
	xsRemember(c->obj);

	gpio_install_isr_service(0); /* already installed by another driver: fine */
	for (int i = 0; i < kChannels; i++) {
		c->pins[i] = pins[i];
		c->beams[i].capture = c;
		c->beams[i].channel = (uint8_t)i;
		if (pins[i] == kNoPin) continue;
		builtinUsePin(pins[i]);
		gpio_reset_pin(pins[i]);
		gpio_set_direction(pins[i], GPIO_MODE_INPUT);
		gpio_set_intr_type(pins[i], GPIO_INTR_ANYEDGE);
		gpio_isr_handler_add(pins[i], captureISR, &c->beams[i]);
		gpio_intr_enable(pins[i]);
	}
	c->open = 1;
}

void xs_capture_close(xsMachine *the)
{
	Capture *c = xsmcGetHostData(xsThis);
	if (!c || !xsmcGetHostDataValidate(xsThis, (void *)&xsCaptureHooks)) return;
	xsForget(c->obj);
	xs_capture_destructor(c);
	xsmcSetHostData(xsThis, NULL);
	xsmcSetHostDestructor(xsThis, NULL);
}

static uint64_t captureNow(void *refcon)
{
	return (uint64_t)esp_timer_get_time();
}

/* read(buffer): copies whole edges into an ArrayBuffer (kEdgeBytes each), returns how many */
void xs_capture_read(xsMachine *the)
{
	Capture *c = xsmcGetHostDataValidate(xsThis, (void *)&xsCaptureHooks);
	void *data;
	xsUnsignedValue size;
	xsmcGetBufferWritable(xsArg(0), &data, &size);
	xsmcSetInteger(xsResult, edgeRingTake(&c->edges, captureNow, NULL, data, size / kEdgeBytes));
}

void xs_capture_get_lost(xsMachine *the)
{
	Capture *c = xsmcGetHostDataValidate(xsThis, (void *)&xsCaptureHooks);
	xsmcSetInteger(xsResult, c->edges.lost);
}

static void captureDeliver(void *the, void *refcon, uint8_t *message, uint16_t messageLength)
{
	Capture *c = refcon;
	if (edgeRingRelease(&c->edges)) { /* closed while this message was on its way */
		c_free(c);
		return;
	}
	edgeRingDelivered(&c->edges);
	xsBeginHost(c->the);
		xsmcSetInteger(xsResult, edgeRingCount(&c->edges));
		xsCallFunction1(xsReference(c->onReadable), c->obj, xsResult);
	xsEndHost(c->the);
}
