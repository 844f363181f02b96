// Every comment of an organisation, a page at a time: for the organisation's data export.
import { pagesOf } from '../../db/pages';
import type { Filter, Store } from '../../db/types';
import type { MessageDoc } from './repository';

export type MessageBulkRead = {
  /** The organisation's comments in _id order; whose opportunity the caller may see is the reader's test. */
  of(organisationId: string): AsyncIterable<readonly MessageDoc[]>;
};

export function createMessageBulkRead(store: Store): MessageBulkRead {
  const messages = store.collection<MessageDoc>('messages');
  return { of: (organisationId) => pagesOf(messages, { organisationId } as Filter<MessageDoc>) };
}
