/*
 * The heap as ESP-IDF counts it, for the debug log (issue 32): what is left once the XS machine, the tasks and,
 * with the network, Wi-Fi and lwIP have theirs. docs/esp32-build.md ("7. Memory") says what to expect and how
 * to read the line; the first flash of a board is where these figures are first known.
 *
 * [free, largest, minimum, iram]: bytes free for any malloc (MALLOC_CAP_8BIT: the DRAM and D/IRAM heaps), the
 * largest block one malloc can have there, the lowest free since boot, and the free IRAM heap that only 32-bit
 * allocations can use (MALLOC_CAP_32BIT less the byte-addressable heaps: XS puts its key tables there).
 */

#include "xsmc.h"
#include "xsHost.h"
#include "mc.xs.h"
#include "esp_heap_caps.h"

void xs_heap(xsMachine *the)
{
	size_t byteFree = heap_caps_get_free_size(MALLOC_CAP_8BIT);
	size_t figures[4] = {
		byteFree,
		heap_caps_get_largest_free_block(MALLOC_CAP_8BIT),
		heap_caps_get_minimum_free_size(MALLOC_CAP_8BIT),
		heap_caps_get_free_size(MALLOC_CAP_32BIT) - byteFree,
	};
	xsmcVars(1);
	xsmcSetNewArray(xsResult, 4);
	for (int i = 0; i < 4; i++) {
		xsmcSetInteger(xsVar(0), (xsIntegerValue)figures[i]);
		xsmcSetIndex(xsResult, i, xsVar(0));
	}
}
