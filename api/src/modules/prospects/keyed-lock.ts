// Runs the tasks given for one key one after another (in this process). An import's batches,
// finish, abort and sweep are serialised this way, so a retried batch racing its first attempt
// cannot store rows twice. One API process serves an embedded store; see the decision page.
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.then(task, task);
    const tail = current.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return current;
  }
}
