import pino, { type Logger } from 'pino';
import type { Config } from './config';

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    base: { service: 'api' },
    // Secrets that may travel in bodies or headers never reach the logs.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'password',
        'passwordVerif',
        'token',
        '*.password',
        '*.token',
      ],
      censor: '[masqué]',
    },
  });
}
