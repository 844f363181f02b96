import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * Without SMTP_URL the product writes every e-mail as one .eml file under DATA_DIR/outbox/, named
 * `<ISO time>-<recipient>-<sequence>.eml`: reading them is how a test user "reads their e-mail".
 */
export type OutboxMail = { file: string; to: string; content: string };

export function readOutbox(dataDir: string): OutboxMail[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const content = readFileSync(path.join(outbox, name), 'utf8');
      const to = /^To: (.+)$/m.exec(content)?.[1]?.trim() ?? '';
      return { file: name, to, content };
    });
}

export function mailsTo(dataDir: string, email: string): OutboxMail[] {
  return readOutbox(dataDir).filter((mail) => mail.to.toLowerCase() === email.toLowerCase());
}

/**
 * Waits for a new e-mail to `email` (one more than `countBefore`) holding a link that starts with
 * `linkPrefix`, and returns that link. Some e-mails go out after the reply (forgot), hence the poll.
 */
export async function waitForMailLink(
  dataDir: string,
  email: string,
  countBefore: number,
  linkPrefix: string,
): Promise<string> {
  await expect
    .poll(() => mailsTo(dataDir, email).length, {
      message: `un nouvel e-mail pour ${email}`,
      timeout: 10_000,
    })
    .toBeGreaterThan(countBefore);
  const newest = mailsTo(dataDir, email).at(-1);
  const escaped = linkPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // The text part carries the link alone on its line; stop at whitespace or HTML delimiters.
  const link = newest ? new RegExp(`${escaped}[^\\s"<>&]+`).exec(newest.content)?.[0] : undefined;
  if (!link) throw new Error(`Aucun lien ${linkPrefix}… dans ${newest?.file ?? "l'e-mail"}`);
  return link;
}
