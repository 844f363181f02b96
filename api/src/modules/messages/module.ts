// The messages component for the composition root: comments and statuses. The opportunities
// component reads them through `log`; posting checks the opportunity through its threads.
import type { Store } from '../../db/types';
import type { ApiRoutes } from '../../http/api-routes';
import { createMessageBinPort, type MessageBinPort } from './bin-port';
import { createMessageBulkRead, type MessageBulkRead } from './bulk-read';
import {
  createMessageReportFigures,
  ensureCommentReportIndexes,
  type MessageReportFigures,
} from './report-figures';
import { MessagesRepository } from './repository';
import { registerMessageRoutes } from './routes';
import { MessagesService, type OpportunityThreads } from './service';

export type { CommentQuery, MessageReportFigures } from './report-figures';
export type { Actor, OpportunityThreads } from './service';
export { toMessageView } from './service';
export type { MessageDoc } from './repository';
export type { MessageBinPort } from './bin-port';

export type MessagesModuleDeps = {
  store: Store;
  now: () => number;
  usernameOf: (userId: string) => Promise<string>;
};

/** What the opportunities component may ask of messages. */
export type MessageLog = Pick<MessagesService, 'statusViews' | 'listFor'>;

export type MessagesModule = {
  /** Indexes, then the comments a killed process left half-written (through the opportunities' threads). */
  start(threads: OpportunityThreads): Promise<void>;
  registerRoutes(api: ApiRoutes, threads: OpportunityThreads): void;
  log: MessageLog;
  /** The organisation's data export reads every comment through it. */
  bulkRead: MessageBulkRead;
  /** Comment counts for the reports component (issue 22). */
  reportFigures: MessageReportFigures;
  /** What the bin may do with comments (issue 23, docs/decisions/bin.md). */
  bin: MessageBinPort;
};

export function createMessagesModule(deps: MessagesModuleDeps): MessagesModule {
  const repository = new MessagesRepository(deps.store);
  const messages = new MessagesService(repository, deps.usernameOf, deps.now);
  return {
    async start(threads) {
      await repository.ensureIndexes();
      await ensureCommentReportIndexes(deps.store);
      await messages.completePending(threads);
    },
    registerRoutes: (api, threads) => registerMessageRoutes(api, messages, threads),
    log: {
      statusViews: (organisationId) => messages.statusViews(organisationId),
      listFor: (organisationId, opportunityId) => messages.listFor(organisationId, opportunityId),
    },
    bulkRead: createMessageBulkRead(deps.store),
    reportFigures: createMessageReportFigures(deps.store),
    bin: createMessageBinPort(repository),
  };
}
