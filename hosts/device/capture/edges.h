/*
 * The beam edges' ring buffer, its clock, its messages to JavaScript and the pins' re-read, without the
 * SDK: capture.c uses it on the ESP32, and test/device/capture.test.ts compiles it with the host's C
 * compiler to test it (edges-probe.c).
 *
 * Two writers, one at a time (capture.c holds a spinlock around each: the GPIO interrupt, and the
 * periodic re-read on the esp_timer task), and one reader (the JavaScript task). The ring holds the low
 * 32 bits of the microsecond clock, which wrap every 71.6 minutes. The reader extends them to 64 bits
 * from the clock's value when it reads, not from the previous edge: a table left alone for hours then
 * sees its next edge at the right time. That holds as long as a record waits less than 71 minutes in
 * the ring; the reader drains it at every message, and a JavaScript timer drains it when messages do
 * not come (hosts/device/esp32/board.ts), so records wait milliseconds.
 *
 * Never deaf: a message the queue refuses (xsHost.c returns -1 when the 10-slot queue is full) gives
 * back its claim and its use of the record, is counted (`refused`), and is posted again by the next
 * edge or the next re-read tick, whichever comes first.
 *
 * Lost edges (the ESP32's GPIO interrupt drops some: esp-idf issues 9746, 7602): every channel quiet for
 * kRereadQuietUs has its pin's level read again; a level that disagrees with the last record of that
 * channel is put in the ring as a correction (kind 1), so a beam is never left blocked or clear by a
 * lost edge for longer than the quiet time and a tick. The same re-read repairs an edge dropped because
 * the ring was full.
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
#define kEdgeBytes 12 /* one record as read() copies it: u32 low µs, u32 high µs, channel, level, kind, spare */
#define kEdgeChannels 8

#define kEdgeKindEdge 0       /* an edge the interrupt saw */
#define kEdgeKindCorrection 1 /* a re-read level that disagreed with the channel's last record: an edge was lost */

/* A channel without an edge for this long is re-read. Long enough that an edge whose interrupt is merely
 * late (µs, or another ISR's run) is not taken for a lost one; short enough that a beam stuck by a lost
 * clear edge recovers within a piece's passage time at a slow roll (a man at 1 m/s blocks for 30 ms). */
#define kRereadQuietUs 20000
/* How often capture.c's timer re-reads the quiet channels and re-posts a refused message. */
#define kRereadPeriodUs 10000

typedef struct {
	uint32_t t;      /* µs, low 32 bits */
	uint8_t channel; /* 0..7: pocket * 2 + beam */
	uint8_t level;   /* 1 clear, 0 blocked */
	uint8_t kind;    /* kEdgeKindEdge or kEdgeKindCorrection */
	uint8_t spare;
} Edge;

typedef struct {
	uint32_t head;    /* written by the writer holding the lock (free-running) */
	uint32_t tail;    /* written by the reader only (free-running) */
	uint32_t lost;    /* edges dropped because the ring was full */
	uint32_t refused; /* messages the queue refused (each one posted again later) */
	uint32_t uses;    /* the owner, plus one while a message to the reader is pending */
	uint32_t posted;  /* 1 while a message is pending */
	uint8_t level[kEdgeChannels];   /* the level of each channel's last record: what the reader will see */
	uint32_t lastAt[kEdgeChannels]; /* when each channel's pin last moved (an interrupt, even a dropped one) or was corrected */
	Edge ring[kEdges];
} EdgeRing;

/* Posts one message to the reader; 0 when the queue took it, anything else when it refused. */
typedef int (*EdgePost)(void *refcon);

#define edgeLoad(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define edgeStore(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)

/* Every channel starts clear, as the reader's beams do: a beam blocked at start is corrected by the first re-read. */
static void edgeRingInit(EdgeRing *r, uint32_t now)
{
	r->head = r->tail = r->lost = r->refused = r->posted = 0;
	r->uses = 1;
	for (int i = 0; i < kEdgeChannels; i++) {
		r->level[i] = 1;
		r->lastAt[i] = now;
	}
}

