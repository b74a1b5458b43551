/*
 * The I²C sampler's logic, without the SDK: sampler.c runs it in a FreeRTOS task of its own on the
 * ESP32, and test/device/sampler.test.ts compiles it with the host's C compiler over a stubbed bus
 * (sampler-probe.c). It reads the pockets' colour sensors while the piece is in the throat, and the
 * seats' strips every few milliseconds, and stamps each reading with the time it describes.
 *
 * Why not in JavaScript: a read from the capture's callback can wait behind a whole display frame
 * (23 ms), while a man at 5 m/s blocks a beam for about 6 ms; a strip polled by a JS timer every 20 ms
 * and stamped when JavaScript gets to it misses the 10 ms the strike time needs (docs/hardware.md).
 *
 * The parts, from their datasheets:
 * - TCS34725 (ams TCS3472 datasheet): every register access starts with a command byte, 0x80 | register;
 *   | 0x20 makes a read auto-increment through the registers. ENABLE (0x00): bit 0 PON (the oscillator),
 *   bit 1 AEN (the RGBC integrations); after PON the part needs 2.4 ms before an integration can start.
 *   ATIME (0x01): the integration time is 2.4 ms × (256 − ATIME), from 0xFF (2.4 ms, counts up to 1024)
 *   down to 0x00 (614 ms). CONTROL (0x0F) bits 1:0: the gain, 1×, 4×, 16×, 60×. STATUS (0x13) bit 0,
 *   AVALID: an integration has completed since AEN was set. CDATAL..BDATAH (0x14..0x1B): clear, red,
 *   green, blue, u16 little-endian; reading a low byte latches its high byte, so one block read from
 *   0x13 gives STATUS and four channels of one integration.
 * - TCA9548A (TI datasheet): a single control register, written as the one data byte after the
 *   address (no register number); bit n connects channel n (SDn/SCn) to the main bus, and a channel
 *   connects only at the STOP after that write.
 *
 * Colour: the sensors idle powered (PON) with AEN clear. The capture interrupt gives the sampler every
 * edge of the pocket beams (samplerEdge, the only function the interrupt calls): an upper beam's blocked
 * edge marks that pocket, its clear edge ends the pocket's run (below), and a lower beam's blocked edge
 * marks it too when the upper beam is clear and took no blocked edge in the last kLowerAloneUs (a piece
 * the upper beam missed: a lost interrupt edge, a beam that flickered). The task
 * then selects the pocket's switch channel and sets AEN: that starts one integration there and then,
 * a restart rather than whatever free-running cycle was under way, so the window lies in the block
 * from the edge on. One integration time (and a margin for the part's oscillator) later it reads
 * STATUS and the counts; AVALID not yet set: it reads again every kColourRetryUs. Then it clears AEN.
 * The reading is stamped with the middle of its window, the time it describes: a bus held by another
 * transfer delays the restart, and the stamp moves with it, so the sensing layer (which pairs a colour
 * reading with the piece blocking the beam at its time, docs/formats.md §2) can tell.
 *
 * A run: while the upper beam stays blocked, the task starts another whole integration as soon as it has
 * read one, back to back, each reading stamped with its own window: touching pieces merge into one long
 * upper pulse, and each piece of it then has readings of its own (a striker at 0.2 m/s blocks 205 ms, a
 * man touching it behind comes at the end). In a fast train (kManPerGap) a window that would hold the
 * junction of two men opens in the middle of the man after it instead: each man has a window of his own. A run stops at the upper beam's clear edge, or kColourRunUs
 * after it began (a piece lodged in the throat blocks for seconds); no reading is taken at the clear edge,
 * when the piece has gone, nor at a blocked edge within kClearRingingUs after a clear edge (that edge ringing:
 * a window then reads the empty throat). A lower-beam start gives one reading (the sampler does not follow
 * the lower beam's level): a piece the upper beam missed, or one crossing it while it stays blocked
 * (kCrossingDelayUs), which ends the run too. A window after a run's first is passed on only when its colour changed
 * (kColourShareStep), or when the run's last reading passed on is kColourRepeatUs old (half a man's time,
 * from the lower beam's delay, while a fast run may be a train: kGapsPerMan): the piece's first reading,
 * each change along the pulse (the next piece, the mixed window at a junction or at the clear edge), one
 * every 50 ms across a slow piece, and one for each man of a fast train of one colour. Readings are not pieces: the sensing layer counts by
 * the beams, and names each piece by the reading nearest the middle of its stretch.
 *
 * Strips: each is read (2 bytes, the striker's position in mm, 0xFFFF for none) every stripEveryUs;
 * a change becomes a sample stamped when the strip answered.
 *
 * A sensor that does not answer (NACK) gives one kind-2 sample, then nothing until it answers again:
 * one kind-3 sample. A colour sensor is set up again (ATIME, gain, PON) when it is back.
 *
 * The samples go into a ring with the discipline of edges.h: one writer (this task), one reader (the
 * JavaScript task), a full ring drops the new sample and counts it; one message to the reader at a
 * time, and a message the queue refused is counted and posted again at the task's next step (it
 * wakes at least every stripEveryUs), so the sampler never goes quiet.
 *
 * Included once, by sampler.c or the probe: SAMPLER_ISR marks the function the interrupt calls.
 */
#ifndef SAMPLER_H
#define SAMPLER_H

#include <stdint.h>
#include <string.h>

#ifndef SAMPLER_ISR
#define SAMPLER_ISR
#endif

#define kPockets 4
#define kSeats 4
#define kSamples 256    /* power of two; one slot stays free. A run passes on its changes and one reading every 50 ms */
#define kSampleBytes 16 /* u32 low µs, u32 high µs, kind, channel, then three u16 (see samplerRingTake) */

