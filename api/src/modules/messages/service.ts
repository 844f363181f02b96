// Status-tagged comments: posted on an opportunity the caller may work on, logged in its history.
// The five statuses exist for every organisation (created on first use, docs/decisions/opportunities.md).
import { type MessageView, type PostedMessageReply, STATUS_NAMES, type StatusesReply } from '@app/domain';
import { DuplicateKeyError } from '../../db/errors';
import { AppError } from '../../http/app-error';
import type { MessageDoc, MessagesRepository, StatusDoc } from './repository';

export type Actor = { organisationId: string; userId: string; mask: number };

/** What posting needs from the opportunities component. */
export type OpportunityThreads = {
  /** The opportunity if the actor may work on it; 404 otherwise (unknown, foreign, not theirs). */
  assertCommentable(actor: Actor, opportunityId: string): Promise<void>;
  /** Adds the comment to the opportunity's history and card preview (once: again, it does nothing). */
  recordComment(actor: Actor, opportunityId: string, message: MessageDoc): Promise<void>;
  /** The same for a comment a killed process left unlogged, whoever may see the opportunity now. */
  completeComment(message: MessageDoc): Promise<void>;
};

export const MESSAGE_MESSAGES = { unknownStatus: 'Statut inconnu' } as const;

/** Pending comments completed per query at start. */
const PENDING_CHUNK = 500;

export function toMessageView(doc: MessageDoc): MessageView {
  return {
    _id: doc._id,
    text: doc.text,
    date: doc.date,
    userId: { _id: doc.userId, username: doc.username },
    statusId: { _id: doc.statusId, name: doc.statusName },
  };
}

export class MessagesService {
  constructor(
    private readonly repository: MessagesRepository,
    private readonly usernameOf: (userId: string) => Promise<string>,
    private readonly now: () => number,
  ) {}

  /** The organisation's statuses in the spec's order, creating the missing ones. */
  async statuses(organisationId: string): Promise<StatusDoc[]> {
    const existing = await this.repository.statusesOf(organisationId);
    if (existing.length >= STATUS_NAMES.length) return existing;
    const names = new Set(existing.map((status) => status.name));
    const missing = STATUS_NAMES.map((name, position) => ({ organisationId, name, position })).filter(
      (status) => !names.has(status.name),
    );
    try {
      await this.repository.insertStatuses(missing);
    } catch (error) {
      // Two first calls at once: the other one created them; read what it wrote.
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
    return this.repository.statusesOf(organisationId);
  }

  async statusViews(organisationId: string): Promise<StatusesReply> {
    const statuses = await this.statuses(organisationId);
    return { status: statuses.map((status) => ({ _id: status._id, name: status.name })) };
  }

  async post(
    actor: Actor,
    threads: OpportunityThreads,
    input: { opportunityId: string; message: string; statusId: string },
  ): Promise<PostedMessageReply> {
    await threads.assertCommentable(actor, input.opportunityId);
    await this.statuses(actor.organisationId);
    const status = await this.repository.findStatus(actor.organisationId, input.statusId);
    if (!status) throw AppError.badRequest(MESSAGE_MESSAGES.unknownStatus);
    // Kept marked as pending until the opportunity logs it: a comment is all written or not at all.
    const message = await this.repository.insertPendingMessage({
      organisationId: actor.organisationId,
      opportunityId: input.opportunityId,
      text: input.message,
      date: this.now(),
      userId: actor.userId,
      username: await this.usernameOf(actor.userId),
      statusId: status._id,
      statusName: status.name,
    });
    try {
      await threads.recordComment(actor, input.opportunityId, message);
    } catch (error) {
      // Refused (the opportunity is busy or gone): nothing of the comment stays.
      await this.repository.removeMessage(message._id);
      throw error;
    }
    await this.repository.settleMessage(message._id);
    return { message: toMessageView(message) };
  }

  /**
   * Logs the comments a killed process inserted but did not log in their opportunity's history
   * (still marked pending), then unmarks them; a chunk at a time.
   */
  async completePending(threads: OpportunityThreads): Promise<number> {
    let completed = 0;
    for (;;) {
      const pending = await this.repository.pendingMessages(PENDING_CHUNK);
      for (const message of pending) {
        await threads.completeComment(message);
        await this.repository.settleMessage(message._id);
        completed += 1;
      }
      if (pending.length < PENDING_CHUNK) return completed;
    }
  }

  async listFor(organisationId: string, opportunityId: string): Promise<MessageView[]> {
    return (await this.repository.messagesOf(organisationId, opportunityId)).map(toMessageView);
  }
}
