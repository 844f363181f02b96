// E-mail delivery: SMTP through nodemailer when SMTP_URL is set, otherwise one file per message in
// DATA_DIR/outbox/ (and the link logged) so a newcomer can follow a reset link with no mail server.
// docs/decisions/email-delivery.md.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message is about (reset, invitation): logged in outbox mode. */
  link?: string;
  /** Extra headers (the morning e-mail's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
};

export type Mailer = {
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
};

/**
 * SMTP connections kept open and shared by the messages: the morning e-mails of a thousand members go
 * over these few instead of one connection (and its greeting, EHLO, QUIT) each.
 */
export const SMTP_POOL_CONNECTIONS = 4;

/**
 * The package, loaded with the SMTP mailer: the outbox (no SMTP_URL) does not pay for it at each start
 * (every-core.md, "Start-up").
 */
function loadNodemailer(): typeof nodemailer {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('nodemailer') as typeof nodemailer;
}

export function createSmtpMailer(options: { smtpUrl: string; from: string; logger: Logger }): Mailer {
  // Messages beyond the open connections wait in the pool's queue; an idle connection closes by itself.
  const transport = loadNodemailer().createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: SMTP_POOL_CONNECTIONS,
  });
  return {
    mode: 'smtp',
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
      });
      options.logger.info({ messageId: info.messageId, subject: message.subject }, 'E-mail envoyé');
    },
    async close() {
      transport.close();
    },
  };
}

const toCrlf = (text: string) => text.replace(/\r?\n/g, '\r\n');

/** A file name that sorts by time and says who the message is for, with nothing a shell would mind. */
export function outboxFileName(date: Date, to: string): string {
  const stamp = date.toISOString().replace(/[:.]/g, '-');
  const safeTo = to.replace(/[^a-zA-Z0-9@._+-]/g, '_').slice(0, 100);
  return `${stamp}-${safeTo}.eml`;
}

/**
 * Writes each message as a plain-text .eml file (headers, text part, HTML part, 8-bit UTF-8), readable
 * in any editor or mail client. Links appear as is on their own line in the text part.
 */
export function createOutboxMailer(options: {
  dataDir: string;
  from: string;
  logger: Logger;
  now?: () => number;
}): Mailer {
  const outbox = path.join(options.dataDir, 'outbox');
  const now = options.now ?? Date.now;
  let sequence = 0;
  return {
    mode: 'outbox',
    async send(message) {
      await mkdir(outbox, { recursive: true });
      const date = new Date(now());
      sequence += 1;
      const boundary = `----=_Partie_${date.getTime()}_${sequence}`;
      const fileName = outboxFileName(date, message.to).replace(/\.eml$/, `-${sequence}.eml`);
      const body = [
        `From: ${options.from}`,
        `To: ${message.to}`,
        `Subject: =?UTF-8?B?${Buffer.from(message.subject, 'utf8').toString('base64')}?=`,
        `Date: ${date.toUTCString()}`,
        ...Object.entries(message.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
        'MIME-Version: 1.0',
        `Content-Type: multipart/alternative; boundary="${boundary}"`,
        '',
        `--${boundary}`,
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        toCrlf(message.text),
        '',
        `--${boundary}`,
        'Content-Type: text/html; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        toCrlf(message.html),
        '',
        `--${boundary}--`,
        '',
      ].join('\r\n');
      const file = path.join(outbox, fileName);
      // Written aside then renamed: whoever reads the outbox never sees half a message.
      await writeFile(`${file}.part`, body, 'utf8');
      await rename(`${file}.part`, file);
      options.logger.info(
        { file, to: message.to, subject: message.subject, link: message.link },
        `E-mail écrit dans ${file}${message.link ? ` — lien : ${message.link}` : ''}`,
      );
    },
    async close() {},
  };
}
