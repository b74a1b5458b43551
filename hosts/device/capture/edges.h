/*
 * The beam edges' ring buffer and clock, without the SDK: capture.c uses it on the ESP32, and
 * test/device/capture.test.ts compiles it with the host's C compiler to test it (edges-probe.c).
 *
 * One writer (the GPIO interrupt) and one reader (the JavaScript task). The ring holds the low 32 bits
 * of the microsecond clock, which wrap every 71.6 minutes. The reader extends them to 64 bits from the
 * clock's value when it reads, not from the previous edge: a table left alone for hours then sees
 * its next edge at the right time. That holds as long as an edge waits less than 71 minutes in the
 * ring; the reader drains it at every message, so edges wait milliseconds.
 *
 * Included once, by capture.c or the probe: EDGES_ISR marks the functions the interrupt calls (IRAM_ATTR).
 */
#ifndef EDGES_H
#define EDGES_H

#include <stdint.h>

#ifndef EDGES_ISR
#define EDGES_ISR
#endif

#define kEdges 512 /* power of two: seconds of the noisiest beam; one slot stays free */
#define kEdgeBytes 12 /* one edge as read() copies it: u32 low µs, u32 high µs, channel, level, 2 spare */

typedef struct {
	uint32_t t;      /* µs, low 32 bits */
	uint8_t channel; /* 0..7: pocket * 2 + beam */
	uint8_t level;   /* 1 clear, 0 blocked */
	uint16_t spare;
} Edge;

typedef struct {
	uint32_t head;  /* written by the interrupt only (free-running) */
	uint32_t tail;  /* written by the reader only (free-running) */
	uint32_t lost;  /* edges dropped because the ring was full */
	uint32_t uses;  /* the owner, plus one while a message to the reader is pending */
	uint32_t posted;
	Edge ring[kEdges];
} EdgeRing;

#define edgeLoad(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define edgeStore(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)

static void edgeRingInit(EdgeRing *r)
{
	r->head = r->tail = r->lost = r->posted = 0;
	r->uses = 1;
}

/* Interrupt: one edge. A full ring drops the new edge and counts it: the edges already there stay whole. */
static EDGES_ISR int edgeRingPut(EdgeRing *r, uint32_t t, uint8_t channel, uint8_t level)
{
	uint32_t head = r->head;
	if (head - edgeLoad(&r->tail) >= kEdges - 1) {
		r->lost++;
		return 0;
	}
	Edge *e = &r->ring[head & (kEdges - 1)];
	e->t = t;
	e->channel = channel;
	e->level = level;
	edgeStore(&r->head, head + 1); /* publishes the edge written above */
	return 1;
}

/* Interrupt: 1 when the caller must post a message to the reader (none pending); that message holds a use. */
static EDGES_ISR int edgeRingShouldPost(EdgeRing *r)
{
	if (edgeLoad(&r->posted))
		return 0;
	edgeStore(&r->posted, 1);
	__atomic_add_fetch(&r->uses, 1, __ATOMIC_SEQ_CST);
	return 1;
}

/* Reader, as a message arrives: later edges post a new message. */
static void edgeRingDelivered(EdgeRing *r)
{
	edgeStore(&r->posted, 0);
}

/* The owner closing, or a message done: 1 when nobody uses the ring any more (the caller frees it). */
static int edgeRingRelease(EdgeRing *r)
{
	return 0 == __atomic_sub_fetch(&r->uses, 1, __ATOMIC_SEQ_CST);
}

/* The 64-bit time of an edge taken at low 32 bits `t`, less than 2^32 µs before `now`. */
static uint64_t edgeExtend(uint64_t now, uint32_t t)
{
	return now - (uint32_t)((uint32_t)now - t);
}

static void edgePut32(uint8_t *out, uint32_t v)
{
	out[0] = (uint8_t)v;
	out[1] = (uint8_t)(v >> 8);
	out[2] = (uint8_t)(v >> 16);
	out[3] = (uint8_t)(v >> 24);
}

/*
 * Reader: copies up to `max` edges into `out` (kEdgeBytes each, little-endian), with 64-bit times.
 * `now` is called after the edges to copy are fixed, so that every one of them is older than the
 * time it returns (an edge that comes in between waits for the next read).
 */
static uint32_t edgeRingTake(EdgeRing *r, uint64_t (*now)(void *), void *refcon, uint8_t *out, uint32_t max)
{
	uint32_t head = edgeLoad(&r->head);
	uint32_t tail = r->tail;
	if (head == tail)
		return 0;
	uint64_t clock = now(refcon);
	uint32_t n = 0;
	for (; n < max && tail != head; n++, tail++, out += kEdgeBytes) {
		const Edge *e = &r->ring[tail & (kEdges - 1)];
		uint64_t t = edgeExtend(clock, e->t);
		edgePut32(out, (uint32_t)t);
		edgePut32(out + 4, (uint32_t)(t >> 32));
		out[8] = e->channel;
		out[9] = e->level;
		out[10] = out[11] = 0;
	}
	edgeStore(&r->tail, tail); /* frees the slots only once they are copied */
	return n;
}

/* Reader: how many edges wait. */
static uint32_t edgeRingCount(EdgeRing *r)
{
	return edgeLoad(&r->head) - r->tail;
}

#endif
