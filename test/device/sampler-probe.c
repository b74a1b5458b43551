/*
 * Drives hosts/device/capture/sampler.h for test/device/sampler.test.ts, compiled with the host's cc,
 * over a stubbed I²C bus: a TCA9548A at 0x70, a TCS34725 at 0x29 behind each of its channels 0–3,
 * strips at 0x40–0x43. Each transfer takes its bytes' time at 400 kHz on a simulated µs clock; the
 * FreeRTOS task is stood in for by a loop that runs samplerStep at the times it asks for. Reads
 * commands on stdin, one a line, and prints what happened (the test asserts on it):
 *   init INTEGRATION_US EVERY_US [nocolour]   a sampler (4 strips); sets up the sensors
 *   at T                  the task runs until the clock reaches T (µs)
 *   trigger P             the capture interrupt: pocket P's upper beam blocked now; the task wakes
 *   trigger-in-poll P     the same, but during the next strip read (the task is polling the strips)
 *   edge P BEAM LEVEL     the capture interrupt: an edge of pocket P's upper (0) or lower (1) beam, level 0
 *                         blocked, 1 clear (samplerEdge); the task wakes when it says so
 *   hold U                the next transfer waits U µs first (another transfer holds the bus)
 *   colour P R G B        what pocket P's sensor would count in one 2.4 ms cycle (scaled by cycles)
 *   strip S MM            seat S's striker position (65535: none)
 *   nack ADDR 0|1         the device at ADDR (0x29 behind channel P: "nack colourP") stops or starts answering
 *   nack-colour P 0|1     pocket P's sensor only
 *   refuse N              the next N message posts are refused (the queue is full)
 *   deliver               the reader's message arrives → "deliver"
 *   take MAX              → "take N" then "sample T KIND CH A B C" lines
 *   log                   → the transfers since the last log: "w T ADDR b0 b1 …" (T: when it ended), "r T ADDR n"
 *   stats                 → "stats LOST REFUSED POSTED COUNT"
 *   covered               → "covered T": samplerCovered now (every sample stamped before T is in the ring)
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../../hosts/device/capture/sampler.h"

#define kSwitch 0x70
#define kSensor 0x29
static const uint8_t kStrips[4] = {0x40, 0x41, 0x42, 0x43};

static Sampler s;
static uint64_t clockNow = 1000000; /* a second after boot */
static uint64_t wake;
static uint32_t holdUs;
static uint32_t refuse, posted;
static int injectPocket = -1;

typedef struct {
	uint8_t enable, atime, control, pointer, answers;
	uint64_t aenAt;
	uint16_t counts[3]; /* r, g, b per 2.4 ms cycle */
} Tcs;
static Tcs tcs[4];
static uint8_t switchMask, switchAnswers = 1;
static uint16_t stripMm[4] = {kStripNone, kStripNone, kStripNone, kStripNone};
static uint8_t stripAnswers[4] = {1, 1, 1, 1};

static char busLog[1 << 22]; /* a run of 1.5 s on four pockets logs about 1 MiB */
static size_t busLogAt;

static void logf_(const char *format, uint64_t t, uint8_t address)
{
	busLogAt += (size_t)snprintf(busLog + busLogAt, sizeof busLog - busLogAt, format, t, address);
}

/* The bus takes its time: (bytes + address) × 9 bits at 400 kHz, after whatever held it. */
static void busTime(uint32_t bytes)
{
	clockNow += holdUs;
	holdUs = 0;
	clockNow += ((bytes + 1) * 9 * 1000000ull) / 400000;
}

static Tcs *selectedTcs(void)
{
	int n = 0, which = -1;
	for (int i = 0; i < 4; i++)
		if (switchMask & (1 << i)) n++, which = i;
	return n == 1 && tcs[which].answers ? &tcs[which] : NULL; /* two at once collide on 0x29 */
}

