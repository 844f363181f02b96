import { yieldToEventLoop } from './yield-to-event-loop';

describe('yieldToEventLoop', () => {
  it('lets a timer queued before it run before the loop goes on', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    // Bounded by time, not by turns: Node clamps the timer to 1 ms, and on a fast machine 50 turns of
    // the loop can pass within that millisecond. A microtask in place of a turn would never let it run.
    const giveUpAt = Date.now() + 1000;
    while (order.length === 0 && Date.now() < giveUpAt) await yieldToEventLoop();
    order.push('loop');
    expect(order).toEqual(['timer', 'loop']);
  });

  it('does not resolve within the same microtask queue', async () => {
    let resolved = false;
    const pending = yieldToEventLoop().then(() => (resolved = true));
    await Promise.resolve();
    expect(resolved).toBe(false);
    await pending;
    expect(resolved).toBe(true);
  });
});
