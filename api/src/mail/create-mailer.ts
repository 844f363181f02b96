import type { Logger } from 'pino';
import type { Config } from '../config';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mailer';

export function createMailer(config: Pick<Config, 'mail' | 'dataDir'>, logger: Logger): Mailer {
  if (config.mail.smtpUrl)
    return createSmtpMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, logger });
  return createOutboxMailer({ dataDir: config.dataDir, from: config.mail.from, logger });
}