static int stubWrite(void *refcon, uint8_t address, const uint8_t *bytes, uint32_t count)
{
	(void)refcon;
	busTime(count);
	logf_("w %" PRIu64 " 0x%02x", clockNow, address);
	for (uint32_t i = 0; i < count; i++)
		busLogAt += (size_t)snprintf(busLog + busLogAt, sizeof busLog - busLogAt, " %u", bytes[i]);
	busLogAt += (size_t)snprintf(busLog + busLogAt, sizeof busLog - busLogAt, "\n");
	if (address == kSwitch) {
		if (!switchAnswers) return 1;
		switchMask = bytes[count - 1]; /* it keeps the last byte */
		return 0;
	}
	if (address == kSensor) {
		Tcs *t = selectedTcs();
		if (!t) return 1;
		t->pointer = bytes[0] & 0x1F;
		if (count > 1) {
			if (t->pointer == kTcsEnable) {
				if ((bytes[1] & kTcsAen) && !(t->enable & kTcsAen)) t->aenAt = clockNow; /* a new integration */
				t->enable = bytes[1];
			}
			else if (t->pointer == kTcsAtime) t->atime = bytes[1];
			else if (t->pointer == kTcsControl) t->control = bytes[1];
		}
		return 0;
	}
	return 1;
}

static int stubRead(void *refcon, uint8_t address, uint8_t *bytes, uint32_t count)
{
	(void)refcon;
	busTime(count);
	logf_("r %" PRIu64 " 0x%02x", clockNow, address);
	busLogAt += (size_t)snprintf(busLog + busLogAt, sizeof busLog - busLogAt, " %u\n", count);
	for (int i = 0; i < 4; i++)
		if (address == kStrips[i]) {
			if (injectPocket >= 0) { /* the interrupt comes while this read is on the bus */
				(void)samplerEdge(&s, (uint8_t)injectPocket, 0, 0, (uint32_t)clockNow);
				injectPocket = -1;
			}
			if (!stripAnswers[i]) return 1;
			bytes[0] = (uint8_t)stripMm[i];
			if (count > 1) bytes[1] = (uint8_t)(stripMm[i] >> 8);
			return 0;
		}
	if (address != kSensor) return 1;
	Tcs *t = selectedTcs();
	if (!t) return 1;
	uint32_t cycles = 256u - t->atime;
	int valid = (t->enable & (kTcsPon | kTcsAen)) == (kTcsPon | kTcsAen) && clockNow >= t->aenAt + cycles * kTcsCycleUs;
	uint16_t c[4] = {0, 0, 0, 0};
	if (valid)
		for (int i = 0; i < 3; i++) c[i + 1] = (uint16_t)(t->counts[i] * cycles), c[0] += c[i + 1];
	uint8_t regs[32] = {0};
	regs[kTcsStatus] = valid ? kTcsAvalid : 0;
	for (int i = 0; i < 4; i++) regs[0x14 + i * 2] = (uint8_t)c[i], regs[0x15 + i * 2] = (uint8_t)(c[i] >> 8);
	for (uint32_t i = 0; i < count; i++) bytes[i] = regs[(t->pointer + i) & 31];
	return 0;
}

static uint64_t stubNow(void *refcon)
{
	(void)refcon;
	return clockNow;
}

/* After every step, as sampler.c does: a message to the reader if samples wait and none is pending. */
static void taskStep(void)
{
	wake = samplerStep(&s);
	if (samplerShouldPost(&s)) {
		if (refuse > 0) {
			refuse--;
			samplerRefused(&s);
		}
		else posted++;
	}
}

static void runUntil(uint64_t t)
{
	while (wake <= t) {
		if (clockNow < wake) clockNow = wake;
		taskStep();
	}
	if (clockNow < t) clockNow = t;
}

static void take(uint32_t max)
{
	uint8_t out[kSamples * kSampleBytes];
	if (max > kSamples) max = kSamples;
	uint32_t n = samplerTake(&s, out, max);
	printf("take %" PRIu32 "\n", n);
	for (uint32_t i = 0; i < n; i++) {
		const uint8_t *e = out + i * kSampleBytes;
		uint64_t lo = e[0] | (e[1] << 8) | (e[2] << 16) | ((uint64_t)e[3] << 24);
		uint64_t hi = e[4] | (e[5] << 8) | (e[6] << 16) | ((uint64_t)e[7] << 24);
		printf("sample %" PRIu64 " %u %u %u %u %u\n", (hi << 32) | lo, e[8], e[9], e[10] | (e[11] << 8), e[12] | (e[13] << 8), e[14] | (e[15] << 8));
	}
}

