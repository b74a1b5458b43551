/*
 * The I²C sampler for the carrom table: the pockets' colour sensors read while the piece is in the
 * throat, the strips read every 5 ms, each reading stamped with the time it describes. The logic is
 * in sampler.h (tested on the host); this file is the ESP32 glue: a FreeRTOS task of its own, woken
 * by the capture interrupt (trigger.h, at a pocket beam's edges) and by an esp_timer, ESP-IDF's I²C master driver, and the
 * messages to JavaScript.
 *
 * Sharing the bus with embedded:io/i2c (modules/io/i2c/esp32/_i2c.c, Moddable SDK 8.2.3, which uses
 * ESP-IDF's driver/i2c_master.h):
 * - The SDK makes one i2c_master bus per port and pins when its first device opens
 *   (i2c_new_master_bus), finding it again only in its own list of devices, and deletes it when its
 *   last device on that bus closes. So this sampler never makes the bus: it takes the SDK's with
 *   i2c_master_get_bus_handle(port) and refuses to start when there is none (JavaScript opens a device
 *   first), and board.ts keeps one embedded:io/i2c device open for as long as the sampler is (were the
 *   sampler to make the bus, the SDK's next device would fail to make its own on the same port; were
 *   the SDK to delete it, our devices would point at freed memory). Both give the port explicitly
 *   (board.json i2c.port) so that they meet on one.
 * - Transfers from two tasks are safe: every i2c_master transmit/receive takes the bus's own lock
 *   (bus_lock_mux in the driver's s_i2c_synchronous_transaction) for the whole transaction, so a
 *   display page written by JavaScript and a sample from this task follow one another, never mix. The
 *   SDK's gI2CMutex (held around each of its transfers, for the legacy pins/i2c module) is static and
 *   not ours to take; the driver's lock is what serialises. A sample waits for the transfer in progress
 *   (at most one 128-byte display page, about 2.9 ms at 400 kHz) and its stamp says when it was taken.
 * - Each device carries its own clock rate (scl_speed_hz), set by the driver at each transaction: the
 *   SDK's reconfiguration per address/hz is per device handle, so ours (the board's hz) do not disturb it.
 * - The legacy pins/i2c module, if a build ever included it, tears every ECMA-419 bus down
 *   (i2cActivate(NULL) in _i2c.c); this firmware does not use it, and must not.
 *
 * Life: one Sampler at a time (the interrupt finds it through one pointer). A message posted to
 * JavaScript holds a use of the record, as in capture.c; close() stops the task and waits for it.
 */

#include "xsmc.h"
#include "xsHost.h"
#include "mc.xs.h"
#include "builtinCommon.h"
#include "driver/gpio.h"
#include "driver/i2c_master.h"
#include "esp_timer.h"
#include "freertos/FreeRTOS.h"
#include "freertos/task.h"
#include "freertos/semphr.h"

#define SAMPLER_ISR IRAM_ATTR
#include "sampler.h"
#include "trigger.h"

#define kTimeoutMs 20      /* a transfer (or the wait for the bus) longer than this: the device does not answer */
#define kTaskPriority 10   /* above the XS task (4, main.c), below esp_timer (22) and Wi-Fi (23) */
#define kTaskStack 3072
#define kDevices (2 + kSeats)

typedef struct SamplerRecord {
	xsMachine *the;
	xsSlot obj;
	xsSlot *onReadable;
	TaskHandle_t task;
	esp_timer_handle_t timer;
	SemaphoreHandle_t stopped;
	volatile uint8_t stopping;
	i2c_master_bus_handle_t bus;
	uint8_t addresses[kDevices];
	i2c_master_dev_handle_t devices[kDevices];
	uint8_t deviceCount;
	Sampler s;
} SamplerRecord;

static SamplerRecord *volatile gSampler; /* the open one, for the interrupt */

static void samplerDeliver(void *the, void *refcon, uint8_t *message, uint16_t messageLength);
void xs_sampler_destructor(void *data);
static void xs_sampler_mark(xsMachine *the, void *it, xsMarkRoot markRoot);

static const xsHostHooks ICACHE_RODATA_ATTR xsSamplerHooks = {
	xs_sampler_destructor,
	xs_sampler_mark,
	"sampler"
};

