// Invitations from the settings screens: bit 4 when a licence is free, bit 8 otherwise; pending
// invitations listed, resent (the old link stops working) and revoked; another organisation's
// invitation reads as unknown.
import { PERMISSION } from '@app/domain';
import { grantLicence } from '../../test-support/licences';
import { useMailingTestApp } from '../../test-support/mailing-app';
import { seedMember } from '../../test-support/organisations';
import { signUp, signUpWithOrganisation, uniqueEmail } from '../../test-support/test-app';

type Admin = { token: string; organisationId: string };

describe('invitations in the settings', () => {
  const api = useMailingTestApp();
  const call = (who: Admin, path: string, body: Record<string, unknown> = {}) =>
    api.post(path, { token: who.token, organisationId: who.organisationId, ...body });

  async function userIdOf(email: string): Promise<string> {
    const user = await api.store.collection<{ _id: string; email: string }>('users').findOne({ email });
    return user?._id as string;
  }

  /** A member of `owner`'s organisation whose role holds exactly `mask`. */
  async function memberWith(owner: Admin, mask: number): Promise<Admin & { userId: string }> {
    const user = await signUp(api.app);
    const userId = await userIdOf(user.email);
    await seedMember(api.store, owner.organisationId, userId, `Rôle ${mask} ${userId}`, String(mask));
    return { token: user.token, organisationId: owner.organisationId, userId };
  }

  const linkIn = async (email: string) => {
    const mail = await api.smtp.waitFor(email);
    return /\/invitation\/join\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] as string;
  };

  it('asks bit 4 while a licence is free and bit 8 once none is', async () => {
    const owner = await signUpWithOrganisation(api.app);
    const withLicence = await memberWith(owner, PERMISSION.INVITE_WITH_LICENCE);
    const withoutLicence = await memberWith(owner, PERMISSION.INVITE_WITHOUT_LICENCE);

    // Two of the three trial licences are free.
    expect(
      (await call(withLicence, '/api/invitation/create', { invitationEmail: uniqueEmail() })).status,
    ).toBe(200);
    const refused = await call(withoutLicence, '/api/invitation/create', { invitationEmail: uniqueEmail() });
    expect([refused.status, refused.body.message]).toEqual([
      403,
      'Vous n’avez pas le droit d’inviter un collaborateur quand une licence est disponible',
    ]);

    await grantLicence(api, owner, withLicence.userId);
    await grantLicence(api, owner, withoutLicence.userId);
    const noFree = await call(withLicence, '/api/invitation/create', { invitationEmail: uniqueEmail() });
    expect([noFree.status, noFree.body.message]).toEqual([
      403,
      'Vous n’avez pas le droit d’inviter un collaborateur quand aucune licence n’est disponible',
    ]);
    expect(
      (await call(withoutLicence, '/api/invitation/create', { invitationEmail: uniqueEmail() })).status,
    ).toBe(200);
  });

  it('lists pending invitations, resends one with a new link and revokes another', async () => {
    const owner = await signUpWithOrganisation(api.app);
    const first = uniqueEmail('liste');
    const second = uniqueEmail('liste');
    await call(owner, '/api/invitation/create', { invitationEmail: first });
    const oldLink = await linkIn(first);
    await call(owner, '/api/invitation/create', { invitationEmail: second });

    const list = await call(owner, '/api/invitation/list');
    expect(list.status).toBe(200);
    const now = api.clock.now();
    expect(list.body).toEqual({
      invitations: [
        {
          _id: expect.stringMatching(/^[0-9a-f]{24}$/),
          email: first,
          createdAt: now,
          expiresAt: now + 7 * 86_400_000,
        },
        {
          _id: expect.stringMatching(/^[0-9a-f]{24}$/),
          email: second,
          createdAt: now,
          expiresAt: now + 7 * 86_400_000,
        },
      ],
    });
    const [firstId, secondId] = list.body.invitations.map((invitation: { _id: string }) => invitation._id);

    const resent = await call(owner, '/api/invitation/resend', { invitationId: firstId });
    expect(resent.body).toEqual({ message: `Invitation renvoyée à ${first}` });
    const mailsTo = () => api.smtp.received.filter((mail) => mail.to.includes(first));
    for (let tries = 0; mailsTo().length < 2 && tries < 300; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const newLink = /\/invitation\/join\/([A-Za-z0-9_-]+)/.exec(mailsTo()[1]?.text ?? '')?.[1];
    expect(newLink).toBeDefined();
    expect(newLink).not.toBe(oldLink);
    const invitee = await signUp(api.app, first);
    expect((await api.post(`/api/invitation/join/${oldLink}`, { token: invitee.token })).status).toBe(404);
    expect((await api.post(`/api/invitation/join/${newLink}`, { token: invitee.token })).status).toBe(200);

    const revoked = await call(owner, '/api/invitation/revoke', { invitationId: secondId });
    expect(revoked.body).toEqual({ message: 'Invitation annulée' });
    expect((await call(owner, '/api/invitation/list')).body.invitations).toEqual([]);
  });

  it('answers another organisation’s invitation exactly like an unknown one', async () => {
    const owner = await signUpWithOrganisation(api.app);
    const other = await signUpWithOrganisation(api.app, 'Société Bêta');
    await call(other, '/api/invitation/create', { invitationEmail: uniqueEmail() });
    const [foreign] = (await call(other, '/api/invitation/list')).body.invitations as { _id: string }[];
    for (const invitationId of [foreign?._id, 'f'.repeat(24)]) {
      for (const path of ['/api/invitation/resend', '/api/invitation/revoke']) {
        const res = await call(owner, path, { invitationId });
        expect([res.status, res.body.message]).toEqual([404, 'Invitation introuvable']);
      }
    }
    expect((await call(other, '/api/invitation/list')).body.invitations).toHaveLength(1);
    const bad = await call(owner, '/api/invitation/revoke', { invitationId: { $ne: null } });
    expect([bad.status, bad.body.message]).toEqual([400, 'Valeur invalide pour le champ invitation']);
  });
});
