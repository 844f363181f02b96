// One test app per describe block whose mail goes to a real in-process SMTP server, with a `post`
// helper: the set-up every API test file that sends e-mail shares.
import request from 'supertest';
import { startSmtpServer, type TestSmtpServer } from './smtp';
import { createTestApp, type TestApp } from './test-app';

export type MailingTestApp = Pick<TestApp, 'app' | 'store' | 'clock'> & {
  smtp: TestSmtpServer;
  post(path: string, body: unknown): request.Test;
};

/** Call inside a describe block: starts the app and the SMTP server before its tests, stops them after. */
export function useMailingTestApp(): MailingTestApp {
  let t: TestApp | undefined;
  let smtp: TestSmtpServer | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = createTestApp({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const started = () => {
    if (!t || !smtp) throw new Error('useMailingTestApp: the app is used before beforeAll ran');
    return { t, smtp };
  };
  return {
    get app() {
      return started().t.app;
    },
    get store() {
      return started().t.store;
    },
    get clock() {
      return started().t.clock;
    },
    get smtp() {
      return started().smtp;
    },
    post: (path, body) =>
      request(started().t.app)
        .post(path)
        .send(body as object),
  };
}