void IRAM_ATTR samplerEdgeFromISR(uint8_t pocket, uint8_t beam, uint8_t level, uint32_t t)
{
	SamplerRecord *r = gSampler;
	if (!r) return;
	if (!samplerEdge(&r->s, pocket, beam, level, t)) return; /* a clear edge, ringing: nothing to wake for */
	BaseType_t woken = pdFALSE;
	vTaskNotifyGiveFromISR(r->task, &woken);
	if (woken) portYIELD_FROM_ISR();
}

static i2c_master_dev_handle_t samplerDevice(SamplerRecord *r, uint8_t address)
{
	for (int i = 0; i < r->deviceCount; i++)
		if (r->addresses[i] == address) return r->devices[i];
	return NULL;
}

static int samplerBusWrite(void *refcon, uint8_t address, const uint8_t *bytes, uint32_t count)
{
	i2c_master_dev_handle_t d = samplerDevice(refcon, address);
	return !d || ESP_OK != i2c_master_transmit(d, bytes, count, kTimeoutMs);
}

static int samplerBusRead(void *refcon, uint8_t address, uint8_t *bytes, uint32_t count)
{
	i2c_master_dev_handle_t d = samplerDevice(refcon, address);
	return !d || ESP_OK != i2c_master_receive(d, bytes, count, kTimeoutMs);
}

static uint64_t samplerBusNow(void *refcon)
{
	(void)refcon;
	return (uint64_t)esp_timer_get_time();
}

/* The esp_timer, on its own task: wakes the sampler's task, unless it is stopping (samplerStop). */
static void samplerWake(void *arg)
{
	SamplerRecord *r = arg;
	if (!r->stopping)
		xTaskNotifyGive(r->task);
}

/*
 * A message to JavaScript when samples wait and none is pending. xsHost.c's modMessagePostToMachine
 * waits MODDEF_TASK_QUEUEWAIT for room in a full queue (unless set: forever, 20 ticks in a debug
 * build), which would hold up the next colour sample; the
 * FromISR post never waits (xQueueSendToBackFromISR), and ESP-IDF's FreeRTOS takes the queue's lock
 * the same way from a task. A refused post is counted and made again at the next step (≤ 5 ms).
 */
static void samplerPost(SamplerRecord *r)
{
	if (samplerShouldPost(&r->s) && modMessagePostToMachineFromISR(r->the, samplerDeliver, r))
		samplerRefused(&r->s);
}

static void samplerTask(void *arg)
{
	SamplerRecord *r = arg;
	samplerStart(&r->s);
	while (!r->stopping) {
		uint64_t next = samplerStep(&r->s);
		samplerPost(r);
		int64_t wait = (int64_t)next - esp_timer_get_time();
		if (wait <= 0) continue;
		esp_timer_stop(r->timer); /* not running: fine */
		esp_timer_start_once(r->timer, (uint64_t)wait);
		ulTaskNotifyTake(pdTRUE, portMAX_DELAY); /* the timer, a trigger, or close() */
	}
	xSemaphoreGive(r->stopped);
	vTaskDelete(NULL);
}

static int samplerAddDevice(SamplerRecord *r, uint8_t address, uint32_t hz)
{
	if (samplerDevice(r, address)) return 1;
	i2c_device_config_t config = {
		.dev_addr_length = I2C_ADDR_BIT_LEN_7,
		.device_address = address,
		.scl_speed_hz = hz,
	};
	if (ESP_OK != i2c_master_bus_add_device(r->bus, &config, &r->devices[r->deviceCount])) return 0;
	r->addresses[r->deviceCount++] = address;
	return 1;
}