enum { kSampleColour = 0, kSampleStrip = 1, kSampleSilent = 2, kSampleAnswers = 3 };
enum { kPartColour = 0, kPartStrip = 1 }; /* which part a kind-2 or kind-3 sample is about */

#define kTcsCommand 0x80
#define kTcsAuto 0x20
#define kTcsEnable 0x00
#define kTcsAtime 0x01
#define kTcsControl 0x0F
#define kTcsStatus 0x13
#define kTcsPon 0x01
#define kTcsAen 0x02
#define kTcsAvalid 0x01
#define kTcsCycleUs 2400
#define kColourGain 0x01 /* 4×: a 2.4 ms window in the lit throat stays well below the 1024 counts of one cycle */
#define kColourRetryUs 500
#define kColourTries 8   /* AVALID still clear after 8 more reads (4 ms): nothing read */
#define kStripNone 0xFFFF
/* Blocked edges of one pocket closer than this are one piece: a real piece blocks 2 ms or more and a
 * real gap between touching men is 0.5 ms or more (docs/hardware.md), so two pieces' edges are at least
 * 2.5 ms apart; closer ones are the receiver ringing, which must not start a second run (a run's window
 * may already be under way: the new one would be a new piece's first reading). */
#define kRingingUs 1000
/* A blocked edge this soon after the same beam's clear edge is that edge ringing (a few µs to tens of µs,
 * docs/hardware.md), not a piece: the shortest real gap between touching men is 0.5 ms. */
#define kClearRingingUs 200
/* A run of back-to-back windows while the upper beam stays blocked ends this long after it began: the stuck
 * time of the sensing layer (a block longer than any passage: a piece lodged in the throat, or a failed
 * beam). It covers the slowest passage the table sees: a man at 0.1 m/s blocks 360 ms, the striker and a
 * man touching it 820 ms, four touching men 1.4 s (docs/hardware.md). Only changes and one reading every
 * kColourRepeatUs are passed on, so a lodged piece costs the ring about 30 samples once. */
#define kColourRunUs 1500000
/* A window of a run whose colour did not change is passed on all the same when the run's last reading passed
 * on is this old: every piece of a slow merged pulse then has readings of its own across its stretch, not
 * only at its ends (where the beam flickers, the window is part throat, or the neighbour is in view: the
 * sensing layer names a piece by the reading nearest its middle), and two touching men of one colour each
 * have one. A man at 1 m/s blocks 36 ms: a fast piece gains nothing, a man at 0.1 m/s about 7. */
#define kColourRepeatUs 50000
/* But a fast merged pulse is over before a window 50 ms old comes: two touching white men at 3 m/s block
 * the upper beam 22 ms, and the second had no reading of its own (the sensing layer named it a man, as the
 * contract says of a piece without one; issue 30). The run's speed says how long a man blocks the beam:
 * the lower beam, kGapsPerMan times closer than a man's length (10 mm against 33.3 mm on the reference
 * board), blocks that long after the upper. So while a run is young enough to be a train (kTrainGaps such
 * delays: four touching men and a little), an unchanged window is passed on once the last one passed on
 * is half a man's time old (kGapsPerMan / 2 delays): each man then has readings of his own, about two (a
 * window every time above about 6 m/s); a lodged piece, later in its run, one every kColourRepeatUs. */
#define kGapsPerMan 3 /* 33.3 / 10, rounded down: a reading too many rather than a piece without one */
#define kTrainGaps 15
/* A lower beam's blocked edge starts a reading only when the upper beam is clear and took no blocked edge
 * this long before: a piece blocks the upper beam before the lower (10 mm below) and, at any speed the
 * table sees, still blocks it then; an upper edge this recent is the same piece, already sampled. */
#define kLowerAloneUs 5000
/* A lower beam's blocked edge this long or more after the upper edge that began the block, with no lower
 * edge between that measured a piece's speed (or longer after it than a train at that speed lasts,
 * kTrainGaps delays: that one was a flicker of the lower beam as the upper failed), is no piece the upper
 * beam showed: longer than any piece
 * takes from the upper beam to the lower (10 mm at 0.1 m/s is 100 ms, the sensing layer allows 150 ms;
 * 250 ms is 0.04 m/s, slower than a piece that does not stop). It is a piece crossing an upper beam that
 * failed blocked (the colour sensor, at the upper beam, sees it there: docs/formats.md §2, "the colour
 * sensor goes on reading while a beam is stuck"), or a piece that hung on the upper beam, falling. It gets
 * one window of its own at once, as a piece the upper beam missed does, and the run under way, if any,
 * ends there: the upper beam shows nothing more of the pieces. Past the run (1.5 s) there was no window at
 * all (the piece was `unknown`); within it, the run's windows passed on the piece's first and the mixed
 * one as it left the sensor's view, a beam gap before it leaves the lower beam, and the reading nearest
 * the middle of its lower pulse, which names it, was that mixed one. */
#define kCrossingDelayUs 250000
/* A window of a run after its first is passed on only when its colour differs from the run's last reading
 * passed on: a share of r, g or b more than 1/kColourShareStep of the sum apart, or a sum 1/kColourSumStep
 * apart. A piece in front of the sensor reads the same window after window (the sensor's noise at these
 * counts is a percent or two); every reading costs JavaScript its decoding and the sensing layer its
 * pairing (about 65 readings for a slow striker's pulse, seconds of waiting at the slow XS speeds), and
 * the pieces of a merged pulse are where its colour changes, which these keep. */
