// THE mapping of organisation-scoped calls to the permission they require (DESIGN.md §6), in one
// place. docs/decisions/permissions.md explains each line; a test fails if an organisation-scoped
// route is registered without an entry here, and such a route refuses everyone at run time.
import { PERMISSION } from '@app/domain';

export type PermissionRule =
  /** Every bit of `bit` must be set in the caller's role. */
  | { kind: 'bit'; bit: number }
  /** At least one of `bits`. */
  | { kind: 'anyOf'; bits: readonly number[] }
  /** Any member of the organisation, whatever their role. */
  | { kind: 'member' }
  /** The organisation's owner only (its creator). */
  | { kind: 'owner' }
  /** The owner, or a member whose role has `bit`. */
  | { kind: 'ownerOrBit'; bit: number };

const bit = (value: number): PermissionRule => ({ kind: 'bit', bit: value });
const anyOf = (...bits: number[]): PermissionRule => ({ kind: 'anyOf', bits });
const MEMBER: PermissionRule = { kind: 'member' };
const OWNER: PermissionRule = { kind: 'owner' };
const ownerOrBit = (value: number): PermissionRule => ({ kind: 'ownerOrBit', bit: value });
const INVITE = anyOf(PERMISSION.INVITE_WITH_LICENCE, PERMISSION.INVITE_WITHOUT_LICENCE);

