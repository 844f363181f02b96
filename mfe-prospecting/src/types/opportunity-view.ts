// The views the opportunity calls return, defined once in domain (shared with the API).
export type {
  ContactView,
  HistoryView,
  MessageView,
  OpportunityView,
  ProspectView,
  StatusView,
} from '@app/domain';
