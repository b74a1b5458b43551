/*
 * The one call from the capture interrupt into the sampler (sampler.c): captureISR calls it when an
 * upper beam (channel pocket * 2) is blocked, so that the sampler reads that pocket's colour sensor
 * while the piece is in the throat. It only marks the pocket and wakes the sampler's task (a FreeRTOS
 * notification): it is in IRAM and takes microseconds. Without an open Sampler it does nothing.
 */
#ifndef TRIGGER_H
#define TRIGGER_H

#include <stdint.h>

/* pocket 0..3; t: the edge's time, the low 32 bits of esp_timer_get_time(). */
void samplerTriggerFromISR(uint8_t pocket, uint32_t t);

#endif
