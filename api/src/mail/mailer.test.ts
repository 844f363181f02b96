// Both delivery modes: SMTP (to a real in-process server) and the DATA_DIR/outbox files.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { startSmtpServer } from '../test-support/smtp';
import { createTestApp, signUp, uniqueEmail } from '../test-support/test-app';
import { createOutboxMailer, createSmtpMailer, outboxFileName, SMTP_POOL_CONNECTIONS } from './mailer';
import { invitationMail, morningDigestMail, passwordResetMail } from './templates';

const silent = pino({ level: 'silent' });

describe('templates', () => {
  it('escape user data in the HTML part only', () => {
    const mail = invitationMail({
      to: 'a@b.fr',
      inviterName: '<img src=x onerror=alert(1)>',
      organisationName: 'A & "B"',
      link: 'http://app.test/invitation/join/abc',
    });
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('A &amp; &quot;B&quot;');
    expect(mail.text).toContain('<img src=x onerror=alert(1)> vous invite');
    expect(mail.link).toBe('http://app.test/invitation/join/abc');
  });

  it('put the reset link on its own line in the text part', () => {
    const mail = passwordResetMail({
      to: 'a@b.fr',
      username: 'Dupont Marie',
      link: 'http://app.test/reset-password?token=abc',
    });
    expect(mail.text.split('\n')).toContain('http://app.test/reset-password?token=abc');
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe');
  });
});

describe('SMTP mode', () => {
  it('delivers text and HTML in UTF-8 to the SMTP server', async () => {
    const smtp = await startSmtpServer();
    const mailer = createSmtpMailer({
      smtpUrl: smtp.url,
      from: 'Prospection <no-reply@app.test>',
      logger: silent,
    });
    try {
      await mailer.send(
        passwordResetMail({
          to: 'élodie@exemple.fr',
          username: 'Élodie Brûlé',
          link: 'http://app.test/reset-password?token=t0k3n',
        }),
      );
      const mail = await smtp.waitFor('élodie@exemple.fr');
      expect(mail.from).toBe('no-reply@app.test');
      expect(mail.subject).toBe('Réinitialisation de votre mot de passe');
      expect(mail.text).toContain('Bonjour Élodie Brûlé,');
      expect(mail.text).toContain('http://app.test/reset-password?token=t0k3n');
      expect(mail.html).toContain('href="http://app.test/reset-password?token=t0k3n"');
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('sends many messages over a few pooled connections, each delivered once', async () => {
    const smtp = await startSmtpServer();
    const mailer = createSmtpMailer({
      smtpUrl: smtp.url,
      from: 'Prospection <no-reply@app.test>',
      logger: silent,
    });
    try {
      const addresses = Array.from({ length: 24 }, (_, i) => `membre.${i}@exemple.fr`);
      await Promise.all(
        addresses.map((to) =>
          mailer.send({ to, subject: `Bonjour ${to}`, text: 'Texte', html: '<p>Texte</p>' }),
        ),
      );
      expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual([...addresses].sort());
      expect(smtp.received.map((mail) => mail.subject).sort()).toEqual(
        addresses.map((to) => `Bonjour ${to}`).sort(),
      );
      expect(smtp.connections()).toBeLessThanOrEqual(SMTP_POOL_CONNECTIONS);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });
});

describe('outbox mode', () => {
  it('writes one readable file per message, links included', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
    try {
      const mailer = createOutboxMailer({
        dataDir,
        from: 'Prospection <no-reply@localhost>',
        logger: silent,
        now: () => Date.UTC(2025, 0, 6, 9, 0, 0),
      });
      await mailer.send(
        passwordResetMail({
          to: 'a@b.fr',
          username: 'Dupont Marie',
          link: 'http://app.test/reset-password?token=abc',
        }),
      );
      await mailer.send(
        invitationMail({
          to: 'a@b.fr',
          inviterName: 'X',
          organisationName: 'Y',
          link: 'http://app.test/invitation/join/def',
        }),
      );
      const files = readdirSync(path.join(dataDir, 'outbox')).sort();
      expect(files).toEqual([
        '2025-01-06T09-00-00-000Z-a@b.fr-1.eml',
        '2025-01-06T09-00-00-000Z-a@b.fr-2.eml',
      ]);
      const first = readFileSync(path.join(dataDir, 'outbox', files[0] as string), 'utf8');
      expect(first).toContain('To: a@b.fr');
      expect(first).toContain('Bonjour Dupont Marie,');
      expect(first).toContain('\r\nhttp://app.test/reset-password?token=abc\r\n');
      expect(first).toContain('Content-Type: text/html; charset=utf-8');
      expect(readFileSync(path.join(dataDir, 'outbox', files[1] as string), 'utf8')).toContain(
        'http://app.test/invitation/join/def',
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('writes the extra headers of a message (the morning e-mail’s one-click unsubscribe)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
    try {
      const mailer = createOutboxMailer({
        dataDir,
        from: 'Prospection <no-reply@localhost>',
        logger: silent,
      });
      const line = {
        label: 'Société <Une>',
        detail: 'relance prévue à 14:30',
        link: 'http://app.test/dashboard/opportunity/1',
      };
      await mailer.send(
        morningDigestMail({
          to: 'a@b.fr',
          username: 'Dupont Marie',
          organisationName: 'Société Alpha',
          dateLabel: 'lundi 6 janvier 2025',
          today: [line],
          overdue: [],
          renewals: [],
          more: { today: 0, overdue: 0, renewals: 0 },
          listLink: 'http://app.test/dashboard/opportunity/list/todo',
          unsubscribeLink: 'http://app.test/api/digest/unsubscribe?token=t',
          accountLink: 'http://app.test/dashboard/prospect/settings/compte',
        }),
      );
      const [file] = readdirSync(path.join(dataDir, 'outbox'));
      const content = readFileSync(path.join(dataDir, 'outbox', file as string), 'utf8');
      expect(content).toContain('\r\nList-Unsubscribe: <http://app.test/api/digest/unsubscribe?token=t>\r\n');
      expect(content).toContain('\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n');
      expect(content).toContain('- Société <Une> — relance prévue à 14:30');
      expect(content).toContain('Société &lt;Une&gt;</a>');
      expect(content).not.toContain('En retard');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps file names safe whatever the address', () => {
    expect(outboxFileName(new Date(0), 'a/../b@c.fr')).toBe('1970-01-01T00-00-00-000Z-a_.._b@c.fr.eml');
  });

  it('is what the app uses without SMTP_URL: forgot leaves the reset link in DATA_DIR/outbox', async () => {
    const t = createTestApp();
    try {
      const { email } = await signUp(t.app, uniqueEmail('outbox'));
      expect((await request(t.app).post('/api/forgot').send({ email })).status).toBe(200);
      const outbox = path.join(t.config.dataDir, 'outbox');
      let files: string[] = [];
      for (let i = 0; i < 100 && files.length === 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        try {
          files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
        } catch {
          files = [];
        }
      }
      expect(files).toHaveLength(1);
      const content = readFileSync(path.join(outbox, files[0] as string), 'utf8');
      const token = /http:\/\/app\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(content)?.[1];
      expect(token).toBeDefined();
      expect((await request(t.app).post('/api/verifyResetToken').send({ token })).body).toEqual({
        valid: true,
      });
    } finally {
      await t.close();
    }
  });
});
