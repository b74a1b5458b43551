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
 *
 * Never deaf (edges.h): a post the queue refuses is undone, counted and posted again by the next edge
 * or by the re-read tick, an esp_timer every kRereadPeriodUs that also re-reads the levels of quiet
 * pins and corrects those whose last edge was lost. The tick runs on the esp_timer task, not in an
 * interrupt: it posts with modMessagePostToMachineFromISR all the same, because that one never waits
 * (xQueueSendToBackFromISR; -1 when the queue is full in the SDK 8.2.3's xsHost.c), while
 * modMessagePostToMachine waits MODDEF_TASK_QUEUEWAIT (unless set: forever, 20 ticks in a debug build) for a slot and would
 * stall the esp_timer task, and every esp_timer of the system with it, while JavaScript is busy. A FromISR
 * queue call from a task neither blocks nor yields; on ESP-IDF its critical section is the same spinlock
 * in both contexts (esp-idf issue 498). Read from the sources, not yet run on an ESP32.
 * The ISR and the tick both write the ring, one at a time under a spinlock (portMUX), which also keeps
 * a tick from reading a pin between an edge and its interrupt's record on the other core.
 *
 * Never held off by flash: the GPIO interrupt service is installed with ESP_INTR_FLAG_IRAM, so the ISR
 * runs while flash is written (a littlefs erase disables the cache for ~45 ms; an interrupt not in IRAM
 * waits for it, and a 0.5 ms flicker whose clear edge came meanwhile became a 45 ms pulse: a piece that
 * never was, docs/device-model.md). With the cache off, code and constants in flash must not be touched,
 * so everything the ISR runs is in IRAM and everything it reads in DRAM: the level from the GPIO input
 * registers (captureLevel, always inlined; gpio_get_level is in flash), the time (esp_timer_get_time, IRAM),
 * the ring (edges.h, EDGES_ISR), the record (internal RAM), the sampler's trigger (IRAM, FreeRTOS's
 * FromISR calls). The one call into flash, the message to JavaScript (xsHost.c's
 * modMessagePostToMachineFromISR), is made only while the cache is on (spi_flash_cache_enabled, IRAM);
 * during a write the edge waits in the ring, and the next edge or the tick after the write posts it.
 * The service is shared by every handler on it: digitalbank.c's (embedded:io/digital with onReadable)
 * also posts through that flash function, and would crash the chip on an edge during a write. So no
 * embedded:io/digital with onReadable may be open beside the capture (board.ts polls its buttons), and
 * the capture refuses to open on a service someone else installed (its flags unknown, 0 if digitalbank's).
 */

#include "xsmc.h"
#include "xsHost.h"
#include "mc.xs.h"
#include "builtinCommon.h"
#include "driver/gpio.h"
#include "soc/gpio_struct.h"
#include "esp_heap_caps.h"
#include "esp_private/cache_utils.h"
#include "esp_timer.h"
#include "freertos/FreeRTOS.h"

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
	uint8_t open; /* ISR handlers added, pins reserved, tick running */
	Beam beams[kChannels];
	esp_timer_handle_t tick;
	portMUX_TYPE lock; /* one writer of the ring at a time: the ISR or the tick */
	struct Capture *next; /* in gOpen */
	EdgeRing edges;
} Capture;

/* The open captures, so that a tick already dispatched when its capture closed finds it gone instead
 * of touching freed memory (esp_timer_stop does not wait for a callback that has started). */
static Capture *gOpen;
static portMUX_TYPE gOpenLock = portMUX_INITIALIZER_UNLOCKED;
/* The GPIO interrupt service was installed here, with ESP_INTR_FLAG_IRAM (nobody uninstalls it). */
static uint8_t gServiceInIram;

static void captureDeliver(void *the, void *refcon, uint8_t *message, uint16_t messageLength);
static void xs_capture_mark(xsMachine *the, void *it, xsMarkRoot markRoot);
void xs_capture_destructor(void *data);

static const xsHostHooks ICACHE_RODATA_ATTR xsCaptureHooks = {
	xs_capture_destructor,
	xs_capture_mark,
	"capture"
};

/* A pin's level from the GPIO input registers (as digitalbank.c reads them), inlined into the ISR so that
 * no copy of it can land in flash. */
static inline __attribute__((always_inline)) uint8_t captureLevel(uint8_t pin)
{
	return (uint8_t)((pin < 32 ? GPIO.in >> pin : (uint32_t)GPIO.in1.data >> (pin - 32)) & 1);
}

