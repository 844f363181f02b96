// The morning e-mail component for the composition root (issue 20): each licensed member's follow-ups
// of the day, once per organisation and day, from DIGEST_HOUR (Europe/Paris). A check every minute and
// one at start (catching up the same day after a stop); the store, not a timer, decides who already
// had theirs (docs/decisions/morning-digest.md).
import type { Router } from 'express';
import type { Logger } from 'pino';
import type { Store } from '../../db/types';
import type { ApiRoutes } from '../../http/api-routes';
import type { Mailer } from '../../mail/mailer';
import { AgendaQuery } from './agenda-query';
import { DigestRepository } from './repository';
import { registerDigestRoutes } from './routes';
import { type DigestPorts, DigestService, type DigestRunSummary } from './service';
import { unsubscribeRouter } from './unsubscribe-pages';

export type { DigestPorts, DigestRunSummary } from './service';

/** How often each process checks whether the day's e-mails are due. */
export const DIGEST_CHECK_EVERY_MS = 60 * 1000;

export type DigestModuleDeps = DigestPorts & {
  store: Store;
  mailer: Mailer;
  logger: Logger;
  now: () => number;
  publicUrl: string;
  digestHour: number;
  timeZone: string;
  /** False: no check at start nor every minute (tests run the day themselves through `runDue`). */
  schedule: boolean;
};

export type DigestModule = {
  /** Indexes; then, when scheduled, the first check (not awaited) and the one every minute. */
  start(): Promise<void>;
  stop(): void;
  registerRoutes(api: ApiRoutes): void;
  /** The unsubscribe page and its one-click POST (outside the JSON registry). */
  router: Router;
  /** Sends the day's e-mails not sent yet, if the hour has come (what the scheduler runs). */
  runDue(): Promise<DigestRunSummary>;
};

export function createDigestModule({ store, schedule, ...deps }: DigestModuleDeps): DigestModule {
  const repository = new DigestRepository(store);
  const digest = new DigestService({ ...deps, repository, agenda: new AgendaQuery(deps.followUps) });
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const check = () => {
    if (stopped) return;
    digest
      .runDue()
      .then((summary) => {
        if (summary.sent > 0 || summary.failed > 0) deps.logger.info(summary, 'E-mails du matin envoyés');
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, 'Échec de l’envoi des e-mails du matin'));
  };
  return {
    async start() {
      await repository.ensureIndexes();
      if (!schedule || stopped) return;
      // Not awaited: the API listens while a late start catches the day up.
      setImmediate(check);
      timer = setInterval(check, DIGEST_CHECK_EVERY_MS);
      timer.unref();
    },
    stop() {
      stopped = true;
      clearInterval(timer);
    },
    registerRoutes: (api) => registerDigestRoutes(api, digest),
    router: unsubscribeRouter(digest, `${deps.publicUrl}/dashboard/prospect/settings/compte`),
    runDue: () => digest.runDue(),
  };
}
