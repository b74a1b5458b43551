/*
 * Beam capture for the carrom table: every edge of the eight pocket beams, timestamped in the ISR.
 *
 * Why not embedded:io/digital: its ISR only ORs the pin into a mask and posts one message until the
 * JavaScript callback runs, so edges that come before then merge into one callback, and it takes no
 * timestamp (the SDK's modules/io/digital/esp32/digitalbank.c). A 2 ms pulse and a 0.5 ms gap
 * (docs/hardware.md) would be lost. Here each edge goes into a ring buffer with esp_timer_get_time(), and
 * JavaScript reads the edges in batches.
 */

#include "xsmc.h"
#include "xsHost.h"
#include "mc.xs.h"
#include "driver/gpio.h"
#include "esp_timer.h"

#define kNoPin 0xFF /* a channel without a beam: the lower beams of a one-beam table */
#define kEdges 512 /* power of two: 512 edges is seconds of the noisiest beam */

typedef struct {
	uint32_t t;      /* µs, low 32 bits of esp_timer_get_time() (wraps every 71 minutes; JS unwraps) */
	uint8_t channel; /* 0..7: pocket * 2 + beam */
	uint8_t level;   /* 1 clear, 0 blocked */
	uint16_t pad;
} Edge;

typedef struct {
	xsMachine *the;
	xsSlot obj;
	uint8_t pins[8];
	volatile uint32_t head, tail;
	volatile uint8_t posted;
	volatile uint32_t lost;
	Edge ring[kEdges];
} Capture;

static Capture *gCapture;

static void captureDeliver(void *the, void *refcon, uint8_t *message, uint16_t messageLength);

static void IRAM_ATTR captureISR(void *arg)
{
	Capture *c = gCapture;
	uint32_t channel = (uint32_t)arg;
	uint32_t head = c->head;
	if (((head + 1) & (kEdges - 1)) == (c->tail & (kEdges - 1))) {
		c->lost++;
	}
	else {
		Edge *e = &c->ring[head & (kEdges - 1)];
		e->t = (uint32_t)esp_timer_get_time();
		e->channel = (uint8_t)channel;
		e->level = gpio_get_level(c->pins[channel]);
		c->head = head + 1;
	}
	if (!c->posted) {
		c->posted = 1;
		modMessagePostToMachineFromISR(c->the, captureDeliver, c);
	}
}

void xs_capture_destructor(void *data)
{
	Capture *c = data;
	if (!c) return;
	for (int i = 0; i < 8; i++)
		if (c->pins[i] != kNoPin) gpio_isr_handler_remove(c->pins[i]);
	gCapture = NULL;
	c_free(c);
}

/* new Capture({pins: [8 GPIO numbers, -1 for a channel without a beam], onReadable}) */
void xs_capture(xsMachine *the)
{
	if (gCapture)
		xsUnknownError("capture in use");
	Capture *c = c_calloc(1, sizeof(Capture));
	if (!c)
		xsUnknownError("no memory");
	c->the = the;
	c->obj = xsThis;
	xsmcVars(1);
	xsmcGet(xsVar(0), xsArg(0), xsID_pins);
	for (int i = 0; i < 8; i++) {
		xsmcGetIndex(xsResult, xsVar(0), i);
		int pin = xsmcToInteger(xsResult);
		c->pins[i] = (pin < 0) ? kNoPin : (uint8_t)pin;
	}
	xsmcSetHostData(xsThis, c);
	gCapture = c;
	gpio_install_isr_service(0);
	for (int i = 0; i < 8; i++) {
		if (c->pins[i] == kNoPin) continue;
		gpio_reset_pin(c->pins[i]);
		gpio_set_direction(c->pins[i], GPIO_MODE_INPUT);
		gpio_set_intr_type(c->pins[i], GPIO_INTR_ANYEDGE);
		gpio_isr_handler_add(c->pins[i], captureISR, (void *)i);
	}
	xsRemember(c->obj);
}

void xs_capture_close(xsMachine *the)
{
	Capture *c = xsmcGetHostData(xsThis);
	if (!c) return;
	xsForget(c->obj);
	xs_capture_destructor(c);
	xsmcSetHostData(xsThis, NULL);
}

/* read(buffer): copies whole edges into an ArrayBuffer (8 bytes each), returns how many */
void xs_capture_read(xsMachine *the)
{
	Capture *c = xsmcGetHostData(xsThis);
	void *data;
	xsUnsignedValue size;
	xsmcGetBufferWritable(xsArg(0), &data, &size);
	uint32_t n = 0, max = size / sizeof(Edge);
	while (n < max && c->tail != c->head) {
		c_memcpy((uint8_t *)data + n * sizeof(Edge), &c->ring[c->tail & (kEdges - 1)], sizeof(Edge));
		c->tail++;
		n++;
	}
	xsmcSetInteger(xsResult, n);
}

void xs_capture_get_lost(xsMachine *the)
{
	Capture *c = xsmcGetHostData(xsThis);
	xsmcSetInteger(xsResult, c ? c->lost : 0);
}

static void captureDeliver(void *the, void *refcon, uint8_t *message, uint16_t messageLength)
{
	Capture *c = refcon;
	c->posted = 0;
	xsBeginHost(the);
	xsCall0(c->obj, xsID_onReadable);
	xsEndHost(the);
}