#define kColourShareStep 32
#define kColourSumStep 4
/* A window of a run that the piece left during (the upper beam cleared in it, and no piece touching it came)
 * is passed on only when the empty throat filled at most 1/kThroatShare of it. Such a window is a mix of the piece
 * and the lit throat, whose colour pulls it: a black man reflects far less of the sensor's light than a
 * white one (the TCS34725 counts the light reaching it), about as much as the throat, so a window half
 * black, half throat reads as the striker or a white (issue 30: "blacks read as whites"). The run's
 * earlier windows name the piece; a run's first window is passed on whatever it saw (a piece shorter than
 * a window has no other). */
#define kThroatShare 5
/* Where one man of a fast train gives way to the next, the sampler can say: a train's pieces touch, its
 * first began at the upper edge that began the run, and a man blocks the beam kManPerGap hundredths of the
 * lower beam's delay behind the upper (33.3 mm against the 10 mm between the beams: the sensing layer's
 * manMm over the reference board's gap; kGapsPerMan rounds it down). A window across such a junction is the
 * light of both pieces (a TCS34725 window counts whatever its field held while it integrated), and of two
 * brightnesses: a black sends back about a seventh of a white's light, so a window a quarter white and
 * three quarters black reads white. At 5–10 m/s (a man 3.3–6.7 ms, a window and its read 3.1 ms) back-to-
 * back windows fall where they may, and the only window in the second man's stretch, the one nearest its
 * middle (which names him: formats.md §2), was often the one across the junction (issue 30: a black behind
 * a white or the queen named white, on the independent traces). So while a run may be a train
 * (kTrainGaps delays, the delay under kColourRepeatUs) whose men are long enough to hold a window and its
 * read (kManWindowUs more than a window: up to about 10.5 m/s), a window of a run that would hold a
 * junction opens instead in the middle of the man after it: each man of the train has a window wholly his
 * own, stamped at his middle, where the sensing layer looks. (Back-to-back windows leave a man slower than
 * about 6 m/s one of his own too, but the window nearest his middle may still hold a junction: at 6 m/s
 * three blacks read near the colour margins were named on the device and asked on the pure path.) */
#define kManPerGap 333
#define kManWindowUs 750 /* the read's margin (T/16 + 100 µs) and its four transfers at 400 kHz, about 0.6 ms, and a little */

/* The bus, as function pointers: 0 when the device acknowledged, non-zero when it did not (NACK,
 * timeout). now() is the µs clock (esp_timer_get_time on the ESP32), 64 bits. */
typedef struct {
	int (*write)(void *refcon, uint8_t address, const uint8_t *bytes, uint32_t count);
	int (*read)(void *refcon, uint8_t address, uint8_t *bytes, uint32_t count);
	uint64_t (*now)(void *refcon);
	void *refcon;
} SamplerBus;

typedef struct {
	uint64_t t;
	uint8_t kind;
	uint8_t channel;
	uint16_t v[3]; /* colour r, g, b; strip mm in v[0]; kinds 2 and 3: the part in v[0] */
} Sample;

typedef struct {
	uint8_t state;    /* kColourIdle, kColourIntegrating, kColourWaiting */
	uint8_t ready;    /* set up (ATIME, gain, PON) since it last failed to answer */
	uint8_t silent;   /* a kind-2 sample was given and it has not answered since */
	uint8_t again;    /* another piece blocked the beam during this integration: sample it next */
	uint8_t tries;
	uint8_t run;      /* this window follows another of the same run */
	uint8_t alone;    /* this window is one of its own, no run after it (a piece the upper beam did not show) */
	uint8_t againAlone; /* the window `again` asks for is one of its own */
	uint16_t last[3]; /* the run's last reading passed on */
	uint64_t lastAt;  /* when that reading was passed on (kColourRepeatUs) */
	uint64_t runStart; /* when this run's first window opened (kColourRunUs) */
	uint64_t start;   /* the integration window's start (AEN set) */
	uint32_t stampFrom; /* the low 32 bits of start + half an integration: the earliest stamp this window can get (samplerCovered) */
	uint64_t due;     /* when to read it (waiting: when to open the run's next window) */
} ColourState;

enum { kColourIdle = 0, kColourIntegrating = 1, kColourWaiting = 2 /* a run's next window opens at `due` (kManPerGap) */ };

typedef struct {
	/* Written by the interrupt, taken by the task: one bit per pocket whose upper beam was blocked (or
	 * whose lower beam was, alone); and one bit per pocket whose upper beam is blocked now, as far as the
	 * edges say (the task reads it to go on with a run). */
	uint32_t triggered;
	uint32_t upperBlocked;
	/* Of the triggered pockets, those whose trigger was a lower beam's edge: a piece the upper beam missed,
	 * or one crossing it while it stays blocked (kCrossingDelayUs): one window of its own, no run. */
	uint32_t alone;
	uint32_t edgeAt[kPockets]; /* the low 32 bits of the last upper edge that counted (µs) */
	uint8_t edgeSeen[kPockets];
	/* The pieces' speed through each pocket (kGapsPerMan): how long after the upper edge that counted the lower
	 * beam blocked (µs), and whether it is known. A piece whose upper edge comes while the lower beam is still
	 * blocked touches the one before (a train, the upper beam seeing a gap the lower does not): the delay
	 * measured on that one stands. One bit per pocket whose lower beam is blocked now, as the edges say. */
	uint32_t delay[kPockets];
	uint8_t delaySeen[kPockets];
	uint32_t lowerBlocked;
	/* The low 32 bits of each beam's last clear edge ([pocket][0] upper, [1] lower), and whether there was
	 * one: a blocked edge within kClearRingingUs after it is that clear edge ringing (the interrupt's alone). */
	uint32_t clearAt[kPockets][2];
	uint8_t clearSeen[kPockets][2];

	/* The task's own. */
	SamplerBus bus;
	int colour;             /* 0: no colour sensors on this table */
	uint8_t switchAddress;
	uint8_t sensorAddress;
	uint8_t atime;
	uint32_t integrationUs; /* 2400 × (256 − atime) */
	int8_t selected;        /* the switch channel last selected, -1 unknown */
	ColourState pockets[kPockets];
	uint8_t strips;         /* how many seats have a strip */
	uint8_t stripAddress[kSeats];
	uint8_t stripSilent[kSeats];
	uint16_t stripLast[kSeats];
	uint8_t stripKnown[kSeats];
	uint32_t stripEveryUs;
	uint64_t stripDue;

	/* The ring: head written by the task only, tail by the reader only (both free-running). */
	uint32_t head;
	uint32_t tail;
	uint32_t lost;     /* samples dropped because the ring was full */
	uint32_t refused;  /* message posts the queue refused (each posted again) */
	uint32_t uses;     /* the owner, plus one while a message to the reader is pending */
	uint32_t posted;
	Sample ring[kSamples];
} Sampler;

