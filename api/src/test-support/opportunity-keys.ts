// The keys of an organisation's opportunity list (OrganisationList) for the list tests: opportunity
// `o<i>` on prospect `p<i>`, to do, made in that order, of a public file of 'owner'.
import type { OpportunityKey } from '../modules/opportunities/repository';

export type KeysOptions = {
  /** Who holds opportunity i (default 'owner'). */
  ownerOf?: (i: number) => string;
  /** Whether opportunity i's file is private (default none). */
  isPrivate?: (i: number) => boolean;
};

export function opportunityKeys(count: number, options: KeysOptions = {}): Map<string, OpportunityKey> {
  const { ownerOf = () => 'owner', isPrivate = () => false } = options;
  const keys = new Map<string, OpportunityKey>();
  for (let i = 0; i < count; i += 1) {
    const key: OpportunityKey = {
      _id: `o${i}`,
      prospectId: `p${i}`,
      state: 'TODO',
      stateChangedAt: 0,
      creationDate: i,
      userId: ownerOf(i),
      isPrivate: isPrivate(i),
      fileOwnerId: 'owner',
    };
    keys.set(key._id, key);
  }
  return keys;
}
