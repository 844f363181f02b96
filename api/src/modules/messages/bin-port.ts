// What the bin (api/src/modules/bin) may do with comments: take an opportunity's out with it and put
// them back. Store calls only: it runs inside the bin's transaction (write-transactions.md).
import type { MessageDoc, MessagesRepository } from './repository';

const ID_SLICE = 500;

export type MessageBinPort = {
  ofOpportunities(organisationId: string, opportunityIds: readonly string[]): Promise<MessageDoc[]>;
  remove(organisationId: string, ids: readonly string[]): Promise<void>;
  insert(docs: readonly MessageDoc[]): Promise<void>;
};

export function createMessageBinPort(repository: MessagesRepository): MessageBinPort {
  const { messages } = repository;
  return {
    async ofOpportunities(organisationId, opportunityIds) {
      const found: MessageDoc[] = [];
      for (let first = 0; first < opportunityIds.length; first += ID_SLICE)
        found.push(
          ...(await messages.find({
            organisationId,
            opportunityId: { $in: opportunityIds.slice(first, first + ID_SLICE) },
          })),
        );
      return found;
    },
    async remove(organisationId, ids) {
      for (let first = 0; first < ids.length; first += ID_SLICE)
        await messages.deleteMany({ organisationId, _id: { $in: ids.slice(first, first + ID_SLICE) } });
    },
    async insert(docs) {
      for (let first = 0; first < docs.length; first += ID_SLICE)
        await messages.insertMany(docs.slice(first, first + ID_SLICE));
    },
  };
}