/* Writer: one record. A full ring drops the new record and counts it: the records already there stay whole. */
static EDGES_ISR int edgeRingPutKind(EdgeRing *r, uint32_t t, uint8_t channel, uint8_t level, uint8_t kind)
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
	e->kind = kind;
	e->spare = 0;
	r->level[channel] = level;
	edgeStore(&r->head, head + 1); /* publishes the record written above */
	return 1;
}

/* Interrupt: one edge, level as the pin reads now. */
static EDGES_ISR int edgeRingPut(EdgeRing *r, uint32_t t, uint8_t channel, uint8_t level)
{
	r->lastAt[channel] = t; /* even if dropped: the pin moved, so a re-read waits for it to settle */
	return edgeRingPutKind(r, t, channel, level, kEdgeKindEdge);
}

/* Writer: 1 when the caller must post a message to the reader (none pending); that message holds a use. */
static EDGES_ISR int edgeRingShouldPost(EdgeRing *r)
{
	uint32_t idle = 0;
	if (!__atomic_compare_exchange_n(&r->posted, &idle, 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
		return 0;
	__atomic_add_fetch(&r->uses, 1, __ATOMIC_SEQ_CST);
	return 1;
}

/* Writer: the queue refused the message edgeRingShouldPost claimed. The claim and its use are given back
 * (the owner's use remains while a writer runs, so this never frees), and the next edge or tick posts again. */
static EDGES_ISR void edgeRingRefused(EdgeRing *r)
{
	__atomic_sub_fetch(&r->uses, 1, __ATOMIC_SEQ_CST);
	__atomic_add_fetch(&r->refused, 1, __ATOMIC_SEQ_CST);
	edgeStore(&r->posted, 0);
}

/* Writer: a message for records waiting, unless one is pending; a refusal is undone and counted. */
static EDGES_ISR void edgeRingNotify(EdgeRing *r, EdgePost post, void *refcon)
{
	if (edgeLoad(&r->head) == edgeLoad(&r->tail))
		return;
	if (edgeRingShouldPost(r) && 0 != post(refcon))
		edgeRingRefused(r);
}

/* Re-read tick: `level` is channel's pin read now. 1 when it put a correction (the channel was quiet for
 * kRereadQuietUs and its pin disagrees with its last record: an edge was lost, or dropped by a full ring). */
static int edgeRingReread(EdgeRing *r, uint32_t now, uint8_t channel, uint8_t level)
{
	if ((uint32_t)(now - r->lastAt[channel]) < kRereadQuietUs)
		return 0;
	if (level == r->level[channel])
		return 0;
	if (!edgeRingPutKind(r, now, channel, level, kEdgeKindCorrection))
		return 0; /* full: counted as lost, and tried again at the next tick */
	r->lastAt[channel] = now;
	return 1;
}

/* Bitmask (bit = channel) of the channels whose last record says blocked. */
static uint32_t edgeRingBlocked(EdgeRing *r)
{
	uint32_t mask = 0;
	for (int i = 0; i < kEdgeChannels; i++)
		if (0 == __atomic_load_n(&r->level[i], __ATOMIC_RELAXED))
			mask |= 1u << i;
	return mask;
}

/* Reader, as a message arrives: later records post a new message. */
static void edgeRingDelivered(EdgeRing *r)
{
	edgeStore(&r->posted, 0);
}

/* The owner closing, or a message done: 1 when nobody uses the ring any more (the caller frees it). */
static int edgeRingRelease(EdgeRing *r)
{
	return 0 == __atomic_sub_fetch(&r->uses, 1, __ATOMIC_SEQ_CST);
}

/* The 64-bit time of a record taken at low 32 bits `t`, less than 2^32 µs before `now`. */
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
 * Reader: copies up to `max` records into `out` (kEdgeBytes each, little-endian), with 64-bit times.
 * `now` is called after the records to copy are fixed, so that every one of them is older than the
 * time it returns (a record that comes in between waits for the next read).
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
		out[10] = e->kind;
		out[11] = 0;
	}
	edgeStore(&r->tail, tail); /* frees the slots only once they are copied */
	return n;
}

/* Reader: how many records wait. */
static uint32_t edgeRingCount(EdgeRing *r)
{
	return edgeLoad(&r->head) - r->tail;
}

#endif
