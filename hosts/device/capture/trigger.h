/*
 * The one call from the capture interrupt into the sampler (sampler.c): captureISR calls it at every
 * edge of a pocket beam (channel pocket * 2 + beam), so that the sampler reads that pocket's colour
 * sensor while a piece is in the throat: from an upper beam's blocked edge, back to back until its clear
 * edge, or from a lower beam's blocked edge the upper beam missed (sampler.h's samplerEdge). It only
 * marks the pocket and wakes the sampler's task (a FreeRTOS notification) when there is something to
 * do: it is in IRAM and takes microseconds. Without an open Sampler it does nothing.
 */
#ifndef TRIGGER_H
#define TRIGGER_H

#include <stdint.h>

/* pocket 0..3; beam 0 upper, 1 lower; level 0 blocked, 1 clear; t: the edge's time, the low 32 bits
 * of esp_timer_get_time(). */
void samplerEdgeFromISR(uint8_t pocket, uint8_t beam, uint8_t level, uint32_t t);

#endif