#define samplerLoad(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define samplerStore(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)

/* The ATIME register for an integration of about `us` (whole 2.4 ms cycles, 1 to 256). */
static uint8_t samplerAtime(uint32_t us)
{
	uint32_t cycles = (us + kTcsCycleUs / 2) / kTcsCycleUs;
	if (cycles < 1) cycles = 1;
	if (cycles > 256) cycles = 256;
	return (uint8_t)(256 - cycles);
}

/* switchAddress 0: no colour sensors. strips: the strips' addresses in seat order. */
static void samplerInit(Sampler *s, const SamplerBus *bus, uint8_t switchAddress, uint8_t sensorAddress, uint32_t integrationUs,
	const uint8_t *strips, uint8_t stripCount, uint32_t stripEveryUs)
{
	memset(s, 0, sizeof *s); /* not a compound literal: no 2 KiB temporary on the caller's (XS's) stack */
	s->bus = *bus;
	s->colour = switchAddress != 0;
	s->switchAddress = switchAddress;
	s->sensorAddress = sensorAddress;
	s->atime = samplerAtime(integrationUs);
	s->integrationUs = kTcsCycleUs * (256u - s->atime);
	s->selected = -1;
	s->strips = stripCount > kSeats ? kSeats : stripCount;
	for (int i = 0; i < s->strips; i++) s->stripAddress[i] = strips[i];
	s->stripEveryUs = stripEveryUs;
	s->stripDue = 0; /* the first step reads them */
	s->uses = 1;
}

/*
 * The interrupt: an edge of pocket's upper (beam 0) or lower (beam 1) beam at `t` (low 32 bits of µs),
 * level 0 blocked, 1 clear. Returns 1 when the task has something to do (the caller wakes it).
 */
static SAMPLER_ISR int samplerEdge(Sampler *s, uint8_t pocket, uint8_t beam, uint8_t level, uint32_t t)
{
	if (pocket >= kPockets) return 0;
	const uint32_t bit = 1u << pocket;
	if (beam > 1) return 0;
	if (level) { /* a beam clear; the upper beam's ends the run at its next window's read */
		if (beam == 0) __atomic_and_fetch(&s->upperBlocked, ~bit, __ATOMIC_RELEASE);
		else s->lowerBlocked &= ~bit;
		s->clearSeen[pocket][beam] = 1;
		s->clearAt[pocket][beam] = t;
		return 0;
	}
	/* A blocked edge this soon after the beam's clear edge is that edge ringing: no piece came, and a window
	 * now would read the empty throat (a reading that names no piece, or the wrong one). A run under way
	 * goes on, as the level says. */
	const int clearRinging = s->clearSeen[pocket][beam] && (uint32_t)(t - s->clearAt[pocket][beam]) < kClearRingingUs;
	if (beam == 0) {
		__atomic_or_fetch(&s->upperBlocked, bit, __ATOMIC_RELEASE); /* ringing included: the last level wins */
		if (clearRinging) return 0;
		if (s->edgeSeen[pocket] && (uint32_t)(t - s->edgeAt[pocket]) < kRingingUs) return 0; /* ringing */
		/* A new piece: its speed is to be measured, unless it touches the one still in the lower beam. */
		if (!(s->lowerBlocked & bit) || !s->edgeSeen[pocket] || (uint32_t)(t - s->edgeAt[pocket]) >= kColourRunUs)
			__atomic_store_n(&s->delaySeen[pocket], 0, __ATOMIC_RELEASE);
		s->edgeSeen[pocket] = 1;
		s->edgeAt[pocket] = t;
		__atomic_and_fetch(&s->alone, ~bit, __ATOMIC_RELEASE); /* a piece the upper beam shows: a run */
	}
	else {
		s->lowerBlocked |= bit; /* ringing included: the last level wins */
		const int upper = (__atomic_load_n(&s->upperBlocked, __ATOMIC_ACQUIRE) & bit) != 0;
		/* How long the upper beam has been blocked, as far as its last counted edge says. */
		const uint32_t since = s->edgeSeen[pocket] ? (uint32_t)(t - s->edgeAt[pocket]) : 0;
		const uint32_t delay = __atomic_load_n(&s->delay[pocket], __ATOMIC_ACQUIRE);
		if (!clearRinging && upper && s->edgeSeen[pocket] && since >= kCrossingDelayUs
			&& (!s->delaySeen[pocket] || delay >= kCrossingDelayUs || since >= (uint64_t)delay * kTrainGaps)) {
			/* A piece the upper beam, blocked since long before, did not show: not its speed (kCrossingDelayUs). */
			__atomic_store_n(&s->delay[pocket], since, __ATOMIC_RELEASE);
			__atomic_store_n(&s->delaySeen[pocket], 1, __ATOMIC_RELEASE);
			__atomic_or_fetch(&s->alone, bit, __ATOMIC_RELEASE);
			__atomic_or_fetch(&s->triggered, bit, __ATOMIC_RELEASE);
			return 1;
		}
		if (!clearRinging && s->edgeSeen[pocket] && !s->delaySeen[pocket] && upper) {
			/* the piece reaches the lower beam: its speed */
			__atomic_store_n(&s->delay[pocket], t - s->edgeAt[pocket], __ATOMIC_RELEASE);
			__atomic_store_n(&s->delaySeen[pocket], 1, __ATOMIC_RELEASE);
			return 0;
		}
		if (clearRinging || upper || (s->edgeSeen[pocket] && since < kLowerAloneUs))
			return 0; /* the lower beam ringing, or the piece the upper beam has already */
		__atomic_or_fetch(&s->alone, bit, __ATOMIC_RELEASE); /* a piece the upper beam missed */
	}
	__atomic_or_fetch(&s->triggered, bit, __ATOMIC_RELEASE);
	return 1;
}

