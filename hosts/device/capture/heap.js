// The JavaScript side of heap.c: heap() gives [free, largest, minimum, iram, xs, sampler, timer] in bytes: the
// heap, then each task's stack never used so far, -1 for a task not running (heap.c says what each is).
function heap() @ "xs_heap";
export default heap;
