/*
 * Drives hosts/device/capture/edges.h for test/device/capture.test.ts, compiled with the host's cc.
 * Reads commands on stdin, one a line, and prints what happened (the test asserts on it):
 *   put T CH LEVEL           an interrupt with the low 32 bits T → "put 1" or "put 0" (dropped)
 *   take NOW MAX             a read at 64-bit clock NOW → "take N" then "edge T CH LEVEL" lines
 *   take-during NOW MAX T    as take, but an interrupt with time T comes while the reader reads the clock
 *   post / delivered / release / lost / count
 *   stress N                 a writer thread puts N edges while this thread reads: "stress TAKEN LOST BAD"
 * The message queue, as xsHost.c's (10 slots; a full queue refuses a post, returns -1):
 *   queue N                  its length (10 unless told)
 *   refuse N                 it refuses the next N posts whatever its length (JavaScript busy elsewhere)
 *   isr T CH LEVEL           the interrupt as captureISR runs it: an edge, then a message → "isr QUEUED"
 *   tick NOW L0 .. L7        the re-read timer with the eight pins' levels → "tick CORRECTIONS QUEUED"
 *   deliver NOW              JavaScript takes the oldest message, as captureDeliver does, and reads the
 *                            whole ring → "deliver N" then "edge" lines, or "deliver none" (queue empty)
 *   refused / blocked / uses
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../../hosts/device/capture/edges.h"

static EdgeRing ring;
static uint32_t queueLength = 10, queued, refuseNext;

/* The message queue: only the count of messages matters here (each is "read the ring"). */
static int probePost(void *refcon)
{
	(void)refcon;
	if (refuseNext > 0) {
		refuseNext--;
		return -1;
	}
	if (queued >= queueLength)
		return -1;
	queued++;
	return 0;
}
static uint64_t clockNow;
static int injectPending;
static uint32_t injectT;

static uint64_t probeNow(void *refcon)
{
	(void)refcon;
	if (injectPending) { /* the interrupt lands between the reader's snapshot and its clock */
		injectPending = 0;
		edgeRingPut(&ring, injectT, 7, 1);
	}
	return clockNow;
}

static uint32_t get32(const uint8_t *b)
{
	return b[0] | (b[1] << 8) | (b[2] << 16) | ((uint32_t)b[3] << 24);
}

static void take(uint32_t max)
{
	uint8_t out[kEdges * kEdgeBytes];
	uint32_t n = edgeRingTake(&ring, probeNow, NULL, out, max);
	printf("take %" PRIu32 "\n", n);
	for (uint32_t i = 0; i < n; i++) {
		const uint8_t *e = out + i * kEdgeBytes;
		uint64_t t = ((uint64_t)get32(e + 4) << 32) | get32(e);
		printf("edge %" PRIu64 " %u %u %u\n", t, e[8], e[9], e[10]);
	}
}

static volatile uint32_t stressN;
static void *writer(void *arg)
{
	(void)arg;
	for (uint32_t i = 1; i <= stressN; i++)
		while (!edgeRingPut(&ring, i, (uint8_t)(i & 7), (uint8_t)(i & 1))) {
			ring.lost--; /* retry instead of dropping: the reader must see every edge in order */
		}
	return NULL;
}

static void stress(uint32_t n)
{
	pthread_t w;
	uint8_t out[64 * kEdgeBytes];
	uint32_t taken = 0, bad = 0, last = 0;
	stressN = n;
	clockNow = 0xFFFFFFFFu;
	pthread_create(&w, NULL, writer, NULL);
	while (taken < n) {
		uint32_t k = edgeRingTake(&ring, probeNow, NULL, out, 64);
		for (uint32_t i = 0; i < k; i++) {
			const uint8_t *e = out + i * kEdgeBytes;
			uint32_t t = get32(e);
			if (t != last + 1 || e[8] != (t & 7) || e[9] != (t & 1) || get32(e + 4) != 0) bad++;
			last = t;
		}
		taken += k;
	}
	pthread_join(w, NULL);
	printf("stress %" PRIu32 " %" PRIu32 " %" PRIu32 "\n", taken, ring.lost, bad);
}

