// The audit section of the configuration: how long the organisation's audit log keeps its records
// (docs/decisions/audit-log.md, docs/decisions/configuration.md).
import { defineSection, integer, variableWithDefault } from '../../config-variables';

export type AuditConfig = {
  /** Records older than this many days are removed by the daily sweep (AUDIT_RETENTION_DAYS). */
  auditRetentionDays: number;
};

export const auditSection = defineSection(
  {
    AUDIT_RETENTION_DAYS: variableWithDefault(
      integer(1, 36_500),
      'doit être un nombre de jours entre 1 et 36500',
      365,
    ),
  },
  (values): AuditConfig => ({ auditRetentionDays: values.AUDIT_RETENTION_DAYS }),
);
