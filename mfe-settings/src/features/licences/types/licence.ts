import type { LicenceKeyView, MemberView } from '@app/domain';

/** A licence key of the organisation (/api/stripe/getAllKey). */
export type Licence = LicenceKeyView;

/** What the licence modal reads of a member: whom a licence can be given to. */
export type LicenceHolder = Pick<MemberView, '_id' | 'username'>;
