/*
 * The heap as ESP-IDF counts it, for the debug log (issue 32): what is left once the XS machine, the tasks and,
 * with the network, Wi-Fi and lwIP have theirs. docs/esp32-build.md ("7. Memory") says what to expect and how
 * to read the line; the first flash of a board is where these figures are first known.
 *
 * [free, largest, minimum, iram, xs, sampler, timer]: bytes free for any malloc (MALLOC_CAP_8BIT: the DRAM and
 * D/IRAM heaps), the largest block one malloc can have there, the lowest free since boot, and the free IRAM
 * heap that only 32-bit allocations can use (MALLOC_CAP_32BIT less the byte-addressable heaps: XS puts its key
 * tables there); then the bytes of stack never used so far (FreeRTOS's high-water mark; StackType_t is a byte
 * on ESP-IDF) of the XS task (the caller), the sampler's task and the esp_timer task (which runs the capture's
 * tick), -1 for a task not running.
 */

#include "xsmc.h"
#include "xsHost.h"
#include "mc.xs.h"
#include "esp_heap_caps.h"
#include "freertos/FreeRTOS.h"
#include "freertos/task.h"

static int32_t stackLeft(const char *task)
{
	TaskHandle_t handle = xTaskGetHandle(task);
	return handle ? (int32_t)uxTaskGetStackHighWaterMark(handle) : -1;
}

void xs_heap(xsMachine *the)
{
	size_t byteFree = heap_caps_get_free_size(MALLOC_CAP_8BIT);
	int32_t figures[7] = {
		(int32_t)byteFree,
		(int32_t)heap_caps_get_largest_free_block(MALLOC_CAP_8BIT),
		(int32_t)heap_caps_get_minimum_free_size(MALLOC_CAP_8BIT),
		(int32_t)(heap_caps_get_free_size(MALLOC_CAP_32BIT) - byteFree),
		(int32_t)uxTaskGetStackHighWaterMark(NULL),
		stackLeft("sampler"),
		stackLeft("esp_timer"),
	};
	xsmcVars(1);
	xsmcSetNewArray(xsResult, 7);
	for (int i = 0; i < 7; i++) {
		xsmcSetInteger(xsVar(0), (xsIntegerValue)figures[i]);
		xsmcSetIndex(xsResult, i, xsVar(0));
	}
}
