// Waiting for the browser between two steps of a screen's start, so that a phone's slow CPU never
// runs them as one long task (docs/decisions/lighthouse.md).

/** Resolves in a task after the next frame is painted (a layout read then finds it clean). */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    window.requestAnimationFrame(() => window.setTimeout(resolve, 0));
  });
}

/** Resolves when the browser is idle (or after a second at most). */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout: 1000 });
    else window.setTimeout(resolve, 50);
  });
}

/** Gives the main thread back to the browser (input, paint) before going on. */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, 0));
}