int main(void)
{
	char line[256];
	edgeRingInit(&ring, 0);
	while (fgets(line, sizeof line, stdin)) {
		uint64_t now;
		uint32_t a, b, c;
		uint32_t l[kEdgeChannels];
		if (sscanf(line, "put %" SCNu32 " %" SCNu32 " %" SCNu32, &a, &b, &c) == 3)
			printf("put %d\n", edgeRingPut(&ring, a, (uint8_t)b, (uint8_t)c));
		else if (sscanf(line, "take-during %" SCNu64 " %" SCNu32 " %" SCNu32, &now, &a, &b) == 3) {
			clockNow = now;
			injectPending = 1;
			injectT = b;
			take(a);
		}
		else if (sscanf(line, "take %" SCNu64 " %" SCNu32, &now, &a) == 2) {
			clockNow = now;
			take(a);
		}
		else if (sscanf(line, "isr %" SCNu32 " %" SCNu32 " %" SCNu32, &a, &b, &c) == 3) {
			edgeRingPut(&ring, a, (uint8_t)b, (uint8_t)c); /* as captureISR: the edge, under its lock */
			edgeRingNotify(&ring, probePost, NULL);      /* then the message, outside it */
			printf("isr %" PRIu32 "\n", queued);
		}
		else if (sscanf(line, "tick %" SCNu32 " %" SCNu32 " %" SCNu32 " %" SCNu32 " %" SCNu32 " %" SCNu32 " %" SCNu32 " %" SCNu32 " %" SCNu32,
				&a, &l[0], &l[1], &l[2], &l[3], &l[4], &l[5], &l[6], &l[7]) == 9) {
			int corrections = 0;
			for (int i = 0; i < kEdgeChannels; i++)
				corrections += edgeRingReread(&ring, a, (uint8_t)i, (uint8_t)l[i]);
			edgeRingNotify(&ring, probePost, NULL); /* as captureTick */
			printf("tick %d %" PRIu32 "\n", corrections, queued);
		}
		else if (sscanf(line, "deliver %" SCNu64, &now) == 1) {
			if (!queued) {
				printf("deliver none\n");
				continue;
			}
			queued--;
			if (edgeRingRelease(&ring)) { /* closed while the message was on its way */
				printf("deliver freed\n");
				continue;
			}
			edgeRingDelivered(&ring);
			clockNow = now;
			printf("deliver %" PRIu32 "\n", edgeRingCount(&ring));
			take(kEdges);
		}
		else if (sscanf(line, "queue %" SCNu32, &a) == 1)
			queueLength = a;
		else if (sscanf(line, "refuse %" SCNu32, &a) == 1)
			refuseNext = a;
		else if (!strncmp(line, "refused", 7))
			printf("refused %" PRIu32 "\n", ring.refused);
		else if (!strncmp(line, "blocked", 7))
			printf("blocked %" PRIu32 "\n", edgeRingBlocked(&ring));
		else if (!strncmp(line, "uses", 4))
			printf("uses %" PRIu32 "\n", ring.uses);
		else if (!strncmp(line, "post", 4))
			printf("post %d\n", edgeRingShouldPost(&ring));
		else if (!strncmp(line, "delivered", 9))
			edgeRingDelivered(&ring);
		else if (!strncmp(line, "release", 7))
			printf("release %d\n", edgeRingRelease(&ring));
		else if (!strncmp(line, "lost", 4))
			printf("lost %" PRIu32 "\n", ring.lost);
		else if (!strncmp(line, "count", 5))
			printf("count %" PRIu32 "\n", edgeRingCount(&ring));
		else if (sscanf(line, "stress %" SCNu32, &a) == 1)
			stress(a);
		else {
			fprintf(stderr, "edges-probe: unknown command: %s", line);
			return 2;
		}
	}
	return 0;
}
