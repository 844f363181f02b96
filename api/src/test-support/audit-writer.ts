// Another writer of a test app's audit log, as another process's audit module would be: no schedule,
// no names to resolve, nothing kept past retention.
import pino from 'pino';
import { type AuditModule, createAuditModule } from '../modules/audit/module';
import type { TestApp } from './test-app';

export function otherAuditWriter(t: Pick<TestApp, 'store' | 'clock' | 'config'>): AuditModule {
  return createAuditModule({
    store: t.store,
    logger: pino({ level: 'silent' }),
    now: t.clock.now,
    retentionDays: t.config.auditRetentionDays,
    usernames: async () => [],
    organisationsOf: async () => [],
    keptOpportunities: async () => new Set(),
    schedule: false,
  });
}