/* ---- the ring ---- */

/* The task: one sample; a full ring drops it and counts it. */
static int samplerPut(Sampler *s, uint64_t t, uint8_t kind, uint8_t channel, uint16_t a, uint16_t b, uint16_t c)
{
	uint32_t head = s->head;
	if (head - samplerLoad(&s->tail) >= kSamples - 1) {
		s->lost++;
		return 0;
	}
	Sample *e = &s->ring[head & (kSamples - 1)];
	e->t = t;
	e->kind = kind;
	e->channel = channel;
	e->v[0] = a;
	e->v[1] = b;
	e->v[2] = c;
	samplerStore(&s->head, head + 1); /* publishes the sample written above */
	return 1;
}

/* The task: how many samples wait. */
static uint32_t samplerCount(Sampler *s)
{
	return samplerLoad(&s->head) - samplerLoad(&s->tail);
}

/* The task: 1 when it must post a message to the reader now (samples wait, none pending); that
 * message holds a use. The caller reports a refused post with samplerRefused. */
static int samplerShouldPost(Sampler *s)
{
	if (samplerCount(s) == 0 || samplerLoad(&s->posted))
		return 0;
	samplerStore(&s->posted, 1);
	__atomic_add_fetch(&s->uses, 1, __ATOMIC_SEQ_CST);
	return 1;
}

/* The task: the queue refused the post. Counted; the next step posts again. */
static void samplerRefused(Sampler *s)
{
	s->refused++;
	__atomic_sub_fetch(&s->uses, 1, __ATOMIC_SEQ_CST);
	samplerStore(&s->posted, 0);
}

/* The reader, as a message arrives: later samples post a new message. */
static void samplerDelivered(Sampler *s)
{
	samplerStore(&s->posted, 0);
}

/* The owner closing, or a message done: 1 when nobody uses the sampler any more (the caller frees it). */
static int samplerRelease(Sampler *s)
{
	return 0 == __atomic_sub_fetch(&s->uses, 1, __ATOMIC_SEQ_CST);
}

static void samplerPut32(uint8_t *out, uint32_t v)
{
	out[0] = (uint8_t)v;
	out[1] = (uint8_t)(v >> 8);
	out[2] = (uint8_t)(v >> 16);
	out[3] = (uint8_t)(v >> 24);
}

/*
 * The reader: copies up to `max` samples into `out`, kSampleBytes each, little-endian: u32 low and
 * u32 high of the µs time the sample describes, kind (0 colour, 1 strip, 2 a sensor stopped answering,
 * 3 it answers again), channel (the pocket for colour, the seat for a strip), then three u16: colour
 * r, g, b raw counts (all 0: nothing read); a strip's mm in the first (0xFFFF: no striker); kinds 2
 * and 3: the part in the first (0 a colour sensor, 1 a strip). Returns how many.
 */
static uint32_t samplerTake(Sampler *s, uint8_t *out, uint32_t max)
{
	uint32_t head = samplerLoad(&s->head);
	uint32_t tail = s->tail;
	uint32_t n = 0;
	for (; n < max && tail != head; n++, tail++, out += kSampleBytes) {
		const Sample *e = &s->ring[tail & (kSamples - 1)];
		samplerPut32(out, (uint32_t)e->t);
		samplerPut32(out + 4, (uint32_t)(e->t >> 32));
		out[8] = e->kind;
		out[9] = e->channel;
		for (int i = 0; i < 3; i++) {
			out[10 + i * 2] = (uint8_t)e->v[i];
			out[11 + i * 2] = (uint8_t)(e->v[i] >> 8);
		}
	}
	samplerStore(&s->tail, tail); /* frees the slots only once they are copied */
	return n;
}

/*
 * The reader, at `now` (µs): every sample stamped before the time returned is in the ring already (or
 * was dropped and counted). Whatever the task puts later is stamped at that moment (a strip, a part
 * silent or back) or by a window not yet opened, so later still, except a colour window already
 * integrating: its stamp, the middle of its window, is never earlier than start + half an integration
 * (a read AVALID delays moves it later). JavaScript reads this before the ring, and judges a passage only
 * once the time returned has passed its end: the colour sampled while the piece was there has then
 * reached it (docs/device-model.md, the hand-over). The task publishes stampFrom before the integrating
 * state, and the idle state only after the window's sample is put, so the reader may see a window a
 * little late or early, never one whose sample it could miss.
 */