export const ROUTE_PERMISSIONS: Readonly<Record<string, PermissionRule>> = {
  // Organisation, users, roles (issue 3).
  '/api/organisation/getUsers': MEMBER,
  '/api/user/getRoles': MEMBER,
  // invitation/create then asks bit 4 when a licence is free, bit 8 otherwise (settings-rules.md).
  '/api/invitation/create': INVITE,
  '/api/user/changeRole': bit(PERMISSION.EDIT_PERMISSIONS),
  '/api/user/createRole': bit(PERMISSION.CREATE_ROLE),
  '/api/user/editRole': bit(PERMISSION.EDIT_ROLE),

  // Settings (issue 10): docs/decisions/settings-rules.md.
  '/api/user/deleteRole': bit(PERMISSION.DELETE_ROLE),
  '/api/user/remove': bit(PERMISSION.REMOVE_COLLABORATOR),
  '/api/invitation/list': INVITE,
  '/api/invitation/resend': INVITE,
  '/api/invitation/revoke': INVITE,
  '/api/organisation/rename': OWNER,
  // Every member may leave; the owner is refused by the service (nobody would own the organisation).
  '/api/organisation/leave': MEMBER,
  '/api/organisation/exportData': ownerOrBit(PERMISSION.EXPORT_PROSPECTS),

  // Prospects and imports.
  '/api/prospect/load': bit(PERMISSION.IMPORT_CAMPAIGN),
  '/api/prospect/import/start': bit(PERMISSION.IMPORT_CAMPAIGN),
  '/api/prospect/import/rows': bit(PERMISSION.IMPORT_CAMPAIGN),
  '/api/prospect/import/finish': bit(PERMISSION.IMPORT_CAMPAIGN),
  '/api/prospect/import/abort': bit(PERMISSION.IMPORT_CAMPAIGN),
  '/api/prospect/import/enrichment': bit(PERMISSION.IMPORT_CAMPAIGN),
  '/api/prospect/createManual': bit(PERMISSION.IMPORT_CAMPAIGN),
  '/api/prospect/get/all': bit(PERMISSION.VIEW_PROSPECTS),
  '/api/prospect/get/value': bit(PERMISSION.VIEW_PROSPECTS),
  '/api/prospect/get/excel/one': bit(PERMISSION.VIEW_PROSPECTS),
  '/api/prospect/delete': bit(PERMISSION.DELETE_CAMPAIGN),
  '/api/prospect/setLatLng': bit(PERMISSION.EDIT_PROSPECT),
  // The bin (issue 23): docs/decisions/bin.md. A file goes with "Supprimer une campagne", a prospect or
  // an opportunity with "Supprimer un prospect"; the bin lists and restores what the caller's bits deleted.
  '/api/prospect/undoImport': bit(PERMISSION.DELETE_CAMPAIGN),
  '/api/prospect/deleteOne': bit(PERMISSION.DELETE_PROSPECT),
  '/api/opportunity/delete': bit(PERMISSION.DELETE_PROSPECT),
  '/api/bin/list': anyOf(PERMISSION.DELETE_CAMPAIGN, PERMISSION.DELETE_PROSPECT),
  '/api/bin/restore': anyOf(PERMISSION.DELETE_CAMPAIGN, PERMISSION.DELETE_PROSPECT),

  // Opportunities and messages.
  '/api/opportunity/create': bit(PERMISSION.CREATE_PROSPECT),
  '/api/opportunity/addone': bit(PERMISSION.CREATE_PROSPECT),
  '/api/opportunity/status': bit(PERMISSION.VIEW_PROSPECTS),
  '/api/opportunity/get': bit(PERMISSION.VIEW_PROSPECTS),
  '/api/opportunity/getAllCount': bit(PERMISSION.VIEW_PROSPECTS),
  '/api/opportunity/getwithfilter': bit(PERMISSION.VIEW_PROSPECTS),
  '/api/opportunity/listWindow': bit(PERMISSION.VIEW_PROSPECTS),
  '/api/opportunity/setTodo': bit(PERMISSION.CHANGE_STATE),
  '/api/opportunity/setWaiting': bit(PERMISSION.CHANGE_STATE),
  '/api/opportunity/setWin': bit(PERMISSION.CHANGE_STATE),
  '/api/opportunity/setLoose': bit(PERMISSION.CHANGE_STATE),
  '/api/opportunity/updateContractuelle': bit(PERMISSION.EDIT_CONTRACTS),
  '/api/opportunity/updateProspect': bit(PERMISSION.EDIT_PROSPECT),
  '/api/opportunity/export/filter': bit(PERMISSION.EXPORT_PROSPECTS),
  '/api/messages/post': bit(PERMISSION.COMMENT),
  // The unassigned pool (issue 9 decision): taking a prospect creates an opportunity.
  '/api/opportunity/unassigned': bit(PERMISSION.CREATE_PROSPECT),
  '/api/opportunity/takeNext': bit(PERMISSION.CREATE_PROSPECT),
  '/api/opportunity/assign': bit(PERMISSION.ASSIGN_COLLABORATOR),
  // Who else has the detail open: whoever may read it (edit-conflicts.md).
  '/api/opportunity/presence': bit(PERMISSION.VIEW_PROSPECTS),
  '/api/opportunity/presence/leave': bit(PERMISSION.VIEW_PROSPECTS),

  // The morning e-mail (issue 20): every member chooses for themself, docs/decisions/morning-digest.md.
  '/api/digest/preference/get': MEMBER,
  '/api/digest/preference/set': MEMBER,
  // Reports (issue 22): docs/decisions/reports.md.
  '/api/report/filters': bit(PERMISSION.VIEW_REPORTS),
  '/api/report/files': bit(PERMISSION.VIEW_REPORTS),
  '/api/report/salespeople': bit(PERMISSION.VIEW_REPORTS),
  '/api/report/timeline': bit(PERMISSION.VIEW_REPORTS),
  '/api/report/geography': bit(PERMISSION.VIEW_REPORTS),
  // The organisation's audit log (issue 23): read-only, docs/decisions/audit-log.md.
  '/api/audit/list': bit(PERMISSION.VIEW_HISTORY),
  '/api/audit/export': bit(PERMISSION.VIEW_HISTORY),

  // Tournées (issue 13): a member's own rounds, docs/decisions/rounds.md.
  '/api/round/settings': bit(PERMISSION.CREATE_ROUND),
  '/api/round/list': bit(PERMISSION.CREATE_ROUND),
  '/api/round/get': bit(PERMISSION.CREATE_ROUND),
  '/api/round/create': bit(PERMISSION.CREATE_ROUND),
  '/api/round/update': bit(PERMISSION.CREATE_ROUND),
  '/api/round/delete': bit(PERMISSION.CREATE_ROUND),
  '/api/round/geocode': bit(PERMISSION.CREATE_ROUND),

  // Notifications and the day's agenda (issue 20): docs/decisions/notifications.md. Each member reads
  // only their own notifications; the agenda lists the caller's own follow-ups.
  '/api/notification/list': MEMBER,
  '/api/notification/count': MEMBER,
  '/api/notification/read': MEMBER,
  '/api/notification/readAll': MEMBER,
  '/api/agenda/today': bit(PERMISSION.VIEW_PROSPECTS),
  // The calendar feed (issue 20): the member's own follow-ups, so the bit that shows prospects;
  // docs/decisions/calendar-feed.md.
  '/api/calendar/get': bit(PERMISSION.VIEW_PROSPECTS),
  '/api/calendar/create': bit(PERMISSION.VIEW_PROSPECTS),
  '/api/calendar/regenerate': bit(PERMISSION.VIEW_PROSPECTS),
  // The live team (issue 23): the events of what the lists show; docs/decisions/live-team.md.
  '/api/live/ticket': bit(PERMISSION.VIEW_PROSPECTS),

  // Licences and payments ({card-provider} = stripe).
  '/api/stripe/getAllKey': MEMBER,
  '/api/stripe/assignKey': bit(PERMISSION.EDIT_PERMISSIONS),
  '/api/stripe/getMainSub': MEMBER,
  '/api/stripe/getPortalLink': OWNER,
  '/api/stripe/createOwner': OWNER,
  '/api/stripe/newLicense': OWNER,
  // Billing (issue 11): docs/decisions/billing.md. The price list is what every member's screen shows.
  '/api/stripe/prices': MEMBER,
  '/api/stripe/save': OWNER,
};

export function permissionFor(path: string): PermissionRule | undefined {
  return Object.hasOwn(ROUTE_PERMISSIONS, path) ? ROUTE_PERMISSIONS[path] : undefined;
}

export function describeRule(rule: PermissionRule): string {
  switch (rule.kind) {
    case 'bit':
      return `bit ${rule.bit}`;
    case 'anyOf':
      return `un des bits ${rule.bits.join(', ')}`;
    case 'member':
      return 'tout membre';
    case 'owner':
      return 'propriétaire';
    case 'ownerOrBit':
      return `propriétaire ou bit ${rule.bit}`;
  }
}
