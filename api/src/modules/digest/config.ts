// The morning e-mail's section of the configuration (docs/decisions/configuration.md, morning-digest.md).
import { defineSection, integer, variableWithDefault } from '../../config-variables';

export type DigestConfig = {
  /** The hour (0–23, Europe/Paris) from which each licensed member's morning e-mail is sent (DIGEST_HOUR). */
  digestHour: number;
};

export const DEFAULT_DIGEST_HOUR = 8;

export const digestSection = defineSection(
  {
    DIGEST_HOUR: variableWithDefault(
      integer(0, 23),
      'doit être une heure entière entre 0 et 23 (heure de Paris)',
      DEFAULT_DIGEST_HOUR,
    ),
  },
  (values): DigestConfig => ({ digestHour: values.DIGEST_HOUR }),
);