static uint64_t samplerCovered(Sampler *s, uint64_t now)
{
	uint64_t covered = now;
	for (int pocket = 0; pocket < kPockets; pocket++) {
		ColourState *p = &s->pockets[pocket];
		if (samplerLoad(&p->state) != kColourIntegrating) continue;
		/* The low 32 bits against now's: the window opened at most 1.5 s (a run) before, well within a lap. */
		int32_t ahead = (int32_t)(samplerLoad(&p->stampFrom) - (uint32_t)now);
		if (ahead >= 0) continue; /* opened less than half an integration ago: stamped after now */
		uint64_t at = now - (uint32_t)-ahead;
		if (at < covered) covered = at;
	}
	return covered;
}

/* ---- the sensors ---- */

/* A part did not answer: one kind-2 sample, the first time. */
static void samplerSilent(Sampler *s, uint8_t *silent, uint8_t part, uint8_t channel)
{
	if (*silent) return;
	*silent = 1;
	samplerPut(s, s->bus.now(s->bus.refcon), kSampleSilent, channel, part, 0, 0);
}

/* A part answered: one kind-3 sample if it had been silent. */
static void samplerAnswers(Sampler *s, uint8_t *silent, uint8_t part, uint8_t channel)
{
	if (!*silent) return;
	*silent = 0;
	samplerPut(s, s->bus.now(s->bus.refcon), kSampleAnswers, channel, part, 0, 0);
}

static int samplerWrite2(Sampler *s, uint8_t address, uint8_t a, uint8_t b)
{
	const uint8_t bytes[2] = {a, b};
	return s->bus.write(s->bus.refcon, address, bytes, 2);
}

/* Connects pocket's channel of the switch (and only it: the four sensors share one address). */
static int samplerSelect(Sampler *s, int pocket)
{
	if (s->selected == pocket) return 0;
	const uint8_t mask = (uint8_t)(1u << pocket);
	if (s->bus.write(s->bus.refcon, s->switchAddress, &mask, 1)) {
		s->selected = -1;
		return 1;
	}
	s->selected = (int8_t)pocket;
	return 0;
}

/* ATIME, gain, power on (AEN clear: it integrates only when a piece comes). */
static int samplerSetUp(Sampler *s, int pocket)
{
	if (samplerSelect(s, pocket)
		|| samplerWrite2(s, s->sensorAddress, kTcsCommand | kTcsAtime, s->atime)
		|| samplerWrite2(s, s->sensorAddress, kTcsCommand | kTcsControl, kColourGain)
		|| samplerWrite2(s, s->sensorAddress, kTcsCommand | kTcsEnable, kTcsPon))
		return 1;
	s->pockets[pocket].ready = 1;
	return 0;
}

static void samplerColourFailed(Sampler *s, int pocket)
{
	ColourState *p = &s->pockets[pocket];
	samplerStore(&p->state, kColourIdle);
	p->ready = 0; /* it may have lost power: set it up again before its next reading */
	p->again = 0;
	s->selected = -1; /* the switch may have been the one not answering */
	samplerSilent(s, &p->silent, kPartColour, (uint8_t)pocket);
}

/* Starts one integration on pocket's sensor now; `run` 0: a new piece, a new run. */
static void samplerColourStart(Sampler *s, int pocket, int run)
{
	ColourState *p = &s->pockets[pocket];
	/* A sensor back from silence is set up here, and AEN follows PON sooner than the datasheet's 2.4 ms:
	 * that one integration may start late. AVALID is read, not assumed, and the stamp follows the reads
	 * that found it not done (samplerColourRead), so such a reading is dated late rather than misdated. */
	int failed = (!p->ready && samplerSetUp(s, pocket))
		|| samplerSelect(s, pocket)
		|| samplerWrite2(s, s->sensorAddress, kTcsCommand | kTcsEnable, kTcsPon | kTcsAen);
	if (failed) {
		samplerColourFailed(s, pocket);
		return;
	}
	samplerAnswers(s, &p->silent, kPartColour, (uint8_t)pocket);
	p->again = 0;
	p->tries = 0;
	p->start = s->bus.now(s->bus.refcon); /* the STOP of that write: AEN is set, the window opens */
	/* Before the state, for the reader (samplerCovered): an integrating window's stamp is never earlier. */
	samplerStore(&p->stampFrom, (uint32_t)(p->start + s->integrationUs / 2));
	samplerStore(&p->state, kColourIntegrating);
	p->run = (uint8_t)run;
	if (!run) p->runStart = p->start;
	/* The part's oscillator sets the cycle: allow it 1/16 slow, and the write's own 0.1 ms. */
	p->due = p->start + s->integrationUs + s->integrationUs / 16 + 100;
}

/* 1 when r, g, b differ from `last` by more than kColourShareStep / kColourSumStep allow (see there). */
static int samplerColourChanged(const uint16_t *last, uint16_t r, uint16_t g, uint16_t b)
{
	const uint32_t now[3] = {r, g, b};
	const uint32_t sum = (uint32_t)r + g + b, was = (uint32_t)last[0] + last[1] + last[2];
	if (sum == 0 || was == 0) return sum != was;
	if ((sum > was ? sum - was : was - sum) * kColourSumStep > was) return 1;
	for (int i = 0; i < 3; i++) {
		/* |now/sum − last/was| > 1/step, without division: |now·was − last·sum|·step > sum·was (< 2^62) */
		uint64_t a = (uint64_t)now[i] * was, c = (uint64_t)last[i] * sum;
		if ((a > c ? a - c : c - a) * kColourShareStep > (uint64_t)sum * was) return 1;
	}
	return 0;
}

/* How old the run's last reading passed on must be for an unchanged window to be passed on all the same,
 * at `at`: kColourRepeatUs, or less while the run may be a fast train (see kGapsPerMan). */