int main(void)
{
	char line[256];
	for (int i = 0; i < 4; i++) tcs[i].answers = 1, tcs[i].atime = 0xFF;
	while (fgets(line, sizeof line, stdin)) {
		uint64_t t;
		uint32_t a, b, c, d;
		char word[32];
		if (sscanf(line, "init %" SCNu32 " %" SCNu32 " %31s", &a, &b, word) >= 2) {
			SamplerBus bus = {stubWrite, stubRead, stubNow, NULL};
			int colour = !strstr(line, "nocolour");
			samplerInit(&s, &bus, colour ? kSwitch : 0, kSensor, a, kStrips, 4, b);
			samplerStart(&s);
			wake = clockNow;
		}
		else if (sscanf(line, "at %" SCNu64, &t) == 1)
			runUntil(t);
		else if (sscanf(line, "trigger %" SCNu32, &a) == 1) {
			(void)samplerEdge(&s, (uint8_t)a, 0, 0, (uint32_t)clockNow);
			taskStep(); /* the interrupt's notification wakes the task at once */
		}
		else if (sscanf(line, "edge %" SCNu32 " %" SCNu32 " %" SCNu32, &a, &b, &c) == 3) {
			if (samplerEdge(&s, (uint8_t)a, (uint8_t)b, (uint8_t)c, (uint32_t)clockNow))
				taskStep();
		}
		else if (sscanf(line, "trigger-in-poll %" SCNu32, &a) == 1)
			injectPocket = (int)a;
		else if (sscanf(line, "hold %" SCNu32, &a) == 1)
			holdUs = a;
		else if (sscanf(line, "colour %" SCNu32 " %" SCNu32 " %" SCNu32 " %" SCNu32, &a, &b, &c, &d) == 4)
			tcs[a].counts[0] = (uint16_t)b, tcs[a].counts[1] = (uint16_t)c, tcs[a].counts[2] = (uint16_t)d;
		else if (sscanf(line, "strip %" SCNu32 " %" SCNu32, &a, &b) == 2)
			stripMm[a] = (uint16_t)b;
		else if (sscanf(line, "nack-colour %" SCNu32 " %" SCNu32, &a, &b) == 2)
			tcs[a].answers = !b;
		else if (sscanf(line, "nack 0x%" SCNx32 " %" SCNu32, &a, &b) == 2) {
			if (a == kSwitch) switchAnswers = !b;
			for (int i = 0; i < 4; i++)
				if (a == kStrips[i]) stripAnswers[i] = !b;
		}
		else if (sscanf(line, "refuse %" SCNu32, &a) == 1)
			refuse = a;
		else if (!strncmp(line, "deliver", 7)) {
			samplerDelivered(&s);
			printf("deliver %d\n", samplerRelease(&s));
		}
		else if (sscanf(line, "take %" SCNu32, &a) == 1)
			take(a);
		else if (!strncmp(line, "log", 3)) {
			fputs(busLog, stdout);
			busLogAt = 0;
			busLog[0] = 0;
		}
		else if (!strncmp(line, "stats", 5))
			printf("stats %" PRIu32 " %" PRIu32 " %" PRIu32 " %" PRIu32 "\n", s.lost, s.refused, posted, samplerCount(&s));
		else if (!strncmp(line, "covered", 7))
			printf("covered %" PRIu64 "\n", samplerCovered(&s, clockNow));
		else if (!strncmp(line, "now", 3))
			printf("now %" PRIu64 "\n", clockNow);
		else {
			fprintf(stderr, "sampler-probe: unknown command: %s", line);
			return 2;
		}
	}
	return 0;
}
