// Lets pending I/O and timers run between chunks of a long loop, in Node (setImmediate: no 1 ms
// clamp) and in the browser (a macrotask).
const schedule: (callback: () => void) => unknown =
  typeof setImmediate === 'function' ? setImmediate : (callback) => setTimeout(callback, 0);

export function yieldToEventLoop(): Promise<void> {
  return new Promise<void>((resolve) => schedule(resolve));
}