static uint32_t samplerRepeatUs(Sampler *s, int pocket, uint64_t at)
{
	if (!__atomic_load_n(&s->delaySeen[pocket], __ATOMIC_ACQUIRE)) return kColourRepeatUs;
	const uint32_t delay = __atomic_load_n(&s->delay[pocket], __ATOMIC_ACQUIRE);
	if (delay >= kColourRepeatUs) return kColourRepeatUs; /* slow, or a lower edge long after: 50 ms is soon enough */
	const uint32_t half = delay * kGapsPerMan / 2;
	if (half >= kColourRepeatUs || at - s->pockets[pocket].runStart >= (uint64_t)delay * kTrainGaps) return kColourRepeatUs; /* longer than a train */
	return half;
}

/* When the next window of pocket's run opens, the task at `now`: at once, unless the run may be a train
 * whose men hold a window each (kManPerGap) and a window opened now would hold the junction after the
 * man in the sensor's view: then in the middle of the man after that junction, the junctions counted from
 * the upper edge that began the run, a man's time apart. */
static uint64_t samplerNextWindow(Sampler *s, int pocket, uint64_t now)
{
	if (!__atomic_load_n(&s->delaySeen[pocket], __ATOMIC_ACQUIRE)) return now;
	const uint32_t delay = __atomic_load_n(&s->delay[pocket], __ATOMIC_ACQUIRE);
	const uint32_t man = (uint32_t)((uint64_t)delay * kManPerGap / 100);
	/* The low 32 bits, as the interrupt stamps the edge: a run lasts at most 1.5 s, well within a lap. */
	const uint32_t into = (uint32_t)now - __atomic_load_n(&s->edgeAt[pocket], __ATOMIC_ACQUIRE);
	/* Too short for a window and its read: back to back, as many as come. A delay of 50 ms or more (slower
	 * than 0.2 m/s, or a piece crossing a stuck beam, kCrossingDelayUs): no train's, as samplerRepeatUs. */
	if (man < s->integrationUs + kManWindowUs || delay >= kColourRepeatUs || into >= (uint64_t)delay * kTrainGaps) return now;
	const uint32_t junction = (into / man + 1) * man; /* the next one, from the edge */
	if (junction - into >= s->integrationUs) return now; /* a window now ends before it */
	return now + (junction - into) + (man - s->integrationUs) / 2;
}

/* 1 when the piece left during the window that ended at `end`, and the empty throat filled more than
 * 1/kThroatShare of it (see kThroatShare): the upper beam cleared within the window and is clear still. */
static int samplerLeftIn(Sampler *s, int pocket, uint64_t end)
{
	if ((samplerLoad(&s->upperBlocked) & (1u << pocket)) || !__atomic_load_n(&s->clearSeen[pocket][0], __ATOMIC_ACQUIRE)) return 0;
	/* The low 32 bits, as the interrupt stamps them: the window is a few ms long, well within a lap. */
	const uint32_t cleared = __atomic_load_n(&s->clearAt[pocket][0], __ATOMIC_ACQUIRE) - (uint32_t)(end - s->integrationUs);
	return cleared < s->integrationUs && (s->integrationUs - cleared) * kThroatShare > s->integrationUs;
}

/* Reads pocket's integration; AVALID still clear: again after kColourRetryUs. */
static void samplerColourRead(Sampler *s, int pocket)
{
	ColourState *p = &s->pockets[pocket];
	uint8_t command = kTcsCommand | kTcsAuto | kTcsStatus;
	uint8_t d[9]; /* STATUS, then clear, red, green, blue */
	uint64_t readAt = 0; /* when the counts were read: the part returns the last integration complete then */
	if (samplerSelect(s, pocket)
		|| s->bus.write(s->bus.refcon, s->sensorAddress, &command, 1)
		|| (readAt = s->bus.now(s->bus.refcon), s->bus.read(s->bus.refcon, s->sensorAddress, d, sizeof d))) {
		samplerColourFailed(s, pocket);
		return;
	}
	uint64_t at = s->bus.now(s->bus.refcon);
	uint16_t r = 0, g = 0, b = 0;
	if (!(d[0] & kTcsAvalid)) {
		if (++p->tries <= kColourTries) {
			p->due = at + kColourRetryUs;
			return;
		}
		/* never completed: a sample of nothing (all 0), so the sensing layer names the piece a man and asks */
	}
	else {
		r = (uint16_t)(d[3] | (d[4] << 8));
		g = (uint16_t)(d[5] | (d[6] << 8));
		b = (uint16_t)(d[7] | (d[8] << 8));
	}
	/* The window ended no earlier than start + integration, nor before the last read that found it not
	 * done: its middle is half an integration before that. */
	uint64_t end = p->start + s->integrationUs;
	if (p->tries > 0 && p->due - kColourRetryUs > end) end = p->due - kColourRetryUs;
	/* A read later than another whole integration after that (the task held off: a flash erase holds it
	 * 45 ms; the bus held) returns a later window: AEN still set, the part integrates back to back and
	 * keeps the last complete one (TCS3472 datasheet). Stamped with that window's middle: the first one's
	 * stamp put the empty throat read after the piece left inside the piece's stretch (issue 30). */
	if (readAt >= end + s->integrationUs) end += (readAt - end) / s->integrationUs * s->integrationUs;
	if (!(p->run && samplerLeftIn(s, pocket, end))
		&& (!p->run || (r | g | b) == 0 || samplerColourChanged(p->last, r, g, b) || at - p->lastAt >= samplerRepeatUs(s, pocket, at))) {
		samplerPut(s, end - s->integrationUs / 2, kSampleColour, (uint8_t)pocket, r, g, b);
		p->last[0] = r, p->last[1] = g, p->last[2] = b;
		p->lastAt = at;
	}
	samplerStore(&p->state, kColourIdle); /* after the put: the reader finds the sample in the ring (samplerCovered) */
	/* Stop integrating, so that the next piece starts a window of its own. */
	if (samplerWrite2(s, s->sensorAddress, kTcsCommand | kTcsEnable, kTcsPon)) {
		samplerColourFailed(s, pocket);
		return;
	}
	if (p->again) { /* a new blocked edge during the window: a new piece, a run of its own (or one window) */
		p->again = 0;
		p->alone = p->againAlone;
		samplerColourStart(s, pocket, 0);
	}
	else if (!p->alone && (samplerLoad(&s->upperBlocked) & (1u << pocket)) && s->bus.now(s->bus.refcon) - p->runStart < kColourRunUs) {
		/* still blocked: the next window, for a piece touching this one; at once, or in the next man's middle */
		const uint64_t now = s->bus.now(s->bus.refcon), opens = samplerNextWindow(s, pocket, now);
		if (opens <= now) samplerColourStart(s, pocket, 1);
		else p->due = opens, samplerStore(&p->state, kColourWaiting);
	}
}

