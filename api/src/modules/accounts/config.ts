// The accounts section of the configuration: password hashing, and the lifetimes of sessions and tokens
// (docs/decisions/configuration.md, docs/security.md).
import { defineSection, integer, variableWithDefault } from '../../config-variables';

export type AccountsSecurityConfig = {
  /** scrypt cost N (power of two). Lower it only in tests. */
  passwordHashCost: number;
  sessionTtlMs: number;
  resetTokenTtlMs: number;
  invitationTtlMs: number;
};

export const accountsSection = defineSection(
  {
    PASSWORD_HASH_COST: variableWithDefault(
      integer(1024, 1 << 20).refine((n) => (n & (n - 1)) === 0),
      'doit être une puissance de 2 entre 1024 et 1048576',
      1 << 15,
    ),
  },
  (values): AccountsSecurityConfig => ({
    passwordHashCost: values.PASSWORD_HASH_COST,
    sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
    resetTokenTtlMs: 60 * 60 * 1000,
    invitationTtlMs: 7 * 24 * 60 * 60 * 1000,
  }),
);