static void samplerStop(SamplerRecord *r)
{
	if (gSampler == r) {
		gSampler = NULL;
		vTaskDelay(1); /* an interrupt that found it before runs for microseconds: let it finish */
	}
	if (r->task) {
		r->stopping = 1; /* from now on the timer's callback wakes nobody */
		xTaskNotifyGive(r->task);
		xSemaphoreTake(r->stopped, portMAX_DELAY);
	}
	if (r->timer) {
		/* The task left its timer armed (the next strip poll). A callback already dispatched may still
		 * be running on the esp_timer task (esp_timer_stop does not wait for it) with r->task: r->task
		 * stays set, and r allocated, until it has had a tick to finish (it takes microseconds).
		 * Clearing r->task first would let it notify NULL, which FreeRTOS asserts on. */
		esp_timer_stop(r->timer);
		vTaskDelay(1);
		esp_timer_delete(r->timer);
		r->timer = NULL;
	}
	r->task = NULL;
	if (r->stopped) {
		vSemaphoreDelete(r->stopped);
		r->stopped = NULL;
	}
	for (int i = 0; i < r->deviceCount; i++)
		i2c_master_bus_rm_device(r->devices[i]);
	r->deviceCount = 0;
}

void xs_sampler_destructor(void *data)
{
	SamplerRecord *r = data;
	if (!r) return;
	samplerStop(r);
	if (samplerRelease(&r->s))
		c_free(r);
}

static void xs_sampler_mark(xsMachine *the, void *it, xsMarkRoot markRoot)
{
	SamplerRecord *r = it;
	(*markRoot)(the, r->onReadable);
}

static int samplerInteger(xsMachine *the, xsSlot *object, xsIdentifier id, const char *name, int lo, int hi)
{
	if (!xsmcHas(*object, id))
		xsRangeError("%s required", name);
	xsmcGet(xsResult, *object, id);
	int v = xsmcToInteger(xsResult);
	if (v < lo || v > hi)
		xsRangeError("invalid %s", name);
	return v;
}

/*
 * new Sampler({i2c: {data, clock, hz, port}, colour?: {switch, sensor, integrationUs},
 *   strips: [addresses in seat order], stripEveryUs, onReadable(count)})
 */
void xs_sampler(xsMachine *the)
{
	uint8_t strips[kSeats];
	xsmcVars(3);
	if (gSampler)
		xsUnknownError("in use");
	xsmcGet(xsVar(0), xsArg(0), xsID_i2c);
	samplerInteger(the, &xsVar(0), xsID_data, "i2c.data", 0, GPIO_NUM_MAX - 1);
	samplerInteger(the, &xsVar(0), xsID_clock, "i2c.clock", 0, GPIO_NUM_MAX - 1);
	int hz = samplerInteger(the, &xsVar(0), xsID_hz, "i2c.hz", 10000, 1000000);
	int port = xsmcHas(xsVar(0), xsID_port) ? samplerInteger(the, &xsVar(0), xsID_port, "i2c.port", 0, I2C_NUM_MAX - 1) : 0;

	int switchAddress = 0, sensorAddress = 0, integrationUs = kTcsCycleUs;
	if (xsmcHas(xsArg(0), xsID_colour)) {
		xsmcGet(xsVar(1), xsArg(0), xsID_colour);
		if (xsmcTest(xsVar(1))) {
			switchAddress = samplerInteger(the, &xsVar(1), xsID_switch, "colour.switch", 0x70, 0x77);
			sensorAddress = samplerInteger(the, &xsVar(1), xsID_sensor, "colour.sensor", 0x08, 0x77);
			integrationUs = samplerInteger(the, &xsVar(1), xsID_integrationUs, "colour.integrationUs", kTcsCycleUs, 256 * kTcsCycleUs);
		}
	}

	xsmcGet(xsVar(2), xsArg(0), xsID_strips);
	xsmcGet(xsResult, xsVar(2), xsID_length);
	int stripCount = xsmcToInteger(xsResult);
	if (stripCount < 0 || stripCount > kSeats)
		xsRangeError("invalid strips");
	for (int i = 0; i < stripCount; i++) {
		xsmcGetIndex(xsResult, xsVar(2), i);
		int a = xsmcToInteger(xsResult);
		if (a < 0x08 || a > 0x77)
			xsRangeError("invalid strips[%d]", i);
		strips[i] = (uint8_t)a;
	}
	int stripEveryUs = samplerInteger(the, &xsArg(0), xsID_stripEveryUs, "stripEveryUs", 1000, 1000000);

	xsSlot *onReadable = builtinGetCallback(the, xsID_onReadable);
	if (!onReadable)
		xsUnknownError("onReadable required");

	i2c_master_bus_handle_t bus;
	if (ESP_OK != i2c_master_get_bus_handle((i2c_port_num_t)port, &bus))
		xsUnknownError("no I2C bus on port %d: open a device on it with embedded:io/i2c first", port);

	SamplerRecord *r = c_calloc(1, sizeof(SamplerRecord));
	if (!r)
		xsUnknownError("no memory");
	r->the = the;
	r->obj = xsThis;
	r->onReadable = onReadable;
	r->bus = bus;

	SamplerBus stub = {samplerBusWrite, samplerBusRead, samplerBusNow, r};
	samplerInit(&r->s, &stub, (uint8_t)switchAddress, (uint8_t)sensorAddress, (uint32_t)integrationUs, strips, (uint8_t)stripCount, (uint32_t)stripEveryUs);

	int ok = 1;
	if (switchAddress)
		ok = samplerAddDevice(r, (uint8_t)switchAddress, hz) && samplerAddDevice(r, (uint8_t)sensorAddress, hz);
	for (int i = 0; ok && i < stripCount; i++)
		ok = samplerAddDevice(r, strips[i], hz);
	r->stopped = ok ? xSemaphoreCreateBinary() : NULL;
	esp_timer_create_args_t timer = {.callback = samplerWake, .arg = r, .name = "sampler"};
	if (!r->stopped || ESP_OK != esp_timer_create(&timer, &r->timer)
		|| pdPASS != xTaskCreatePinnedToCore(samplerTask, "sampler", kTaskStack, r, kTaskPriority, &r->task, tskNO_AFFINITY)) {
		r->task = NULL;
		samplerStop(r);
		c_free(r);
		xsUnknownError("cannot start the sampler");
	}

	xsmcSetHostData(xsThis, r);
	xsSetHostHooks(xsThis, &xsSamplerHooks);
	xsRemember(r->obj);
	gSampler = r; /* from now on the capture interrupt wakes it */
}

