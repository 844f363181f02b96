import { useSessionStore, type OrganisationSummary } from '@app/platform';

/** /api/organisation/get says whether the caller owns each organisation; the store keeps it as sent. */
type OwnedOrganisation = OrganisationSummary & { isOwner?: boolean; ownerId?: string };

export type Owner = { organisationId: string | null; isOwner: boolean };

/** The current organisation and whether the caller owns it: only the owner buys (the API checks again). */
export function useOwner(): Owner {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const organisations = useSessionStore((state) => state.organisations);
  const userId = useSessionStore((state) => state.user?._id ?? null);
  const organisation = organisations.find((candidate) => candidate._id === organisationId) as
    OwnedOrganisation | undefined;
  const isOwner = Boolean(
    organisation && (organisation.isOwner === true || (userId !== null && organisation.ownerId === userId)),
  );
  return { organisationId, isOwner };
}
