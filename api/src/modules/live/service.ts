// Tickets and streams: a member asks a ticket through an ordinary authenticated call (the session
// token is in the body, which an EventSource cannot send), then opens the stream with it in the
// address. Single use, valid a minute: an address seen in a log opens nothing.
import { LIVE_EVENT_ID, LIVE_MESSAGES, type LiveTicketReply, PERMISSION } from '@app/domain';
import { randomBytes } from 'node:crypto';
import type { Response } from 'express';
import { AppError } from '../../http/app-error';
import { type OrganisationAccess, requirePermission } from '../../http/organisation-access';
import type { PermissionRule } from '../../http/route-permissions';
import { hashTicket, type LiveRepository } from './repository';
import type { LiveHub, Position } from './hub';

export const TICKET_TTL_MS = 60_000;

/** The stream shows what the lists show: the same bit as the lists ("Voir les prospects"). */
export const LIVE_RULE: PermissionRule = { kind: 'bit', bit: PERMISSION.VIEW_PROSPECTS };

export type LiveServiceDeps = {
  repository: LiveRepository;
  hub: LiveHub;
  resolveAccess(organisationId: string, userId: string): Promise<OrganisationAccess>;
  now: () => number;
};

export function parseLastEventId(value: string | undefined): Position | null {
  if (value === undefined || value === '') return null;
  const match = LIVE_EVENT_ID.exec(value);
  if (!match) throw AppError.badRequest(LIVE_MESSAGES.badLastEventId);
  return { opportunities: Number(match[1]), prospects: Number(match[2]) };
}

export class LiveService {
  constructor(private readonly deps: LiveServiceDeps) {}

  async issueTicket(access: OrganisationAccess): Promise<LiveTicketReply> {
    const now = this.deps.now();
    await this.deps.repository.deleteExpired(now);
    const ticket = randomBytes(32).toString('base64url');
    const expiresAt = now + TICKET_TTL_MS;
    await this.deps.repository.insertTicket({
      _id: hashTicket(ticket),
      organisationId: access.organisationId,
      userId: access.userId,
      expiresAt,
    });
    return { ticket, expiresAt };
  }

  /** Opens the stream the ticket was given for, after checking the member's access again. */
  async openStream(
    ticket: string | undefined,
    lastEventId: string | undefined,
    res: Response,
  ): Promise<void> {
    const since = parseLastEventId(lastEventId);
    if (!ticket || ticket.length > 100) throw AppError.unauthenticated(LIVE_MESSAGES.ticketInvalid);
    const held = await this.deps.repository.consumeTicket(ticket, this.deps.now());
    if (!held) throw AppError.unauthenticated(LIVE_MESSAGES.ticketInvalid);
    const access = await this.deps.resolveAccess(held.organisationId, held.userId);
    requirePermission(access, LIVE_RULE);
    await this.deps.hub.open(res, { organisationId: held.organisationId, userId: held.userId }, since);
  }
}

/** Still a member holding the bit (checked at each heartbeat): a removed member's stream closes. */
export async function mayListen(
  resolveAccess: LiveServiceDeps['resolveAccess'],
  organisationId: string,
  userId: string,
): Promise<boolean> {
  try {
    requirePermission(await resolveAccess(organisationId, userId), LIVE_RULE);
    return true;
  } catch {
    return false;
  }
}
