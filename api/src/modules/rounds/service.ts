// Tournées: a member's saved rounds in one organisation. Each stop must be an opportunity the member
// may work on in that organisation, so a round never names another organisation's (or colleague's
// private) opportunity. docs/decisions/rounds.md.
import {
  ROUND_MESSAGES,
  type RoundDeletedReply,
  type RoundReply,
  type RoundSettings,
  type RoundsReply,
  type RoundStartReply,
  type RoundStop,
  type RoundView,
} from '@app/domain';
import { AppError } from '../../http/app-error';
import type { Geocoding } from '../prospects/module';
import type { RoundContent, RoundDoc, RoundOwner, RoundsRepository } from './repository';

/** The caller as the access registry resolved it. */
export type RoundActor = RoundOwner & { mask: number };

/** Refuses (404) an opportunity the actor may not work on: unknown, foreign or not theirs. */
export type AssertVisibleOpportunity = (actor: RoundActor, opportunityId: string) => Promise<void>;

export type RoundsServiceDeps = {
  repository: RoundsRepository;
  assertVisible: AssertVisibleOpportunity;
  /** The prospects component's address service (GEOCODER_URL). */
  geocoding: Geocoding;
  tileUrl: string | null;
  now: () => number;
};

export function toRoundView(doc: RoundDoc): RoundView {
  return {
    _id: doc._id,
    name: doc.name,
    start: { ...doc.start },
    stops: doc.stops.map((stop) => ({ ...stop })),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

export class RoundsService {
  constructor(private readonly deps: RoundsServiceDeps) {}

  settings(): RoundSettings {
    return { tileUrl: this.deps.tileUrl, geocoder: this.deps.geocoding.configured };
  }

  async list(actor: RoundActor): Promise<RoundsReply> {
    const docs = await this.deps.repository.listOf(owner(actor));
    return {
      rounds: docs.map((doc) => ({
        _id: doc._id,
        name: doc.name,
        stopCount: doc.stops.length,
        updatedAt: doc.updatedAt,
      })),
    };
  }

  async get(actor: RoundActor, roundId: string): Promise<RoundReply> {
    const doc = await this.deps.repository.find(owner(actor), roundId);
    if (!doc) throw AppError.notFound(ROUND_MESSAGES.notFound);
    return { round: toRoundView(doc) };
  }

  async create(actor: RoundActor, content: RoundContent): Promise<RoundReply> {
    await this.assertStops(actor, content.stops);
    const doc = await this.deps.repository.insert(owner(actor), clean(content), this.deps.now());
    return { round: toRoundView(doc) };
  }

  async update(actor: RoundActor, roundId: string, content: RoundContent): Promise<RoundReply> {
    // The round first: another member's round answers as an unknown one, whatever its stops.
    if (!(await this.deps.repository.find(owner(actor), roundId)))
      throw AppError.notFound(ROUND_MESSAGES.notFound);
    await this.assertStops(actor, content.stops);
    if (!(await this.deps.repository.replace(owner(actor), roundId, clean(content), this.deps.now())))
      throw AppError.notFound(ROUND_MESSAGES.notFound);
    return this.get(actor, roundId);
  }

  async remove(actor: RoundActor, roundId: string): Promise<RoundDeletedReply> {
    if (!(await this.deps.repository.remove(owner(actor), roundId)))
      throw AppError.notFound(ROUND_MESSAGES.notFound);
    return { deleted: true };
  }

  /** The start address through GEOCODER_URL; a French 409 when none is configured. */
  async geocode(address: string): Promise<RoundStartReply> {
    const found = await this.deps.geocoding.locate(address);
    if (!found) throw AppError.notFound(ROUND_MESSAGES.addressNotFound);
    return { start: { label: address, lat: found.lat, lng: found.lng } };
  }

  private async assertStops(actor: RoundActor, stops: readonly RoundStop[]): Promise<void> {
    for (const stop of stops) {
      try {
        await this.deps.assertVisible(actor, stop.opportunityId);
      } catch (error) {
        if (error instanceof AppError && error.status === 404)
          throw AppError.badRequest(ROUND_MESSAGES.unknownStop);
        throw error;
      }
    }
  }
}

function owner(actor: RoundActor): RoundOwner {
  return { organisationId: actor.organisationId, userId: actor.userId };
}

/** Only the schema's fields are stored, whatever else the body carried. */
function clean(content: RoundContent): RoundContent {
  return {
    name: content.name,
    start: { label: content.start.label, lat: content.start.lat, lng: content.start.lng },
    stops: content.stops.map(({ opportunityId, name, address, lat, lng, phone, email, latlngPrecision }) => ({
      opportunityId,
      name,
      address,
      lat,
      lng,
      ...(phone ? { phone } : {}),
      ...(email ? { email } : {}),
      ...(latlngPrecision ? { latlngPrecision } : {}),
    })),
  };
}