/* edges.h's post: 0 when the queue took the message. */
static int IRAM_ATTR capturePost(void *refcon)
{
	Capture *c = refcon;
	return modMessagePostToMachineFromISR(c->the, captureDeliver, c);
}

static void IRAM_ATTR captureISR(void *arg)
{
	Beam *beam = arg;
	Capture *c = beam->capture;
	portENTER_CRITICAL_ISR(&c->lock);
	uint32_t t = (uint32_t)esp_timer_get_time(); /* inside the lock: the tick's re-read is never stamped later than an edge before it */
	uint8_t level = captureLevel(c->pins[beam->channel]);
	edgeRingPut(&c->edges, t, beam->channel, level);
	portEXIT_CRITICAL_ISR(&c->lock);
	/* The sampler follows the throat (sampler.c): an upper beam's blocked edge starts a run of colour
	 * readings, its clear edge ends it, a lower beam's blocked edge the upper beam missed starts one; with
	 * this edge's own time and level, whether or not the ring had room for it and whatever the channel's
	 * last record was (a lost clear edge must not cost the next piece its colour). Only here: the tick's
	 * corrections (kind 1) never reach it, since a level re-read 20 ms or more after a lost edge no longer
	 * says where the piece is (a run the lost clear edge left going stops at kColourRunUs). The sampler's
	 * entry is in IRAM too (SAMPLER_ISR), so it runs while flash is written. */
	samplerEdgeFromISR(beam->channel >> 1, beam->channel & 1, level, t);
	/* Outside the lock: no FreeRTOS call inside a critical section. Not while flash is written: the post
	 * is code in flash; the edge waits in the ring for the next edge or the tick (edgeRingNotify's claim
	 * is not taken, so nothing is refused or lost). */
	if (spi_flash_cache_enabled())
		edgeRingNotify(&c->edges, capturePost, c);
}

/* Every kRereadPeriodUs on the esp_timer task: quiet pins re-read, a refused message posted again. */
static void captureTick(void *arg)
{
	Capture *c = NULL;
	portENTER_CRITICAL(&gOpenLock);
	for (Capture *walker = gOpen; walker; walker = walker->next) {
		if (walker == arg) {
			c = walker;
			__atomic_add_fetch(&c->edges.uses, 1, __ATOMIC_SEQ_CST); /* held while this tick runs */
			break;
		}
	}
	portEXIT_CRITICAL(&gOpenLock);
	if (!c) return;

	portENTER_CRITICAL(&c->lock);
	uint32_t now = (uint32_t)esp_timer_get_time(); /* inside the lock: no edge of this channel can be later */
	for (int i = 0; i < kChannels; i++)
		if (c->pins[i] != kNoPin)
			edgeRingReread(&c->edges, now, (uint8_t)i, (uint8_t)gpio_get_level(c->pins[i]));
	portEXIT_CRITICAL(&c->lock);
	edgeRingNotify(&c->edges, capturePost, c);

	if (edgeRingRelease(&c->edges)) /* closed while this tick ran */
		heap_caps_free(c);
}

