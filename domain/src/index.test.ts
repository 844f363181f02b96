import * as domain from './index';

// Other packages code against these names; renaming one breaks them.
const CONTRACT = [
  'OPPORTUNITY_STATES',
  'OPPORTUNITY_STATE_LABELS',
  'LIST_FILTERS',
  'parseListFilter',
  'LIST_FILTER_LABELS',
  'STATUS_NAMES',
  'PERMISSIONS',
  'PERMISSION',
  'ALL_PERMISSIONS_MASK',
  'hasPermission',
  'togglePermission',
  'parseBinaryValue',
  'DEFAULT_ROLES',
  'PLAN_CODES',
  'PLANS',
  'planPrice',
  'yearlyTotal',
  'MESSAGES',
  'firstErrorMessage',
  'passwordSchema',
  'emailSchema',
  'phoneSchema',
  'loginSchema',
  'registerSchema',
  'fastRegisterSchema',
  'forgotSchema',
  'verifyResetTokenSchema',
  'resetPasswordSchema',
  'organisationCreateSchema',
  'invitationCreateSchema',
  'importTitleSchema',
  'newOpportunitySchema',
  'contractualSchema',
  'prospectInfoSchema',
  'commentSchema',
  'chatMessageSchema',
  'waitingDateSchema',
  'licenceCountSchema',
  'objectIdSchema',
  'tokenSchema',
  'REGIONS',
  'DEPARTMENTS',
  'departmentOfPostalCode',
  'regionOfDepartment',
  'formatDate',
  'formatDateTime',
  'formatClock',
  'truncateProspectName',
  'progressPercent',
  'formatDuration',
];

describe('@app/domain', () => {
  it.each(CONTRACT)('exports %s', (name) => {
    expect(domain).toHaveProperty(name);
    expect((domain as Record<string, unknown>)[name]).toBeDefined();
  });
});
