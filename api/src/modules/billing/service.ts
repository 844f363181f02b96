// Billing: checkout links, saving a paid session, the subscription summary, the portal, and the
// provider's webhook events. Licences come only from what the provider confirms, re-read from it
// (never from the browser, never from an event's copy of the object). docs/decisions/billing.md.
import {
  type BillingPricesReply,
  type CheckoutLinkReply,
  formatDate,
  type MainSubscription,
  type PortalLinkReply,
  type SavePaymentReply,
} from '@app/domain';
import type { Logger } from 'pino';
import type { RecordAudit } from '../audit/module';
import { LeaseBusyError, type Leases } from '../../db/leases';
import { AppError } from '../../http/app-error';
import type { OrganisationAccess } from '../../http/organisation-access';
import type { PaidLicences } from '../licences/module';
import type { BillingProvider, ProviderSubscription } from './provider';
import type { BillingRepository, SubscriptionDoc } from './repository';

export const BILLING_REPLIES = {
  accepted: 'Paiement accepté',
  productUnknown: 'Offre inconnue',
  promoUnknown: 'Code promo invalide ou expiré',
  sessionNotFound: 'Session de paiement introuvable',
  notPaid: 'Paiement non confirmé par le prestataire',
  keyNotFound: 'Licence introuvable',
  noSubscription: 'Aucun abonnement payant : choisissez d’abord une offre',
  badSignature: 'Signature du webhook invalide',
  syncBusy: 'L’abonnement est en cours de mise à jour, veuillez réessayer dans un instant',
} as const;

/** Webhook events that may change a subscription; each one makes us re-read it from the provider. */
export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
]);

/** The most seats one purchase may ask for (the checkout page's own limit too). */
export const MAX_SEATS_PER_PURCHASE = 1000;

export type BillingServiceDeps = {
  provider: BillingProvider;
  repository: BillingRepository;
  licences: PaidLicences;
  ownerOf: (organisationId: string) => Promise<string | null>;
  publicUrl: string;
  now: () => number;
  logger: Logger;
  /** One sync per subscription at a time across the API processes sharing the store. */
  leases: Leases;
  /** The organisation's audit log: a subscription started or changed (plan, period, seats, status). */
  record: RecordAudit;
};

