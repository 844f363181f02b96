// The mail section of the configuration: SMTP delivery, or the outbox when SMTP_URL is unset
// (docs/decisions/configuration.md, e-mail.md).
import { z } from 'zod';
import { ConfigError, defineSection, variable } from '../config-variables';

export type MailConfig = { smtpUrl: string | undefined; from: string };

export const mailSection = defineSection(
  {
    SMTP_URL: variable(z.string().regex(/^smtps?:\/\/\S+$/), 'doit être une URL smtp:// ou smtps://', {
      secret: 'password',
    }),
    MAIL_FROM: variable(
      z.string().regex(/^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/),
      'doit être une adresse e-mail, éventuellement sous la forme "Nom <adresse@domaine>"',
    ),
  },
  (values): { mail: MailConfig } => {
    if (values.SMTP_URL !== undefined && values.MAIL_FROM === undefined)
      throw new ConfigError('MAIL_FROM', 'MAIL_FROM est obligatoire quand SMTP_URL est défini (reçu: rien)');
    return {
      mail: { smtpUrl: values.SMTP_URL, from: values.MAIL_FROM ?? 'Prospection <no-reply@localhost>' },
    };
  },
);