void xs_sampler_close(xsMachine *the)
{
	SamplerRecord *r = xsmcGetHostData(xsThis);
	if (!r || !xsmcGetHostDataValidate(xsThis, (void *)&xsSamplerHooks)) return;
	xsForget(r->obj);
	xs_sampler_destructor(r);
	xsmcSetHostData(xsThis, NULL);
	xsmcSetHostDestructor(xsThis, NULL);
}

/* read(buffer): copies whole samples into an ArrayBuffer (kSampleBytes each), returns how many */
void xs_sampler_read(xsMachine *the)
{
	SamplerRecord *r = xsmcGetHostDataValidate(xsThis, (void *)&xsSamplerHooks);
	void *data;
	xsUnsignedValue size;
	xsmcGetBufferWritable(xsArg(0), &data, &size);
	xsmcSetInteger(xsResult, samplerTake(&r->s, data, size / kSampleBytes));
}

void xs_sampler_get_lost(xsMachine *the)
{
	SamplerRecord *r = xsmcGetHostDataValidate(xsThis, (void *)&xsSamplerHooks);
	xsmcSetInteger(xsResult, r->s.lost);
}

/* covered: every sample stamped before this time (µs, as Time.microseconds) is in the ring (samplerCovered) */
void xs_sampler_get_covered(xsMachine *the)
{
	SamplerRecord *r = xsmcGetHostDataValidate(xsThis, (void *)&xsSamplerHooks);
	xsmcSetNumber(xsResult, (double)samplerCovered(&r->s, (uint64_t)esp_timer_get_time()));
}

void xs_sampler_get_refused(xsMachine *the)
{
	SamplerRecord *r = xsmcGetHostDataValidate(xsThis, (void *)&xsSamplerHooks);
	xsmcSetInteger(xsResult, r->s.refused);
}

static void samplerDeliver(void *the, void *refcon, uint8_t *message, uint16_t messageLength)
{
	(void)the, (void)message, (void)messageLength; /* a message without a body: the ring holds the samples */
	SamplerRecord *r = refcon;
	if (samplerRelease(&r->s)) { /* closed while this message was on its way */
		c_free(r);
		return;
	}
	samplerDelivered(&r->s);
	xsBeginHost(r->the);
		xsmcSetInteger(xsResult, samplerCount(&r->s));
		xsCallFunction1(xsReference(r->onReadable), r->obj, xsResult);
	xsEndHost(r->the);
}
