import type { Logger } from 'pino';
import { openSqliteStore } from './sqlite-store';
import type { Store } from './types';

/** MongoDB when MONGODB_URI is set, otherwise the embedded SQLite store under DATA_DIR. */
export async function openStore(
  config: { mongodbUri?: string | undefined; dataDir: string },
  logger?: Pick<Logger, 'info'>,
): Promise<Store> {
  if (config.mongodbUri) {
    // Loaded only here: the driver is a third of the API's module loading, and the embedded store's
    // start does without it (every-core.md, "Start-up").
    const { openMongoStore } = await import('./mongo-store');
    return openMongoStore(config.mongodbUri);
  }
  return openSqliteStore({
    dataDir: config.dataDir,
    onNedbImport: (report) =>
      logger?.info(
        report,
        `Données NeDB importées dans SQLite ; anciens fichiers conservés dans ${report.folder}`,
      ),
  });
}
