// /api/invitation/create and /api/invitation/join/{id}, with mail through a real SMTP server.
import request from 'supertest';
import { useMailingTestApp } from '../../test-support/mailing-app';
import { createTestApp, signUp, signUpWithOrganisation, uniqueEmail } from '../../test-support/test-app';

const DAY = 24 * 3600 * 1000;

describe('invitations', () => {
  const api = useMailingTestApp();
  const { post } = api;

  async function invite(admin: { token: string; organisationId: string }, email = uniqueEmail('invite')) {
    const res = await post('/api/invitation/create', {
      token: admin.token,
      organisationId: admin.organisationId,
      invitationEmail: email,
    });
    expect(res.status).toBe(200);
    const mail = await api.smtp.waitFor(email);
    const id = /http:\/\/app\.test\/invitation\/join\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    if (!id) throw new Error(`no link in ${mail.text}`);
    return { email, id, mail, res };
  }

  it('mails an unguessable join link in French, text and HTML, with the organisation name escaped', async () => {
    const admin = await signUpWithOrganisation(api.app, 'Durand & <Fils>');
    const { res, mail, id } = await invite(admin);
    expect(res.body).toEqual({ message: expect.stringMatching(/^Invitation envoyée à /) });
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.subject).toBe('Invitation à rejoindre Durand & <Fils>');
    expect(mail.text).toContain('Dupont Marie vous invite à rejoindre l’organisation « Durand & <Fils> »');
    expect(mail.html).toContain('Durand &amp; &lt;Fils&gt;');
    expect(mail.html).not.toContain('<Fils>');
    expect(mail.html).toContain(`http://app.test/invitation/join/${id}`);
    const stored = await api.store.collection<{ _id: string; tokenHash: string }>('invitations').find({});
    expect(JSON.stringify(stored)).not.toContain(id);
  });

  it('adds the invitee as Commercial, answers the organisation name, and stays single-use', async () => {
    const admin = await signUpWithOrganisation(api.app, 'Société Gamma');
    const { id, email } = await invite(admin);
    const invitee = await signUp(api.app, email, 'Bernard Luc');

    const join = await post(`/api/invitation/join/${id}`, { token: invitee.token });
    expect(join.status).toBe(200);
    expect(join.body).toEqual({ organisationName: 'Société Gamma' });

    const users = await post('/api/organisation/getUsers', {
      token: admin.token,
      organisationId: admin.organisationId,
    });
    const member = users.body.users.find((u: { email: string }) => u.email === email);
    expect(member).toMatchObject({ username: 'Bernard Luc', roles: [{ name: 'Commercial' }] });
    const orgs = await post('/api/organisation/get', { token: invitee.token });
    expect(orgs.body.organisations).toEqual([
      expect.objectContaining({
        name: 'Société Gamma',
        isOwner: false,
        role: expect.objectContaining({ name: 'Commercial' }),
      }),
    ]);

    // The same member again: same answer, nothing duplicated.
    const again = await post(`/api/invitation/join/${id}`, { token: invitee.token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ organisationName: 'Société Gamma' });
    const afterAgain = await post('/api/organisation/getUsers', {
      token: admin.token,
      organisationId: admin.organisationId,
    });
    expect(afterAgain.body.users).toHaveLength(2);

    // Someone else with the same link: refused.
    const stranger = await signUp(api.app);
    const second = await post(`/api/invitation/join/${id}`, { token: stranger.token });
    expect(second.status).toBe(410);
    expect(second.body.message).toBe('Cette invitation a déjà été utilisée');
    expect((await post('/api/organisation/get', { token: stranger.token })).body.organisations).toEqual([]);
  });

  it('refuses an invitation older than 7 days', async () => {
    const admin = await signUpWithOrganisation(api.app, 'Société Delta');
    const { id } = await invite(admin);
    const invitee = await signUp(api.app);
    api.clock.advance(7 * DAY + 1);
    const res = await post(`/api/invitation/join/${id}`, { token: invitee.token });
    expect(res.status).toBe(410);
    expect(res.body.message).toBe('Cette invitation a expiré, demandez-en une nouvelle');
    expect((await post('/api/organisation/get', { token: invitee.token })).body.organisations).toEqual([]);
  });

  it('answers a French 404 for an unknown or malformed invitation id, and 401 without a session', async () => {
    const user = await signUp(api.app);
    for (const id of ['A'.repeat(43), 'x', '..%2F..%2Fetc']) {
      const res = await post(`/api/invitation/join/${id}`, { token: user.token });
      expect(res.status).toBe(404);
      expect(res.body.message).toMatch(/Invitation introuvable|Ressource introuvable/);
    }
    expect((await post(`/api/invitation/join/${'A'.repeat(43)}`, {})).status).toBe(401);
  });

  it('requires permission 4 or 8: a Commercial cannot invite', async () => {
    const admin = await signUpWithOrganisation(api.app, 'Société Epsilon');
    const { id, email } = await invite(admin);
    const commercial = await signUp(api.app, email);
    await post(`/api/invitation/join/${id}`, { token: commercial.token });
    const before = api.smtp.received.length;
    const res = await post('/api/invitation/create', {
      token: commercial.token,
      organisationId: admin.organisationId,
      invitationEmail: uniqueEmail(),
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Vous n’avez pas les droits nécessaires pour cette action');
    expect(api.smtp.received.length).toBe(before);
  });

  it('refuses to invite into another organisation', async () => {
    const a = await signUpWithOrganisation(api.app, 'Organisation A');
    const b = await signUpWithOrganisation(api.app, 'Organisation B');
    const res = await post('/api/invitation/create', {
      token: a.token,
      organisationId: b.organisationId,
      invitationEmail: uniqueEmail(),
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Vous ne faites pas partie de cette organisation');
  });

  it('refuses to invite someone already a member', async () => {
    const admin = await signUpWithOrganisation(api.app, 'Société Zeta');
    const res = await post('/api/invitation/create', {
      token: admin.token,
      organisationId: admin.organisationId,
      invitationEmail: admin.email.toUpperCase(),
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Cette personne fait déjà partie de l’organisation');
  });

  it.each([
    [{}, 'Veuillez entrer un e-mail'],
    [{ invitationEmail: '' }, 'Veuillez entrer un e-mail'],
    [{ invitationEmail: 'pas-un-email' }, 'Email invalide'],
    [{ invitationEmail: { $gt: '' } }, 'Valeur invalide pour le champ e-mail'],
  ])('refuses %j with "%s", storing and sending nothing', async (body, message) => {
    const admin = await signUpWithOrganisation(api.app, 'Société Eta');
    const before = await api.store.collection('invitations').countDocuments();
    const res = await post('/api/invitation/create', {
      token: admin.token,
      organisationId: admin.organisationId,
      ...body,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await api.store.collection('invitations').countDocuments()).toBe(before);
  });
});

describe('invitation when the mail server is down', () => {
  it('answers 502 in French and leaves no usable invitation', async () => {
    const t = createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'no-reply@app.test' } });
    try {
      const admin = await signUpWithOrganisation(t.app, 'Société Theta');
      const res = await request(t.app)
        .post('/api/invitation/create')
        .send({ token: admin.token, organisationId: admin.organisationId, invitationEmail: uniqueEmail() });
      expect(res.status).toBe(502);
      expect(res.body.message).toBe(
        'L’e-mail d’invitation n’a pas pu être envoyé, veuillez réessayer plus tard',
      );
      expect(await t.store.collection('invitations').countDocuments()).toBe(0);
    } finally {
      await t.close();
    }
  });
});
