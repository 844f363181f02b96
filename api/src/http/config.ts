// The access section of the configuration: the rate limits of the calls that take a password or an
// address (docs/decisions/configuration.md, docs/security.md).
import { defineSection, integer, variableWithDefault } from '../config-variables';

export type RateLimitConfig = {
  /** Window of the counters, in ms. */
  windowMs: number;
  /** Attempts allowed per client IP and window, per rate-limited call. */
  maxPerIp: number;
  /** Attempts allowed per e-mail address and window, per rate-limited call. */
  maxPerEmail: number;
};

export const accessSection = defineSection(
  {
    RATE_LIMIT_WINDOW_S: variableWithDefault(
      integer(1, 86_400),
      'doit être un nombre de secondes entre 1 et 86400',
      900,
    ),
    RATE_LIMIT_MAX_PER_IP: variableWithDefault(integer(1, 1_000_000), 'doit être un entier positif', 100),
    RATE_LIMIT_MAX_PER_EMAIL: variableWithDefault(integer(1, 1_000_000), 'doit être un entier positif', 10),
  },
  (values): { rateLimit: RateLimitConfig } => ({
    rateLimit: {
      windowMs: values.RATE_LIMIT_WINDOW_S * 1000,
      maxPerIp: values.RATE_LIMIT_MAX_PER_IP,
      maxPerEmail: values.RATE_LIMIT_MAX_PER_EMAIL,
    },
  }),
);