static void captureStop(Capture *c)
{
	if (!c->open) return;
	c->open = 0;
	portENTER_CRITICAL(&gOpenLock);
	for (Capture **p = &gOpen; *p; p = &(*p)->next) {
		if (*p == c) {
			*p = c->next;
			break;
		}
	}
	portEXIT_CRITICAL(&gOpenLock);
	if (c->tick) {
		esp_timer_stop(c->tick);
		esp_timer_delete(c->tick); /* a callback that has started finds c gone from gOpen, or holds a use */
		c->tick = NULL;
	}
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
		heap_caps_free(c);
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

	/* Once: later constructions find it installed, by us. The service is one per system, shared by every
	 * driver's handlers, and whoever installs first sets its flags; a second install only returns
	 * ESP_ERR_INVALID_STATE. Ours is ESP_INTR_FLAG_IRAM (the ISR runs while flash is written, above), and
	 * nobody uninstalls it (digitalbank.c has not since 2024: SDK 8.2.3, "not reference counted by
	 * ESP-IDF"). Installed before us (an embedded:io/digital with onReadable opened first: board.ts
	 * opens the capture before anything else), it has flags we cannot know, 0 if digitalbank's: the
	 * capture would be held off by every flash write again. Refused, as is any other failure (no
	 * interrupt free), which would leave every beam without an interrupt. */
	if (!gServiceInIram) {
		esp_err_t err = gpio_install_isr_service(ESP_INTR_FLAG_IRAM);
		if (err == ESP_ERR_INVALID_STATE)
			xsUnknownError("GPIO interrupt service installed before the capture, not in IRAM");
		if (err != ESP_OK)
			xsUnknownError("no GPIO interrupt service");
		gServiceInIram = 1;
	}

	/* Internal RAM, never PSRAM (which is behind the cache): the ISR reads it while flash is written. */
	Capture *c = heap_caps_calloc(1, sizeof(Capture), MALLOC_CAP_INTERNAL | MALLOC_CAP_8BIT);
	if (!c)
		xsUnknownError("no memory");
	edgeRingInit(&c->edges, (uint32_t)esp_timer_get_time());
	portMUX_INITIALIZE(&c->lock);
	c->the = the;
	c->obj = xsThis;
	c->onReadable = onReadable;
	xsmcSetHostData(xsThis, c);
	xsSetHostHooks(xsThis, &xsCaptureHooks);
	xsRemember(c->obj);

	for (int i = 0; i < kChannels; i++) {
		c->pins[i] = pins[i];
		c->beams[i].capture = c;
		c->beams[i].channel = (uint8_t)i;
		if (pins[i] == kNoPin) continue;
		builtinUsePin(pins[i]);
		gpio_reset_pin(pins[i]);
		gpio_set_direction(pins[i], GPIO_MODE_INPUT);
		/* The pull, said rather than left to gpio_reset_pin (which enables the pull-up where there is one):
		 * GPIO 34-39 have no pull resistors at all, so their beams need a 10 kΩ pull-up to 3.3 V on the
		 * board (docs/install.md); the others keep their internal one (about 45 kΩ) so that an
		 * open-collector receiver whose wire comes off reads clear, not noise. */
		gpio_set_pull_mode(pins[i], pins[i] >= 34 ? GPIO_FLOATING : GPIO_PULLUP_ONLY);
		gpio_set_intr_type(pins[i], GPIO_INTR_ANYEDGE);
		gpio_isr_handler_add(pins[i], captureISR, &c->beams[i]);
		gpio_intr_enable(pins[i]);
	}

	const esp_timer_create_args_t tick = {
		.callback = captureTick,
		.arg = c,
		.dispatch_method = ESP_TIMER_TASK,
		.name = "capture",
	};
	portENTER_CRITICAL(&gOpenLock);
	c->next = gOpen;
	gOpen = c;
	portEXIT_CRITICAL(&gOpenLock);
	c->open = 1;
	if (ESP_OK != esp_timer_create(&tick, &c->tick) || ESP_OK != esp_timer_start_periodic(c->tick, kRereadPeriodUs))
		xsUnknownError("no timer for the re-read"); /* the destructor stops what was started */
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
	(void)refcon;
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
	xsmcSetInteger(xsResult, edgeLoad(&c->edges.lost));
}

/* Messages the queue refused (each one posted again). */
void xs_capture_get_refused(xsMachine *the)
{
	Capture *c = xsmcGetHostDataValidate(xsThis, (void *)&xsCaptureHooks);
	xsmcSetInteger(xsResult, edgeLoad(&c->edges.refused));
}

/* Bitmask (bit = channel) of the beams whose last record says blocked. */
void xs_capture_get_blocked(xsMachine *the)
{
	Capture *c = xsmcGetHostDataValidate(xsThis, (void *)&xsCaptureHooks);
	xsmcSetInteger(xsResult, edgeRingBlocked(&c->edges));
}

static void captureDeliver(void *the, void *refcon, uint8_t *message, uint16_t messageLength)
{
	(void)the, (void)message, (void)messageLength; /* a message without a body: the ring holds the edges */
	Capture *c = refcon;
	if (edgeRingRelease(&c->edges)) { /* closed while this message was on its way */
		heap_caps_free(c);
		return;
	}
	if (!c->open) /* closed, and a tick still running holds the last use: it frees the record */
		return;
	edgeRingDelivered(&c->edges);
	xsBeginHost(c->the);
		xsmcSetInteger(xsResult, edgeRingCount(&c->edges));
		xsCallFunction1(xsReference(c->onReadable), c->obj, xsResult);
	xsEndHost(c->the);
}
