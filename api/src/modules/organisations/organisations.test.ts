// /api/organisation/get, /api/organisation/create, /api/organisation/getUsers, /api/user/getRoles.
import { DEFAULT_ROLES } from '@app/domain';
import request from 'supertest';
import { createTestApp, signUp, signUpWithOrganisation, type TestApp } from '../../test-support/test-app';

describe('organisations', () => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp();
  });
  afterAll(() => t.close());

  const post = (path: string, body: unknown) =>
    request(t.app)
      .post(path)
      .send(body as object);

  it('lists no organisation for a new user', async () => {
    const { token } = await signUp(t.app);
    const res = await post('/api/organisation/get', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ organisations: [] });
  });

  it('creates an organisation owned by its creator, as Administrateur, with the three default roles', async () => {
    const { token } = await signUp(t.app);
    const res = await post('/api/organisation/create', {
      token,
      name: '  Société Alpha ',
      phone: '01 02 03 04 05',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Organisation créée');
    expect(res.body.organisation).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Société Alpha',
      phone: '01 02 03 04 05',
      isOwner: true,
      role: { name: 'Administrateur', binaryValue: '8388607' },
    });
    const organisationId = res.body.organisation._id as string;

    const list = await post('/api/organisation/get', { token });
    expect(list.body.organisations).toEqual([res.body.organisation]);

    const roles = await post('/api/user/getRoles', { token, organisationId });
    expect(roles.status).toBe(200);
    expect(roles.body.roles.map((role: { name: string }) => role.name)).toEqual([
      'Administrateur',
      'Manager',
      'Commercial',
    ]);
    for (const role of roles.body.roles) {
      expect(Object.keys(role).sort()).toEqual(['_id', 'binaryValue', 'name']);
      expect(typeof role.binaryValue).toBe('string');
      expect(role.binaryValue).toBe(DEFAULT_ROLES.find((r) => r.name === role.name)?.binaryValue);
    }
  });

  it('lists members with their e-mail, role and licence for getUsers', async () => {
    const { token, email, organisationId } = await signUpWithOrganisation(t.app, 'Société Membres');
    const res = await post('/api/organisation/getUsers', { token, organisationId });
    expect(res.status).toBe(200);
    expect(res.body.roles).toHaveLength(3);
    expect(res.body.users).toEqual([
      {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        username: 'Dupont Marie',
        email,
        roles: [{ _id: res.body.roles[0]._id, name: 'Administrateur' }],
        licenceId: expect.stringMatching(/^[0-9a-f]{24}$/),
      },
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|scrypt/);
  });

  it('lists several organisations in the order they were joined', async () => {
    const { token } = await signUp(t.app);
    await post('/api/organisation/create', { token, name: 'Première', phone: '0102030405' });
    await post('/api/organisation/create', { token, name: 'Seconde', phone: '0102030405' });
    const res = await post('/api/organisation/get', { token });
    expect(res.body.organisations.map((o: { name: string }) => o.name)).toEqual(['Première', 'Seconde']);
  });

  it.each([
    [{ name: 'Abc', phone: '0102030405' }, 'Raison sociale invalide'],
    [{ name: 'Société', phone: '010203' }, 'Numéro de téléphone invalide'],
    [{ name: { $gt: '' }, phone: '0102030405' }, 'Valeur invalide pour le champ raison sociale'],
    [{ phone: '0102030405' }, 'Raison sociale invalide'],
    [
      { name: 'x'.repeat(201), phone: '0102030405' },
      'Le champ raison sociale ne doit pas dépasser 200 caractères',
    ],
  ])('refuses %j with "%s" and creates nothing', async (body, message) => {
    const { token } = await signUp(t.app);
    const before = await t.store.collection('organisations').countDocuments();
    const res = await post('/api/organisation/create', { token, ...body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await t.store.collection('organisations').countDocuments()).toBe(before);
  });

  it('requires a session for every organisation call', async () => {
    for (const path of [
      '/api/organisation/get',
      '/api/organisation/create',
      '/api/organisation/getUsers',
      '/api/user/getRoles',
    ]) {
      const res = await post(path, { name: 'Société', phone: '0102030405', organisationId: '0'.repeat(24) });
      expect(res.status).toBe(401);
    }
  });

  describe('cross-organisation refusals', () => {
    it('refuses a member of A asking for B’s users or roles with a French 403 and no data', async () => {
      const a = await signUpWithOrganisation(t.app, 'Organisation A');
      const b = await signUpWithOrganisation(t.app, 'Organisation B');
      for (const path of ['/api/organisation/getUsers', '/api/user/getRoles']) {
        const res = await post(path, { token: a.token, organisationId: b.organisationId });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({
          message: 'Vous ne faites pas partie de cette organisation',
          code: 'FORBIDDEN',
        });
      }
      expect(
        (await post('/api/organisation/getUsers', { token: b.token, organisationId: b.organisationId }))
          .status,
      ).toBe(200);
    });

    it('answers an organisation that does not exist exactly like one the caller is not in', async () => {
      const a = await signUpWithOrganisation(t.app, 'Organisation C');
      const res = await post('/api/user/getRoles', { token: a.token, organisationId: 'f'.repeat(24) });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Vous ne faites pas partie de cette organisation');
    });

    it.each([
      [{}, 'Requête invalide : organisation manquante'],
      [{ organisationId: 'abc' }, 'Identifiant invalide'],
      [{ organisationId: { $ne: null } }, 'Valeur invalide pour le champ identifiant'],
    ])('refuses the organisation id %j with a French 400', async (body, message) => {
      const a = await signUpWithOrganisation(t.app, 'Organisation D');
      const res = await post('/api/organisation/getUsers', { token: a.token, ...body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });
  });
});
