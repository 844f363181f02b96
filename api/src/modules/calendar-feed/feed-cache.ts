// Built feeds kept per member and organisation, each under the change token read from the store
// before it was built: a read whose token differs builds again, so a write made by any API process on
// the store shows at the next read, and nothing in memory is taken for the truth
// (docs/decisions/calendar-feed.md, "Speed").

/** A feed's text as sent, with STAMP_MARK where each DTSTAMP goes, and its ETag. */
export type BuiltFeed = { body: Buffer; etag: string };

type Entry = { token: string; feed: Promise<BuiltFeed>; bytes: number };

export class FeedCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  /** `maxBytes`: the feeds kept weigh at most this much; the least recently read go first. */
  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  /**
   * The feed of `key` built for `token`: the one kept when its token is the same, else the one
   * `build` makes (one build at a time per key and token; a failed build is not kept).
   */
  get(key: string, token: string, build: () => Promise<BuiltFeed>): Promise<BuiltFeed> {
    const kept = this.entries.get(key);
    if (kept && kept.token === token) {
      // Most recently read last, so the oldest is dropped first.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.feed;
    }
    if (kept) this.remove(key, kept);
    const entry: Entry = { token, feed: build(), bytes: 0 };
    this.entries.set(key, entry);
    entry.feed.then(
      (feed) => {
        if (this.entries.get(key) !== entry) return;
        entry.bytes = feed.body.length;
        this.bytes += entry.bytes;
        this.trim();
      },
      () => {
        if (this.entries.get(key) === entry) this.remove(key, entry);
      },
    );
    return entry.feed;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private trim(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) return;
      this.remove(key, entry);
    }
  }
}
