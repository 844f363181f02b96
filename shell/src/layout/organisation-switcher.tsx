import { useSessionStore } from '@app/platform';

/** Lists the user's organisations; the choice is kept locally under CurrentOrganisation. */
export function OrganisationSwitcher() {
  const organisations = useSessionStore((state) => state.organisations);
  const currentOrganisationId = useSessionStore((state) => state.currentOrganisationId);
  const selectOrganisation = useSessionStore((state) => state.selectOrganisation);
  if (organisations.length === 0) return null;
  return (
    <label className="shell-org-switcher">
      <span>Organisation</span>
      <select
        value={currentOrganisationId ?? ''}
        onChange={(event) => selectOrganisation(event.target.value)}
      >
        {organisations.map((organisation) => (
          <option key={organisation._id} value={organisation._id}>
            {organisation.name}
          </option>
        ))}
      </select>
    </label>
  );
}
