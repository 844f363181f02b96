import { yieldToEventLoop } from './yield-to-event-loop';

describe('yieldToEventLoop', () => {
  it('lets a timer queued before it run before the loop goes on', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    for (let turn = 0; turn < 50 && order.length === 0; turn += 1) await yieldToEventLoop();
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
