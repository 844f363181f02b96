import pino, { type Logger } from 'pino';
import type { LogLevel } from './config-variables';

export function createLogger(config: { logLevel: LogLevel }): Logger {
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
