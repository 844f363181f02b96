// Lets pending I/O and timers run between chunks of a long loop, in Node (setImmediate: no 1 ms
// clamp) and in the browser (a macrotask). Domain is built without Node's or the DOM's types.
type Schedule = (callback: () => void, delay?: number) => unknown;
const timers = globalThis as unknown as { setImmediate?: Schedule; setTimeout: Schedule };
const schedule: Schedule = timers.setImmediate ?? ((callback) => timers.setTimeout(callback, 0));

export function yieldToEventLoop(): Promise<void> {
  return new Promise<void>((resolve) => schedule(resolve));
}
