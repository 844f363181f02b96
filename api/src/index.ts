// Entry point: configuration, store, mailer, app, listen; graceful shutdown on SIGTERM/SIGINT. With
// WEB_CONCURRENCY above 1 this process is the primary of that many workers, each running main.
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { firstWorkerListens, runPrimary } from './cluster';
import { ConfigError, loadConfig } from './config';
import { installProcessHandlers } from './http/error-handler';
import { createLogger } from './logger';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration invalide : ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const logger = createLogger(config);
  installProcessHandlers(logger);
  if (cluster.isPrimary && config.webConcurrency > 1) {
    logger.info({ configuration: config.variables }, 'Configuration effective');
    runPrimary(config.webConcurrency, logger);
    return;
  }
  // A worker's configuration is the primary's: logged once, by it.
  if (cluster.isPrimary) logger.info({ configuration: config.variables }, 'Configuration effective');

  // Loaded here, not at the top: the cluster's primary never runs the API, and each worker is forked
  // once it has loaded only the configuration (every-core.md, "Start-up").
  const [{ createApp }, { openStore }, { createMailer }] = await Promise.all([
    import('./app'),
    import('./db/open-store'),
    import('./mail/create-mailer'),
  ]);
  await firstWorkerListens();
  const store = await openStore(config, logger);
  const mailer = createMailer(config, logger);
  const app = createApp(config, { store, mailer, logger });
  await app.locals.ready;

  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(config.port, config.host, (error?: Error) =>
      error ? reject(error) : resolve(listening),
    );
  });
  logger.info(
    {
      port: config.port,
      host: config.host,
      store: store.kind,
      mail: mailer.mode,
      dataDir: config.dataDir,
      webRoot: config.webRoot,
    },
    `API à l’écoute sur ${config.publicUrl}`,
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Arrêt en cours');
    // Refuse new connections, let running requests finish, then close idle keep-alive sockets.
    app.locals.stop();
    server.close(async (error) => {
      try {
        await mailer.close();
        await app.locals.release();
        await store.close();
        logger.info('Arrêt terminé');
        process.exit(error ? 1 : 0);
      } catch (closeError) {
        logger.error({ err: closeError }, 'Erreur pendant l’arrêt');
        process.exit(1);
      }
    });
    server.closeIdleConnections();
    setTimeout(() => {
      logger.warn('Arrêt forcé après 10 s');
      server.closeAllConnections();
    }, 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('Démarrage impossible :', error instanceof Error ? error.message : error);
  process.exit(1);
});
