// Runs the tasks given for one key one after another (in this process). An import's batches,
// finish, abort and sweep are serialised this way, so a retried batch racing its first attempt
// cannot store rows twice. One API process serves an embedded store; see the decision page.
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();
  private readonly counts = new Map<string, number>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    const current = previous.then(task, task);
    const tail = current.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return current;
  }

  /** Tasks given for `key` and not finished yet: the one running and those waiting behind it. */
  pending(key: string): number {
    return this.counts.get(key) ?? 0;
  }
}
