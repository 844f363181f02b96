// Status-tagged comments: posted on an opportunity the caller may work on, logged in its history.
// The five statuses exist for every organisation (created on first use, docs/decisions/opportunities.md).
import { type MessageView, STATUS_NAMES, type StatusView } from '@app/domain';
import { DuplicateKeyError } from '../../db/errors';
import { AppError } from '../../http/app-error';
import type { MessageDoc, MessagesRepository, StatusDoc } from './repository';

export type Actor = { organisationId: string; userId: string; mask: number };

/** What posting needs from the opportunities component. */
export type OpportunityThreads = {
  /** The opportunity if the actor may work on it; 404 otherwise (unknown, foreign, not theirs). */
  assertCommentable(actor: Actor, opportunityId: string): Promise<void>;
  /** Adds the comment to the opportunity's history and card preview. */
  recordComment(actor: Actor, opportunityId: string, message: MessageDoc): Promise<void>;
};

export const MESSAGE_MESSAGES = { unknownStatus: 'Statut inconnu' } as const;

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

  async statusViews(organisationId: string): Promise<{ status: StatusView[] }> {
    const statuses = await this.statuses(organisationId);
    return { status: statuses.map((status) => ({ _id: status._id, name: status.name })) };
  }

  async post(
    actor: Actor,
    threads: OpportunityThreads,
    input: { opportunityId: string; message: string; statusId: string },
  ): Promise<{ message: MessageView }> {
    await threads.assertCommentable(actor, input.opportunityId);
    await this.statuses(actor.organisationId);
    const status = await this.repository.findStatus(actor.organisationId, input.statusId);
    if (!status) throw AppError.badRequest(MESSAGE_MESSAGES.unknownStatus);
    const message = await this.repository.insertMessage({
      organisationId: actor.organisationId,
      opportunityId: input.opportunityId,
      text: input.message,
      date: this.now(),
      userId: actor.userId,
      username: await this.usernameOf(actor.userId),
      statusId: status._id,
      statusName: status.name,
    });
    await threads.recordComment(actor, input.opportunityId, message);
    return { message: toMessageView(message) };
  }

  async listFor(organisationId: string, opportunityId: string): Promise<MessageView[]> {
    return (await this.repository.messagesOf(organisationId, opportunityId)).map(toMessageView);
  }
}
