// Values read from the store, kept by one process while the collections they are built from have not
// changed since they were read (Store.changeMark(collections)): any commit writing one of them, of this
// process or of another one on the same DATA_DIR, moves the mark, so a kept value is never older than
// what a read would return; writes to other collections leave it (docs/decisions/load.md). Used on the request path
// for what every call reads and almost no call changes: the session, the organisation document, the
// member list (docs/decisions/request-path.md, fourth round).

/** The store's change mark, or null when it cannot tell (then every get reads). */
export type ChangeMark = () => string | null;

/**
 * The mark of the collections a kept value is read from: every one of them must be named (a value
 * also built from a collection left out would outlive that collection's changes).
 */
export const changeMarkOf =
  (
    store: { changeMark?(collections?: readonly string[]): string | null },
    collections: readonly string[],
  ): ChangeMark =>
  () =>
    store.changeMark?.(collections) ?? null;

/** Entries kept per cache; beyond it the oldest is dropped. */
const DEFAULT_MAX_ENTRIES = 10_000;

export class StampedCache<V> {
  private readonly entries = new Map<string, { mark: string; value: V }>();

  constructor(
    private readonly changeMark: ChangeMark,
    private readonly maxEntries = DEFAULT_MAX_ENTRIES,
  ) {}

  /**
   * The value kept for `key` if the store has not changed since it was loaded, else `load()`'s (kept
   * unless it is null or undefined). The mark is read before the load: a change landing meanwhile
   * moves the mark past the one recorded, so the next get loads again.
   */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    const { mark, value: kept } = this.look(key);
    if (kept !== undefined) return kept;
    const value = await load();
    this.keep(key, mark, value);
    return value;
  }

  /**
   * The value kept for `key` if the store has not changed since it was loaded (else undefined), and
   * the mark now: a value read after this look may be kept under it (keep), as get() does.
   */
  look(key: string): { mark: string | null; value: V | undefined } {
    const mark = this.changeMark();
    if (mark === null) return { mark, value: undefined };
    const kept = this.entries.get(key);
    return { mark, value: kept !== undefined && kept.mark === mark ? kept.value : undefined };
  }

  /** Keeps `value`, read after the look that gave `mark`; null or undefined is not kept. */
  keep(key: string, mark: string | null, value: V): void {
    if (mark === null) return;
    this.entries.delete(key);
    if (value === null || value === undefined) return;
    this.entries.set(key, { mark, value });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}
