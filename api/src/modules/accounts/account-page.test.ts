// The account page's calls: /api/account/get, changePassword (sign-up rules, current password
// required), logoutEverywhere (every session ends, this one included).
import request from 'supertest';
import { createTestApp, signUp, STRONG_PASSWORD, type TestApp } from '../../test-support/test-app';

describe('account page', () => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp();
  });
  afterAll(() => t.close());

  const post = (path: string, body: Record<string, unknown>) => request(t.app).post(path).send(body);
  const login = (email: string, password: string) => post('/api/login', { email, password });

  it('answers the name and e-mail of the signed-in user, and 401 without a session', async () => {
    const { token, email } = await signUp(t.app, undefined, 'Durand Léa');
    const res = await post('/api/account/get', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ username: 'Durand Léa', email });
    expect((await post('/api/account/get', {})).status).toBe(401);
  });

  it('changes the password after checking the current one; other sessions end, this one stays', async () => {
    const { token, email } = await signUp(t.app);
    const other = (await login(email, STRONG_PASSWORD)).body.token as string;

    const wrong = await post('/api/account/changePassword', {
      token,
      currentPassword: 'Mauvais1',
      password: 'Nouveau1mdp',
    });
    expect([wrong.status, wrong.body.message]).toEqual([400, 'Mot de passe actuel incorrect']);

    const res = await post('/api/account/changePassword', {
      token,
      currentPassword: STRONG_PASSWORD,
      password: 'Nouveau1mdp',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Votre mot de passe a été modifié' });
    expect((await post('/api/account/get', { token })).status).toBe(200);
    expect((await post('/api/account/get', { token: other })).status).toBe(401);
    expect((await login(email, STRONG_PASSWORD)).status).toBe(401);
    expect((await login(email, 'Nouveau1mdp')).status).toBe(200);
  });

  it.each([
    [{ password: 'Nouveau1mdp' }, 'Veuillez entrer votre mot de passe actuel'],
    [{ currentPassword: STRONG_PASSWORD, password: 'Court1' }, 'Mot de passe trop court'],
    [
      { currentPassword: STRONG_PASSWORD, password: 'SANSMINUSCULE1' },
      'Le mot de passe doit contenir au moins une lettre minuscule',
    ],
    [
      { currentPassword: STRONG_PASSWORD, password: 'sansmajuscule1' },
      'Le mot de passe doit contenir au moins une lettre majuscule',
    ],
    [
      { currentPassword: STRONG_PASSWORD, password: 'SansChiffre' },
      'Le mot de passe doit contenir au moins un chiffre',
    ],
    [
      { currentPassword: { $ne: null }, password: 'Nouveau1mdp' },
      'Valeur invalide pour le champ mot de passe actuel',
    ],
  ])('refuses %j with "%s" and keeps the password', async (body, message) => {
    const { token, email } = await signUp(t.app);
    const res = await post('/api/account/changePassword', { token, ...body });
    expect([res.status, res.body.message]).toEqual([400, message]);
    expect((await login(email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('signs out everywhere: every session of the user ends, this one included, not other users’', async () => {
    const { token, email } = await signUp(t.app);
    const other = (await login(email, STRONG_PASSWORD)).body.token as string;
    const someoneElse = await signUp(t.app);
    const res = await post('/api/account/logoutEverywhere', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Vous êtes déconnecté de tous vos appareils' });
    expect((await post('/api/verify', { token })).status).toBe(401);
    expect((await post('/api/verify', { token: other })).status).toBe(401);
    expect((await post('/api/verify', { token: someoneElse.token })).status).toBe(200);
  });
});
