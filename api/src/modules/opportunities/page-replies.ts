// Whole list pages kept as sent, and gzipped once for the clients that accept it: a page asked
// again at the same list version, prospects stamp and caller scope is written out without being
// built, serialised or compressed again. Only pages whose cards show day counts are kept (a
// WAITING card's milliseconds left move at every call); the key holds everything a page depends
// on, so a write (new list version), a prospect change (new stamp) or the end of the day (new
// scope lists) is a new key and the old entries age out of the byte budget.
// docs/decisions/opportunities.md, "Kept pages".
import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** Bytes of kept pages (JSON and gzip) over all organisations; the least recently used go first. */
export const PAGE_REPLIES_BYTES = 64 * 1024 * 1024;

/** A list page as sent: its JSON, and its gzip when kept (computed once, in libuv's threads). */
export type PageReply = { json: Buffer; gzip?: () => Promise<Buffer> };

type Entry = { json: Buffer; gzipped?: Promise<Buffer>; bytes: number };

export class PageReplies {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly budget = PAGE_REPLIES_BYTES) {}

  /** Bytes held now (JSON and finished gzips). */
  get size(): number {
    return this.bytes;
  }

  get(key: string): PageReply | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Most recently used last, so the oldest is the one dropped.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return this.replyOf(key, entry);
  }

  keep(key: string, body: Buffer): PageReply {
    const entry: Entry = { json: body, bytes: body.length };
    const known = this.entries.get(key);
    if (known) this.drop(key, known);
    if (entry.bytes > this.budget) return { json: body };
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.trim();
    return this.replyOf(key, entry);
  }

  private replyOf(key: string, entry: Entry): PageReply {
    return {
      json: entry.json,
      gzip: () => {
        if (!entry.gzipped) {
          // Level 1: a few milliseconds once, then 10 to 25 times fewer bytes at every call.
          entry.gzipped = gzipAsync(entry.json, { level: constants.Z_BEST_SPEED });
          entry.gzipped.then(
            (zipped) => {
              if (this.entries.get(key) !== entry) return;
              entry.bytes += zipped.length;
              this.bytes += zipped.length;
              this.trim();
            },
            () => {
              // A failed compression is not kept: the next call tries again.
              entry.gzipped = undefined;
            },
          );
        }
        return entry.gzipped;
      },
    };
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private trim(): void {
    while (this.bytes > this.budget) {
      const [key, entry] = this.entries.entries().next().value as [string, Entry];
      this.drop(key, entry);
    }
  }
}
