export type LicenceKey = {
  readonly _id: string;
  readonly userId?: string | null;
};

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
