// /api/register, /api/login, /api/fastRegister, /api/verify, /api/logout, /api/forgot,
// /api/verifyResetToken, /api/resetPass — with mail delivered to a real in-process SMTP server.
import request from 'supertest';
import { useMailingTestApp } from '../../test-support/mailing-app';
import {
  createTestApp,
  STRONG_PASSWORD,
  signUp,
  type TestApp,
  uniqueEmail,
} from '../../test-support/test-app';
import { hashSecret } from './tokens';

const DAY = 24 * 3600 * 1000;

describe('accounts', () => {
  const api = useMailingTestApp();
  const { post } = api;
  const users = () => api.store.collection<{ _id: string; email: string; passwordHash: string }>('users');

  describe('register', () => {
    it('creates the account and returns a 256-bit token that /api/verify accepts', async () => {
      const email = uniqueEmail();
      const res = await post('/api/register', { email, password: STRONG_PASSWORD, username: 'Dupont Marie' });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['token']);
      expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const verify = await post('/api/verify', { token: res.body.token });
      expect(verify.status).toBe(200);
      expect(verify.body).toEqual({
        user: { _id: expect.stringMatching(/^[0-9a-f]{24}$/), email, username: 'Dupont Marie' },
      });
    });

    it('stores the e-mail trimmed and lower-cased, the password as scrypt and the token only hashed', async () => {
      const res = await post('/api/register', {
        email: '  Marie.Curie@Exemple.FR ',
        password: STRONG_PASSWORD,
        username: 'Curie Marie',
      });
      expect(res.status).toBe(200);
      const user = await users().findOne({ email: 'marie.curie@exemple.fr' });
      expect(user).not.toBeNull();
      expect(user?.passwordHash).toMatch(/^scrypt\$\d+\$8\$1\$/);
      expect(user?.passwordHash).not.toContain(STRONG_PASSWORD);
      const sessions = api.store.collection<{ _id: string; tokenHash: string }>('sessions');
      expect(await sessions.findOne({ tokenHash: res.body.token })).toBeNull();
      expect(await sessions.findOne({ tokenHash: hashSecret(res.body.token) })).not.toBeNull();
    });

    it('refuses an e-mail already used, whatever its case, with a French 409', async () => {
      const email = uniqueEmail();
      await signUp(api.app, email);
      const res = await post('/api/register', {
        email: email.toUpperCase(),
        password: STRONG_PASSWORD,
        username: 'Autre Personne',
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Un compte existe déjà avec cet e-mail');
      expect(await users().countDocuments({ email })).toBe(1);
    });

    it.each([
      [{ password: 'Court1', username: 'A B' }, 'Mot de passe trop court'],
      [
        { password: 'MOTDEPASSE1', username: 'A B' },
        'Le mot de passe doit contenir au moins une lettre minuscule',
      ],
      [
        { password: 'motdepasse1', username: 'A B' },
        'Le mot de passe doit contenir au moins une lettre majuscule',
      ],
      [{ password: 'Motdepasse', username: 'A B' }, 'Le mot de passe doit contenir au moins un chiffre'],
      [{ password: STRONG_PASSWORD, username: 'A B', email: 'pas-un-email' }, 'Email invalide'],
      [{ password: STRONG_PASSWORD, username: { $ne: null } }, 'Valeur invalide pour le champ nom'],
      [
        { password: STRONG_PASSWORD, username: 'A B', email: { $gt: '' } },
        'Valeur invalide pour le champ e-mail',
      ],
      [
        { password: `${STRONG_PASSWORD}${'x'.repeat(200)}`, username: 'A B' },
        'Le champ mot de passe ne doit pas dépasser 128 caractères',
      ],
    ])('refuses %j with "%s" and creates nothing', async (fields, message) => {
      const before = await users().countDocuments();
      const res = await post('/api/register', { email: uniqueEmail(), ...fields });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(await users().countDocuments()).toBe(before);
    });
  });

  describe('login', () => {
    it('returns a new token for the right password, with the e-mail in any case and spacing', async () => {
      const { email } = await signUp(api.app);
      const res = await post('/api/login', { email: ` ${email.toUpperCase()} `, password: STRONG_PASSWORD });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['token']);
      expect((await post('/api/verify', { token: res.body.token })).status).toBe(200);
    });

    it('answers the same French 401 for a wrong password and an unknown e-mail', async () => {
      const { email } = await signUp(api.app);
      const wrong = await post('/api/login', { email, password: 'Mauvais1' });
      const unknown = await post('/api/login', { email: uniqueEmail('inconnu'), password: 'Mauvais1' });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body.message).toBe('Email ou mot de passe incorrect');
    });

    it('refuses operator objects instead of querying with them', async () => {
      const res = await post('/api/login', { email: { $gt: '' }, password: { $gt: '' } });
      expect(res.status).toBe(400);
      expect(res.body.token).toBeUndefined();
    });
  });

  describe('verify and sessions', () => {
    it('accepts the token in an Authorization: Bearer header too', async () => {
      const { token } = await signUp(api.app);
      const res = await request(api.app).post('/api/verify').set('Authorization', `Bearer ${token}`).send({});
      expect(res.status).toBe(200);
    });

    it.each([
      ['no token', {}],
      ['an unknown token', { token: 'A'.repeat(43) }],
      ['a malformed token', { token: 'pas un jeton' }],
    ])('answers a French 401 for %s', async (_label, body) => {
      const res = await post('/api/verify', body);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Session invalide ou expirée, veuillez vous reconnecter');
    });

    it('answers 400 for a token that is not a string', async () => {
      const res = await post('/api/verify', { token: { $ne: null } });
      expect(res.status).toBe(400);
    });

    it('expires a session after 30 days', async () => {
      const { token } = await signUp(api.app);
      api.clock.advance(30 * DAY - 1000);
      expect((await post('/api/verify', { token })).status).toBe(200);
      api.clock.advance(2000);
      const res = await post('/api/verify', { token });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Session invalide ou expirée, veuillez vous reconnecter');
    });

    it('revokes the session on logout, and only that one', async () => {
      const { email, token } = await signUp(api.app);
      const other = (await post('/api/login', { email, password: STRONG_PASSWORD })).body.token as string;
      const res = await post('/api/logout', { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Vous êtes déconnecté' });
      expect((await post('/api/verify', { token })).status).toBe(401);
      expect((await post('/api/organisation/get', { token })).status).toBe(401);
      expect((await post('/api/verify', { token: other })).status).toBe(200);
      expect((await post('/api/logout', { token })).status).toBe(200);
    });
  });

  describe('fastRegister', () => {
    const valid = () => ({
      email: uniqueEmail('rapide'),
      password: STRONG_PASSWORD,
      username: 'Martin Paul',
      raisonSocial: 'Boulangerie Martin',
      fonction: 'Gérant',
      phone: '06 12 34 56 78',
    });

    it('creates the user and an organisation they own as Administrateur', async () => {
      const body = valid();
      const res = await post('/api/fastRegister', body);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['token']);
      const orgs = await post('/api/organisation/get', { token: res.body.token });
      expect(orgs.body.organisations).toHaveLength(1);
      expect(orgs.body.organisations[0]).toMatchObject({
        name: 'Boulangerie Martin',
        phone: '0612345678',
        isOwner: true,
        role: { name: 'Administrateur', binaryValue: '8388607' },
      });
      const user = await api.store
        .collection<{ _id: string; email: string; fonction: string }>('users')
        .findOne({ email: body.email });
      expect(user?.fonction).toBe('Gérant');
    });

    it.each([
      [{ password: 'faible' }, 'Mot de passe trop court'],
      [{ email: 'x' }, 'Email invalide'],
      [{ phone: '0612' }, 'Numéro de téléphone invalide'],
      [{ raisonSocial: 'Abc' }, 'Raison sociale invalide'],
      [{ raisonSocial: ['Boulangerie'] }, 'Valeur invalide pour le champ raison sociale'],
    ])('refuses %j with "%s", creating neither user nor organisation', async (change, message) => {
      const body = { ...valid(), ...change };
      const orgsBefore = await api.store.collection('organisations').countDocuments();
      const res = await post('/api/fastRegister', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(await api.store.collection('organisations').countDocuments()).toBe(orgsBefore);
      expect(await users().countDocuments({ email: typeof body.email === 'string' ? body.email : '' })).toBe(
        0,
      );
    });
  });

  describe('forgot and reset', () => {
    it('answers the same whether or not the e-mail exists, and mails only the real account', async () => {
      const { email } = await signUp(api.app, uniqueEmail('oubli'));
      const unknown = uniqueEmail('personne');
      const known = await post('/api/forgot', { email });
      const missing = await post('/api/forgot', { email: unknown });
      expect(known.status).toBe(200);
      expect(missing.status).toBe(200);
      expect(known.body).toEqual(missing.body);
      expect(known.body).toEqual({
        message: 'Si un compte existe pour cet e-mail, un lien de réinitialisation vient d’être envoyé',
      });
      const mail = await api.smtp.waitFor(email);
      expect(mail.subject).toBe('Réinitialisation de votre mot de passe');
      expect(mail.from).toBe('no-reply@app.test');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(api.smtp.received.some((m) => m.to.includes(unknown))).toBe(false);
    });

    it('resets the password once with the mailed link, closing every session', async () => {
      const { email, token: oldSession } = await signUp(api.app, uniqueEmail('reset'));
      await post('/api/forgot', { email });
      const mail = await api.smtp.waitFor(email);
      const link = /http:\/\/app\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
      expect(link).not.toBeNull();
      expect(mail.html).toContain(`reset-password?token=${link?.[1]}`);
      const resetToken = link?.[1] as string;

      expect(await post('/api/verifyResetToken', { token: resetToken })).toMatchObject({
        status: 200,
        body: { valid: true },
      });

      const mismatch = await post('/api/resetPass', {
        token: resetToken,
        password: 'Nouveau123',
        passwordVerif: 'Nouveau124',
      });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.message).toBe('Les mots de passe ne correspondent pas');
      const weak = await post('/api/resetPass', {
        token: resetToken,
        password: 'nouveau123',
        passwordVerif: 'nouveau123',
      });
      expect(weak.body.message).toBe('Le mot de passe doit contenir au moins une lettre majuscule');

      const done = await post('/api/resetPass', {
        token: resetToken,
        password: 'Nouveau123',
        passwordVerif: 'Nouveau123',
      });
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ message: 'Votre mot de passe a été modifié, vous pouvez vous connecter' });

      expect((await post('/api/verify', { token: oldSession })).status).toBe(401);
      expect((await post('/api/login', { email, password: STRONG_PASSWORD })).status).toBe(401);
      expect((await post('/api/login', { email, password: 'Nouveau123' })).status).toBe(200);

      const again = await post('/api/resetPass', {
        token: resetToken,
        password: 'Encore1234',
        passwordVerif: 'Encore1234',
      });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe('Lien de réinitialisation invalide ou expiré');
      expect((await post('/api/verifyResetToken', { token: resetToken })).status).toBe(400);
    });

    it('refuses a reset link older than one hour', async () => {
      const { email } = await signUp(api.app, uniqueEmail('expire'));
      await post('/api/forgot', { email });
      const mail = await api.smtp.waitFor(email);
      const resetToken = /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] as string;
      api.clock.advance(3600 * 1000 + 1);
      const check = await post('/api/verifyResetToken', { token: resetToken });
      expect(check.status).toBe(400);
      expect(check.body.message).toBe('Lien de réinitialisation invalide ou expiré');
      const reset = await post('/api/resetPass', {
        token: resetToken,
        password: 'Nouveau123',
        passwordVerif: 'Nouveau123',
      });
      expect(reset.status).toBe(400);
      expect((await post('/api/login', { email, password: STRONG_PASSWORD })).status).toBe(200);
    });

    it.each([{}, { token: 'court' }, { token: { $gt: '' } }])(
      'refuses the malformed reset token %j with 400',
      async (body) => {
        const res = await post('/api/verifyResetToken', body);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Jeton invalide ou expiré');
      },
    );
  });
});

