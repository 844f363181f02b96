// The licences section of the configuration: a new organisation's trial (docs/decisions/licences.md).
import { defineSection, integer, variableWithDefault } from '../../config-variables';

/** A new organisation's trial: its length in days (TRIAL_DAYS) and its licence keys (TRIAL_LICENCES). */
export type TrialConfig = { days: number; licences: number };

export const licencesSection = defineSection(
  {
    TRIAL_DAYS: variableWithDefault(integer(1, 365), 'doit être un nombre de jours entre 1 et 365', 14),
    TRIAL_LICENCES: variableWithDefault(integer(1, 100), 'doit être un nombre de licences entre 1 et 100', 3),
  },
  (values): { trial: TrialConfig } => ({
    trial: { days: values.TRIAL_DAYS, licences: values.TRIAL_LICENCES },
  }),
);
