/**
 * Resolves in a later task of the browser's event loop: what comes after runs in a task of its own,
 * so the browser can paint and answer input in between (a phone's long tasks, lighthouse.md).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}