describe('rate limits', () => {
  let t: TestApp;
  // The windows' own clock, still unless a test moves it: a slow run never straddles a window's edge.
  let rateLimitTime: number;
  const rateLimitNow = () => rateLimitTime;

  beforeEach(() => {
    rateLimitTime = Date.UTC(2025, 0, 6, 9, 0, 30);
    t = createTestApp({
      env: { RATE_LIMIT_MAX_PER_IP: '5', RATE_LIMIT_MAX_PER_EMAIL: '3', RATE_LIMIT_WINDOW_S: '60' },
      rateLimitNow,
    });
  });
  afterEach(() => t.close());

  it('limits login attempts per e-mail, whatever its case, with a French 429', async () => {
    const email = uniqueEmail('limite');
    const replies = [];
    for (const variant of [email, email.toUpperCase(), ` ${email}`, email]) {
      replies.push(
        await request(t.app).post('/api/login').send({ email: variant, password: STRONG_PASSWORD }),
      );
    }
    expect(replies.map((res) => res.status)).toEqual([401, 401, 401, 429]);
    expect(replies[3]?.body.message).toBe('Trop de tentatives, veuillez réessayer dans quelques minutes');
    // Another address from the same client is still allowed (until the per-IP limit).
    expect(
      (await request(t.app).post('/api/login').send({ email: uniqueEmail(), password: 'Mauvais1' })).status,
    ).toBe(401);
  });

  it('limits per client IP across e-mails, and counts invalid bodies too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (
          await request(t.app)
            .post('/api/forgot')
            .send({ email: i === 2 ? 'pas-un-email' : uniqueEmail() })
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 400, 200, 200, 429]);
  });

  it('limits register and fastRegister too, each with its own counter', async () => {
    for (let i = 0; i < 5; i += 1) await request(t.app).post('/api/register').send({});
    expect((await request(t.app).post('/api/register').send({})).status).toBe(429);
    expect((await request(t.app).post('/api/fastRegister').send({})).status).toBe(400);
    expect((await request(t.app).post('/api/login').send({})).status).toBe(400);
  });

  it('opens again once the window has passed', async () => {
    const short = createTestApp({
      env: { RATE_LIMIT_MAX_PER_IP: '1', RATE_LIMIT_WINDOW_S: '1' },
      rateLimitNow,
    });
    try {
      expect((await request(short.app).post('/api/forgot').send({ email: uniqueEmail() })).status).toBe(200);
      expect((await request(short.app).post('/api/forgot').send({ email: uniqueEmail() })).status).toBe(429);
      rateLimitTime += 1000;
      expect((await request(short.app).post('/api/forgot').send({ email: uniqueEmail() })).status).toBe(200);
    } finally {
      await short.close();
    }
  });
});
