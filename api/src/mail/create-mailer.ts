import type { Logger } from 'pino';
import type { MailConfig } from './config';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mailer';

export function createMailer(config: { mail: MailConfig; dataDir: string }, logger: Logger): Mailer {
  if (config.mail.smtpUrl)
    return createSmtpMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, logger });
  return createOutboxMailer({ dataDir: config.dataDir, from: config.mail.from, logger });
}
