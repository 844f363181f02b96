// Reading a large set of documents without holding the event loop: pages in _id order, with a
// yield between them (the organisation's data export reads every prospect this way).
import { yieldToEventLoop } from '@app/domain';
import type { Collection, Document, Filter } from './types';

export const PAGE_SIZE = 2000;

/** Every document matching `filter`, in _id order, `size` at a time. */
export async function* pagesOf<T extends Document>(
  collection: Collection<T>,
  filter: Filter<T>,
  size = PAGE_SIZE,
): AsyncGenerator<T[]> {
  let after: string | null = null;
  for (;;) {
    const page: T[] = await collection.find(
      (after === null ? filter : { ...filter, _id: { $gt: after } }) as Filter<T>,
      { sort: { _id: 1 }, limit: size },
    );
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1]?._id ?? null;
    await yieldToEventLoop();
  }
}
