// @app/domain: isomorphic business rules shared by the browser apps and the API.
export * from './opportunity-states';
export * from './permissions';
export * from './plans';
export * from './prospect-fields';
export * from './licences';
export * from './format';
export * from './runtime/yield-to-event-loop';

export * from './geography/geography-types';
export * from './geography/geography-data';
export * from './geography/geography';
export * from './geography/positions';

export * from './prospects/import-targets';
export * from './prospects/siret';
export * from './prospects/normalise-search';
export * from './prospects/derive-fields';
export * from './prospects/normalise-row';
export * from './prospects/registry-enrichment';
export * from './prospects/file-views';

export * from './opportunities/timing';
export * from './opportunities/views';
export * from './opportunities/filters';
export * from './opportunities/list-facets';
export * from './opportunities/csv';
export * from './rounds';
export * from './notifications';
export * from './digest';
export * from './calendar-feed';
export * from './report-filters';
export * from './reports';
export * from './live';

export * from './validation/messages';
export * from './validation/errors';
export { MAX_LENGTHS, MAX_ITEMS } from './validation/fields';
export * from './validation/ids';
export * from './validation/password';
export * from './validation/email';
export * from './validation/phone';
export * from './validation/login';
export * from './validation/register';
export * from './validation/fast-register';
export * from './validation/forgot';
export * from './validation/reset-password';
export * from './validation/organisation-create';
export * from './validation/invitation-create';
export * from './validation/import-title';
export * from './validation/prospect-import';
export * from './validation/contact';
export * from './validation/custom-fields';
export * from './validation/new-opportunity';
export * from './validation/contractual';
export * from './validation/prospect-info';
export * from './validation/comment';
export * from './validation/chat-message';
export * from './validation/waiting-date';
export * from './validation/opportunity-requests';
export * from './validation/licence-count';
export * from './validation/role';
export * from './validation/settings';
export * from './validation/billing';

export * from './replies/common';
export * from './replies/accounts';
export * from './replies/organisations';
export * from './replies/invitations';
export * from './replies/licences';
export * from './replies/billing';
export * from './replies/prospecting';
export * from './replies/rounds';

export * from './import-file/encoding';
export * from './import-file/delimiter';
export * from './import-file/header-matching';
export * from './import-file/unique-headers';
export * from './import-file/rejected-rows-csv';
