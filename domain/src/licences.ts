import type { PlanCode } from './plans';

/** How a licence is billed; 'trial' for the keys an organisation starts with (docs/decisions/licences.md). */
export type LicencePeriod = 'trial' | 'monthly' | 'yearly';

export type LicenceKey = {
  readonly _id: string;
  readonly userId?: string | null;
};

/** A licence as /api/stripe/getAllKey sends it. */
export type LicenceKeyView = LicenceKey & {
  readonly plan: PlanCode;
  readonly period: LicencePeriod;
  /** Epoch ms: the end of the trial, or the next renewal of a paid licence. */
  readonly renewalAt: number;
  readonly trial: boolean;
};

/** The caller's licence state in one organisation, as /api/organisation/get sends it. */
export type LicenceStatus = { readonly hasLicence: boolean; readonly trialEndsAt?: number };

/** A licence is valid until its renewal date: billing moves that date on every paid period. */
export function isLicenceValid(licence: { renewalAt: number }, now: number): boolean {
  return licence.renewalAt > now;
}

/** The licence select is disabled for the licence the current user holds (SPEC §5): nobody unassigns themselves. */
export function isLicenceSelectDisabled(
  licence: LicenceKey,
  currentUserId: string | null | undefined,
): boolean {
  return Boolean(currentUserId) && licence.userId === currentUserId;
}

/** 'Licences utilisé : x / y', x counting the licences that have a holder (SPEC §2). */
export function licencesUsed(licences: readonly LicenceKey[]): { used: number; total: number } {
  return { used: licences.filter((licence) => Boolean(licence.userId)).length, total: licences.length };
}

export function formatLicencesUsed(licences: readonly LicenceKey[]): string {
  const { used, total } = licencesUsed(licences);
  return `Licences utilisé : ${used} / ${total}`;
}