/* The run's next window, due now (samplerNextWindow): opened if the upper beam is still blocked (else the
 * piece has gone, and the run ends) and the run is within its bound. */
static void samplerColourResume(Sampler *s, int pocket)
{
	ColourState *p = &s->pockets[pocket];
	samplerStore(&p->state, kColourIdle);
	if ((samplerLoad(&s->upperBlocked) & (1u << pocket)) && s->bus.now(s->bus.refcon) - p->runStart < kColourRunUs)
		samplerColourStart(s, pocket, 1);
}

/* The pockets whose beam was blocked since last asked: each starts its integration now (one during an
 * integration of its own is sampled as soon as that one is read). */
static void samplerServeTriggers(Sampler *s)
{
	uint32_t triggered = __atomic_exchange_n(&s->triggered, 0, __ATOMIC_ACQUIRE);
	/* Which of them a lower beam's edge triggered (the interrupt sets that bit before the trigger's). */
	uint32_t alone = __atomic_fetch_and(&s->alone, ~triggered, __ATOMIC_ACQ_REL) & triggered;
	if (!s->colour) return;
	for (int pocket = 0; pocket < kPockets; pocket++) {
		if (!(triggered & (1u << pocket))) continue;
		ColourState *p = &s->pockets[pocket];
		if (p->state == kColourIntegrating)
			p->again = 1, p->againAlone = (alone >> pocket) & 1;
		else /* idle, or waiting for a run's next window: a new piece, a run (or a window) of its own now */
			p->alone = (alone >> pocket) & 1, samplerColourStart(s, pocket, 0);
	}
}

static void samplerStripsPoll(Sampler *s)
{
	for (int seat = 0; seat < s->strips; seat++) {
		samplerServeTriggers(s); /* a piece that came meanwhile waits for one strip read, not four */
		uint8_t d[2];
		if (s->bus.read(s->bus.refcon, s->stripAddress[seat], d, 2)) {
			samplerSilent(s, &s->stripSilent[seat], kPartStrip, (uint8_t)seat);
			continue;
		}
		uint64_t at = s->bus.now(s->bus.refcon); /* when it answered: the position is this moment's */
		samplerAnswers(s, &s->stripSilent[seat], kPartStrip, (uint8_t)seat);
		uint16_t mm = (uint16_t)(d[0] | (d[1] << 8));
		if (s->stripKnown[seat] && s->stripLast[seat] == mm) continue;
		s->stripKnown[seat] = 1;
		s->stripLast[seat] = mm;
		samplerPut(s, at, kSampleStrip, (uint8_t)seat, mm, 0, 0);
	}
}

/* The first set-up of the colour sensors; the task calls it once, before its first step. */
static void samplerStart(Sampler *s)
{
	if (!s->colour) return;
	for (int pocket = 0; pocket < kPockets; pocket++)
		if (samplerSetUp(s, pocket)) samplerColourFailed(s, pocket);
}

/*
 * The task: does what is due at the clock's time: the pockets whose beam was blocked start their
 * integration first (their window must open in the block), then the strips if due, then the readings
 * that are due. Strips before readings: four pockets reading back to back (runs) would otherwise push
 * every poll back by their reads; a reading waits for at most one poll (4 strips, about 0.4 ms), which
 * moves its read, not its window (fixed at AEN) nor its stamp, and stays well within the next window. Returns when it must run again (µs): the task sleeps until then or until the next trigger.
 */
static uint64_t samplerStep(Sampler *s)
{
	samplerServeTriggers(s);
	uint64_t now = s->bus.now(s->bus.refcon);
	if (s->strips > 0 && now >= s->stripDue) {
		/* On the schedule, not from now: a late poll does not push the later ones back. */
		s->stripDue = s->stripDue == 0 ? now + s->stripEveryUs : s->stripDue + s->stripEveryUs;
		if (s->stripDue <= now) s->stripDue = now + s->stripEveryUs; /* far behind: no burst to catch up */
		samplerStripsPoll(s);
	}
	if (s->colour) {
		for (int pocket = 0; pocket < kPockets; pocket++) {
			ColourState *p = &s->pockets[pocket];
			if (p->state == kColourIntegrating && s->bus.now(s->bus.refcon) >= p->due)
				samplerColourRead(s, pocket);
			else if (p->state == kColourWaiting && s->bus.now(s->bus.refcon) >= p->due)
				samplerColourResume(s, pocket);
		}
	}
	uint64_t next = s->strips > 0 ? s->stripDue : s->bus.now(s->bus.refcon) + 100000;
	for (int pocket = 0; pocket < kPockets; pocket++)
		if (s->pockets[pocket].state != kColourIdle && s->pockets[pocket].due < next)
			next = s->pockets[pocket].due;
	return next;
}

#endif
