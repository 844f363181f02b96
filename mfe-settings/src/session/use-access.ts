import { hasPermission } from '@app/domain';
import { useSessionStore, type OrganisationSummary } from '@app/platform';

/** /api/organisation/get also says whether the caller owns the organisation; the store keeps it as sent. */
type CurrentOrganisation = OrganisationSummary & { isOwner?: boolean; ownerId?: string };

export type Access = {
  organisationId: string | null;
  organisation: CurrentOrganisation | null;
  userId: string | null;
  isOwner: boolean;
  /** True when the caller's role in the current organisation holds `bit` (the server checks again). */
  can: (bit: number) => boolean;
};

/** What the caller may do in the current organisation, read from the session store's role mask. */
export function useAccess(): Access {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const organisations = useSessionStore((state) => state.organisations);
  const permissions = useSessionStore((state) => state.permissions);
  const userId = useSessionStore((state) => state.user?._id ?? null);
  const organisation =
    (organisations.find((candidate) => candidate._id === organisationId) as
      CurrentOrganisation | undefined) ?? null;
  const isOwner = Boolean(
    organisation && (organisation.isOwner === true || (userId !== null && organisation.ownerId === userId)),
  );
  return {
    organisationId,
    organisation,
    userId,
    isOwner,
    can: (bit) => hasPermission(permissions, bit),
  };
}
