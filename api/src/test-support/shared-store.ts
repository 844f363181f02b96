// API instances in this process, each on its own connection to one DATA_DIR's store file, as two
// processes have: the set-up of the two-process tests (presence, live, calendar feed, the bin's purge,
// the digest). The built API as real processes is api-process.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { type App, createApp } from '../app';
import { openSqliteStore } from '../db/sqlite-store';
import type { Store } from '../db/types';
import { createMailer } from '../mail/create-mailer';
import type { Mailer } from '../mail/mailer';
import { testConfig } from './test-app';

const silent = pino({ level: 'silent' });

export type SharedInstance = { app: App; store: Store };

export type SharedStore = {
  /** The folder of the DATA_DIR (as testConfig takes it). */
  dir: string;
  /**
   * A new instance on its own connection to the store file; its clock is the store's unless `now`
   * is given, its mail goes to the outbox unless `mailer` is given (closed with the instance).
   */
  instance(options?: {
    now?: () => number;
    mailer?: Mailer;
    digestSchedule?: boolean;
    /** Variables on top of the test configuration's. */
    env?: Record<string, string>;
  }): Promise<SharedInstance>;
  /** Serves an instance on a real socket (a stream read as a browser reads it); its address. */
  listen(app: App): Promise<string>;
  /** Stops every instance (its server, mailer and store), then removes the folder. */
  close(): Promise<void>;
};

/** A new DATA_DIR (its folder named after `prefix`) whose instances run on the clock `now`. */
export function openSharedStore(prefix: string, now: () => number): SharedStore {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const opened: { app: App; store: Store; mailer: Mailer; server?: Server }[] = [];
  return {
    dir,
    async instance(options = {}) {
      const config = testConfig({ EXPORT_WORKERS: '0', FILE_READ_WORKERS: '0', ...options.env }, dir);
      const store = await openSqliteStore({ dataDir: config.dataDir });
      const mailer = options.mailer ?? createMailer(config, silent);
      const app = createApp(config, {
        store,
        mailer,
        logger: silent,
        now: options.now ?? now,
        digestSchedule: options.digestSchedule ?? false,
        listsWarmUp: false,
      });
      await app.locals.ready;
      opened.push({ app, store, mailer });
      return { app, store };
    },
    async listen(app) {
      const server = await new Promise<Server>((resolve) => {
        const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
      });
      const entry = opened.find((one) => one.app === app);
      if (entry) entry.server = server;
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async close() {
      for (const { app, store, mailer, server } of opened.splice(0)) {
        app.locals.stop();
        await app.locals.release();
        server?.closeAllConnections();
        await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
        await mailer.close();
        await store.close();
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