export class BillingService {
  /**
   * One sync at a time per subscription: queued in this process, and holding the subscription's
   * lease in the store against the other processes, so a stale read can never be written after a
   * newer one.
   */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: BillingServiceDeps) {}

  prices(): BillingPricesReply {
    return { mode: this.deps.provider.mode, prices: this.deps.provider.prices() };
  }

  /** A checkout link for `seats` of `product`; `adjustable` lets the buyer change the count there. */
  async checkoutLink(
    access: OrganisationAccess,
    request: { product: string; code: string | undefined; seats: number; adjustable: boolean },
  ): Promise<CheckoutLinkReply> {
    const { provider, publicUrl } = this.deps;
    if (!provider.prices().some((price) => price.product === request.product))
      throw AppError.badRequest(BILLING_REPLIES.productUnknown);
    let promotion: string | undefined;
    if (request.code !== undefined) {
      promotion = (await provider.resolvePromotion(request.code)) ?? undefined;
      if (promotion === undefined) throw AppError.badRequest(BILLING_REPLIES.promoUnknown);
    }
    const customerId = (await this.deps.repository.subscriptionsOf(access.organisationId))[0]?.customerId;
    const session = await provider.createCheckout({
      organisationId: access.organisationId,
      product: request.product,
      seats: request.seats,
      adjustable: request.adjustable,
      ...(promotion === undefined ? {} : { promotion }),
      ...(customerId === undefined ? {} : { customerId }),
      successUrl: `${publicUrl}/dashboard/paiement/loading?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${publicUrl}/dashboard/paiement/cancel`,
    });
    return { link: session.url };
  }

  /**
   * The return page's call: asks the provider whether the session is paid and, if so, makes the
   * subscription's keys. Saving the same session again changes nothing.
   */
  async save(access: OrganisationAccess, sessionId: string): Promise<SavePaymentReply> {
    const { provider, repository } = this.deps;
    const saved = await repository.findSavedCheckout(sessionId);
    if (saved && saved.organisationId !== access.organisationId)
      throw AppError.notFound(BILLING_REPLIES.sessionNotFound);
    const checkout = saved ? null : await provider.retrieveCheckout(sessionId);
    if (!saved && (!checkout || checkout.organisationId !== access.organisationId))
      throw AppError.notFound(BILLING_REPLIES.sessionNotFound);
    const subscriptionId = saved?.subscriptionId ?? checkout?.subscriptionId ?? null;
    if (subscriptionId === null || (checkout !== null && !checkout.complete))
      throw AppError.conflict(BILLING_REPLIES.notPaid);
    const record = saved
      ? await repository.findSubscription(subscriptionId)
      : await this.syncSubscription(subscriptionId);
    if (!record || record.organisationId !== access.organisationId)
      throw AppError.conflict(BILLING_REPLIES.notPaid);
    if (!saved) {
      await repository.recordSavedCheckout({
        sessionId,
        organisationId: access.organisationId,
        subscriptionId,
        savedAt: this.deps.now(),
      });
    }
    return { message: BILLING_REPLIES.accepted, seats: record.seats };
  }

  /** The settings' summary: the latest live subscription, the seats of all live ones; else the trial's end. */
  async mainSubscription(access: OrganisationAccess): Promise<MainSubscription> {
    const records = await this.deps.repository.subscriptionsOf(access.organisationId);
    const live = records.filter((record) => record.status !== 'canceled');
    const main = live[0] ?? records[0];
    if (!main) {
      // Nothing bought yet: the plans page says until when the trial runs.
      const trialEndsAt = await this.deps.licences.trialEndsAt(access.organisationId);
      return trialEndsAt === null ? { price: null } : { price: null, trialEndsAt };
    }
    const seats = live.length > 0 ? live.reduce((sum, record) => sum + record.seats, 0) : main.seats;
    const warning = access.isOwner ? this.warningFor(main, records) : undefined;
    return {
      price: main.product,
      plan: main.plan,
      period: main.period,
      seats,
      status: main.status,
      renewalAt: main.paidUntil,
      ...(warning === undefined ? {} : { warning }),
    };
  }

  private warningFor(main: SubscriptionDoc, records: SubscriptionDoc[]): string | undefined {
    const failing = records.find((record) => record.status === 'past_due');
    if (failing)
      return `Le dernier paiement de votre abonnement a échoué : mettez à jour votre moyen de paiement depuis le portail, sinon ses licences expireront le ${formatDate(failing.paidUntil)}.`;
    const shrunk = records.find((record) => record.status !== 'canceled' && (record.released ?? 0) > 0);
    if (shrunk) {
      const count = shrunk.released ?? 0;
      return `Votre abonnement compte désormais ${shrunk.seats} licence${shrunk.seats > 1 ? 's' : ''} : ${count} licence${count > 1 ? 's attribuées ont été retirées' : ' attribuée a été retirée'} (les dernières attribuées). Réattribuez les licences restantes si besoin.`;
    }
    if (main.status === 'canceled')
      return `Votre abonnement est résilié : ses licences restent valables jusqu’au ${formatDate(main.paidUntil)}.`;
    return undefined;
  }

  /** The provider's portal for the subscription of `keyId` (or the latest one, for a trial key). */
  async portalLink(access: OrganisationAccess, keyId: string): Promise<PortalLinkReply> {
    const key = await this.deps.licences.findKey(access.organisationId, keyId);
    if (!key) throw AppError.notFound(BILLING_REPLIES.keyNotFound);
    const record =
      key.subscriptionId === undefined
        ? (await this.deps.repository.subscriptionsOf(access.organisationId))[0]
        : await this.deps.repository.findSubscription(key.subscriptionId);
    if (!record || record.organisationId !== access.organisationId)
      throw AppError.conflict(BILLING_REPLIES.noSubscription);
    const link = await this.deps.provider.createPortal(
      record.customerId,
      `${this.deps.publicUrl}/dashboard/prospect/settings`,
    );
    return { link };
  }

  /** A webhook delivery: verified, applied at most once, any order (each re-reads the subscription). */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
    let event;
    try {
      event = this.deps.provider.verifyWebhook(rawBody, signature);
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'Webhook de paiement refusé');
      throw new AppError(400, BILLING_REPLIES.badSignature, 'BAD_REQUEST', { cause: error });
    }
    const { repository } = this.deps;
    if (await repository.isEventProcessed(event.id)) return { received: true };
    if (HANDLED_EVENTS.has(event.type) && event.subscriptionId !== null)
      await this.syncSubscription(event.subscriptionId);
    // Recorded after it is applied: a crash in between means the provider's retry applies it again,
    // which the sync tolerates (it converges on the provider's current state).
    await repository.recordEvent({ eventId: event.id, type: event.type, processedAt: this.deps.now() });
    return { received: true };
  }

  /** Re-reads one subscription from the provider and makes the records and keys match it. */
  syncSubscription(subscriptionId: string): Promise<SubscriptionDoc | null> {
    const previous = this.queues.get(subscriptionId) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(() => this.deps.leases.run(subscriptionId, () => this.applySubscription(subscriptionId)))
      .catch((error: unknown) => {
        if (error instanceof LeaseBusyError) throw AppError.conflict(BILLING_REPLIES.syncBusy);
        throw error;
      });
    this.queues.set(subscriptionId, next);
    void next
      .finally(() => {
        if (this.queues.get(subscriptionId) === next) this.queues.delete(subscriptionId);
      })
      .catch(() => undefined);
    return next;
  }

  private async applySubscription(subscriptionId: string): Promise<SubscriptionDoc | null> {
    const { provider, repository, now } = this.deps;
    const state = await provider.retrieveSubscription(subscriptionId);
    if (!state) return null;
    const existing = await repository.findSubscription(subscriptionId);
    const organisationId = state.organisationId ?? existing?.organisationId ?? null;
    const price = provider.prices().find((candidate) => candidate.product === state.product);
    if (organisationId === null || !price) {
      this.deps.logger.warn({ subscriptionId }, 'Abonnement inconnu ou offre non configurée : ignoré');
      return null;
    }
    const paidUntil = this.paidUntil(state, existing, now());
    const sync = await this.deps.licences.syncPaidSeats({
      organisationId,
      subscriptionId,
      plan: price.plan,
      period: price.period,
      seats: state.seats,
      renewalAt: paidUntil,
      ownerId: await this.deps.ownerOf(organisationId),
    });
    if (sync.released.length > 0)
      this.deps.logger.info(
        { subscriptionId, released: sync.released },
        'Licences retirées (baisse de sièges)',
      );
    const released =
      sync.released.length > 0 ? sync.released.length : sync.created > 0 ? undefined : existing?.released;
    const record: Omit<SubscriptionDoc, '_id'> = {
      organisationId,
      mode: provider.mode,
      subscriptionId,
      customerId: state.customerId,
      product: state.product,
      plan: price.plan,
      period: price.period,
      seats: state.seats,
      status: state.status,
      paidUntil,
      createdAt: existing?.createdAt ?? now(),
      updatedAt: now(),
      ...(released === undefined ? {} : { released }),
    };
    await repository.saveSubscription(record);
    const terms = (doc: Pick<SubscriptionDoc, 'plan' | 'period' | 'seats' | 'status'>) => ({
      Formule: doc.plan,
      Période: doc.period,
      Sièges: doc.seats,
      Statut: doc.status,
    });
    if (!existing || JSON.stringify(terms(existing)) !== JSON.stringify(terms(record)))
      await this.deps.record({
        organisationId,
        actorUserId: null,
        kind: 'subscriptionChanged',
        subject: { type: 'subscription', id: subscriptionId, label: `Abonnement ${price.plan}` },
        before: existing ? terms(existing) : null,
        after: terms(record),
      });
    if (released === undefined && existing?.released !== undefined)
      await repository.clearReleased(subscriptionId);
    return { _id: existing?._id ?? '', ...record };
  }

  /** Paid: up to the period's end. Unpaid: stops moving. Cancelled: ends now at the latest. */
  private paidUntil(state: ProviderSubscription, existing: SubscriptionDoc | null, now: number): number {
    if (state.status === 'active') return state.currentPeriodEnd;
    const known = existing?.paidUntil ?? now;
    return state.status === 'canceled' ? Math.min(known, now) : known;
  }
}
