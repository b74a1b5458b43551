// The JavaScript side of heap.c: heap() gives [free, largest, minimum, iram] in bytes (heap.c says what each is).
function heap() @ "xs_heap";
export default heap;
