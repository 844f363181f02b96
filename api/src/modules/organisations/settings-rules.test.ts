// The settings rules on the server: nobody grants what they do not hold (createRole, editRole,
// changeRole), the last holder of "Modifier les permissions" keeps it, the owner keeps Administrateur,
// a role is deleted only when unused, a removed member's opportunities are handed over and their
// calls refused at once; rename, leave, export; another organisation's ids read as unknown ones.
import { ALL_PERMISSIONS_MASK, PERMISSION } from '@app/domain';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';

type Role = { _id: string; name: string; binaryValue: string };

describe('settings rules', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  beforeAll(async () => {
    t = createTestApp();
    await t.app.locals.ready;
    k = kit(t);
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  const call = (who: Member, path: string, body: Record<string, unknown> = {}) =>
    k.post(path, { ...k.as(who), ...body });
  const rolesOf = async (who: Member) => (await call(who, '/api/user/getRoles')).body.roles as Role[];
  const roleNamed = async (who: Member, name: string) =>
    (await rolesOf(who)).find((role) => role.name === name) as Role;
  const expectRefusal = (
    res: { status: number; body: { message?: string } },
    status: number,
    message: string,
  ) => expect([res.status, res.body.message]).toEqual([status, message]);

  const ESCALATION = 'Vous ne pouvez pas accorder ni retirer des permissions que vous n’avez pas';
  const LAST_EDITOR = 'Au moins un membre doit garder la permission « Modifier les permissions »';
  const OWNER_ADMIN = 'Le propriétaire de l’organisation reste Administrateur';

  describe('roles', () => {
    it('creates a role and returns it with a message', async () => {
      const owner = await k.owner();
      const res = await call(owner, '/api/user/createRole', { roleName: 'Prospecteur', binaryValue: '384' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        role: { _id: expect.stringMatching(/^[0-9a-f]{24}$/), name: 'Prospecteur', binaryValue: '384' },
        message: 'Rôle créé',
      });
      expect((await rolesOf(owner)).map((role) => role.name)).toContain('Prospecteur');
      expectRefusal(
        await call(owner, '/api/user/createRole', { roleName: 'Prospecteur', binaryValue: '0' }),
        409,
        'Un rôle porte déjà ce nom',
      );
    });

    it('refuses to create or edit a role with a permission the caller lacks', async () => {
      const owner = await k.owner();
      const creator = await k.member(
        owner,
        'Créateur',
        String(PERMISSION.CREATE_ROLE | PERMISSION.EDIT_ROLE | PERMISSION.VIEW_PROSPECTS),
      );
      const granted = PERMISSION.CREATE_ROLE | PERMISSION.VIEW_PROSPECTS | PERMISSION.EDIT_PERMISSIONS;
      expectRefusal(
        await call(creator, '/api/user/createRole', { roleName: 'Escalade', binaryValue: String(granted) }),
        403,
        ESCALATION,
      );
      expect((await rolesOf(owner)).map((role) => role.name)).not.toContain('Escalade');

      // Editing their own role to add a bit, or the Manager role to add bit 1: refused.
      const own = await roleNamed(owner, 'Créateur');
      expectRefusal(
        await call(creator, '/api/user/editRole', {
          roleId: own._id,
          roleName: 'Créateur',
          binaryValue: String(Number(own.binaryValue) | PERMISSION.EDIT_PERMISSIONS),
        }),
        403,
        ESCALATION,
      );
      // Removing a bit the caller lacks from a stronger role: refused too.
      const manager = await roleNamed(owner, 'Manager');
      expectRefusal(
        await call(creator, '/api/user/editRole', {
          roleId: manager._id,
          roleName: 'Manager',
          binaryValue: String(Number(manager.binaryValue) & ~PERMISSION.EXPORT_PROSPECTS),
        }),
        403,
        ESCALATION,
      );
      expect((await roleNamed(owner, 'Manager')).binaryValue).toBe(manager.binaryValue);
      // Within their bits: fine.
      const res = await call(creator, '/api/user/createRole', { roleName: 'Lecteur', binaryValue: '128' });
      expect(res.status).toBe(200);
    });

    it('edits a role: its name and its mask', async () => {
      const owner = await k.owner();
      const manager = await roleNamed(owner, 'Manager');
      const res = await call(owner, '/api/user/editRole', {
        roleId: manager._id,
        roleName: 'Chef d’équipe',
        binaryValue: '128',
      });
      expect(res.body).toEqual({ message: 'Rôle modifié' });
      expect(await roleNamed(owner, 'Chef d’équipe')).toEqual({
        ...manager,
        name: 'Chef d’équipe',
        binaryValue: '128',
      });
    });

    it('keeps "Modifier les permissions" with its last holder, and Administrateur with the owner', async () => {
      const owner = await k.owner();
      const admin = await roleNamed(owner, 'Administrateur');
      const commercial = await roleNamed(owner, 'Commercial');
      const withoutBit1 = String(ALL_PERMISSIONS_MASK & ~PERMISSION.EDIT_PERMISSIONS);
      // Alone in the organisation, the owner is the last holder.
      expectRefusal(
        await call(owner, '/api/user/editRole', {
          roleId: admin._id,
          roleName: 'Administrateur',
          binaryValue: withoutBit1,
        }),
        409,
        LAST_EDITOR,
      );
      expectRefusal(
        await call(owner, '/api/user/changeRole', { userId: owner.userId, roleId: commercial._id }),
        409,
        LAST_EDITOR,
      );
      // With a co-administrator, the owner still keeps Administrateur, whole.
      const coAdmin = await k.member(owner, 'Administrateur');
      expectRefusal(
        await call(coAdmin, '/api/user/changeRole', { userId: owner.userId, roleId: commercial._id }),
        409,
        OWNER_ADMIN,
      );
      expectRefusal(
        await call(coAdmin, '/api/user/editRole', {
          roleId: admin._id,
          roleName: 'Administrateur',
          binaryValue: String(ALL_PERMISSIONS_MASK & ~PERMISSION.EXPORT_PROSPECTS),
        }),
        409,
        OWNER_ADMIN,
      );
      expect((await roleNamed(owner, 'Administrateur')).binaryValue).toBe(String(ALL_PERMISSIONS_MASK));
      // The co-administrator may step down: the owner still holds bit 1.
      const res = await call(coAdmin, '/api/user/changeRole', {
        userId: coAdmin.userId,
        roleId: commercial._id,
      });
      expect(res.body).toEqual({ message: 'Rôle attribué' });
    });

    it('refuses to assign a role holding bits the caller lacks, or to change a stronger member', async () => {
      const owner = await k.owner();
      const changer = await k.member(
        owner,
        'Gestionnaire',
        String(PERMISSION.EDIT_PERMISSIONS | PERMISSION.VIEW_PROSPECTS),
      );
      const seller = await k.member(owner);
      const admin = await roleNamed(owner, 'Administrateur');
      expectRefusal(
        await call(changer, '/api/user/changeRole', { userId: changer.userId, roleId: admin._id }),
        403,
        ESCALATION,
      );
      expectRefusal(
        await call(changer, '/api/user/changeRole', { userId: seller.userId, roleId: admin._id }),
        403,
        ESCALATION,
      );
      const own = await roleNamed(owner, 'Gestionnaire');
      expectRefusal(
        await call(changer, '/api/user/changeRole', { userId: seller.userId, roleId: own._id }),
        403,
        'Vous ne pouvez pas modifier un collaborateur qui a des permissions que vous n’avez pas',
      );
      const users = (await call(owner, '/api/organisation/getUsers')).body.users as {
        _id: string;
        roles: { name: string }[];
      }[];
      expect(users.find((user) => user._id === seller.userId)?.roles[0]?.name).toBe('Commercial');
    });

    it('deletes only a role nobody holds, never the role new members join with, with bit 64', async () => {
      const owner = await k.owner();
      const manager = await k.member(owner, 'Manager');
      const managerRole = await roleNamed(owner, 'Manager');
      expectRefusal(
        await call(manager, '/api/user/deleteRole', { roleId: managerRole._id }),
        403,
        'Vous n’avez pas les droits nécessaires pour cette action',
      );
      expectRefusal(
        await call(owner, '/api/user/deleteRole', { roleId: managerRole._id }),
        409,
        'Ce rôle est attribué à des membres : changez d’abord leur rôle',
      );
      expectRefusal(
        await call(owner, '/api/user/deleteRole', { roleId: (await roleNamed(owner, 'Commercial'))._id }),
        409,
        'Ce rôle est donné aux membres qui rejoignent l’organisation : il garde son nom et ne peut pas être supprimé',
      );
      const created = await call(owner, '/api/user/createRole', { roleName: 'Éphémère', binaryValue: '0' });
      const res = await call(owner, '/api/user/deleteRole', { roleId: created.body.role._id });
      expect(res.body).toEqual({ message: 'Rôle supprimé' });
      expect((await rolesOf(owner)).map((role) => role.name)).not.toContain('Éphémère');
    });

    it('answers another organisation’s role or user exactly like an unknown one', async () => {
      const owner = await k.owner();
      const other = await k.owner('Société Bêta');
      const seller = await k.member(owner);
      const foreignRole = await roleNamed(other, 'Manager');
      const unknown = 'e'.repeat(24);
      for (const roleId of [foreignRole._id, unknown]) {
        expectRefusal(await call(owner, '/api/user/deleteRole', { roleId }), 404, 'Rôle introuvable');
        expectRefusal(
          await call(owner, '/api/user/editRole', { roleId, roleName: 'Pirate', binaryValue: '0' }),
          404,
          'Rôle introuvable',
        );
        expectRefusal(
          await call(owner, '/api/user/changeRole', { userId: seller.userId, roleId }),
          404,
          'Rôle introuvable',
        );
      }
      const commercial = await roleNamed(owner, 'Commercial');
      for (const userId of [other.userId, unknown]) {
        expectRefusal(
          await call(owner, '/api/user/changeRole', { userId, roleId: commercial._id }),
          404,
          'Utilisateur introuvable',
        );
        expectRefusal(
          await call(owner, '/api/user/remove', { userId, reassignTo: owner.userId }),
          404,
          'Utilisateur introuvable',
        );
      }
      expect((await roleNamed(other, 'Manager')).name).toBe('Manager');
    });

    it('validates bodies with French messages', async () => {
      const owner = await k.owner();
      expectRefusal(
        await call(owner, '/api/user/createRole', { roleName: 'Test', binaryValue: 384 }),
        400,
        'Valeur invalide pour le champ permissions',
      );
      expectRefusal(
        await call(owner, '/api/user/createRole', { roleName: '', binaryValue: '0' }),
        400,
        'Veuillez renseigner le nom du rôle',
      );
      expectRefusal(
        await call(owner, '/api/user/deleteRole', { roleId: { $ne: null } }),
        400,
        'Valeur invalide pour le champ rôle',
      );
      expectRefusal(
        await call(owner, '/api/user/remove', { userId: owner.userId }),
        400,
        'Veuillez choisir le collaborateur qui reprend les opportunités',
      );
    });
  });

  describe('removing a collaborator', () => {
    it('hands their opportunities over, frees their licence and refuses their next call at once', async () => {
      const owner = await k.owner();
      const seller = await k.member(owner);
      const heir = await k.member(owner);
      const { excelId } = await k.loadOk(owner, [rowOf(1), rowOf(2)]);
      const ids = ((await k.page(owner, excelId)).body.value as { _id: string }[]).map((row) => row._id);
      const created = await call(seller, '/api/opportunity/create', { prospectId: ids[0] });
      expect(created.status).toBe(200);
      const keysBefore = (await call(owner, '/api/stripe/getAllKey')).body.keys as { userId?: string }[];
      expect(keysBefore.some((key) => key.userId === seller.userId)).toBe(true);

      const res = await call(owner, '/api/user/remove', { userId: seller.userId, reassignTo: heir.userId });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Martin Paul a été retiré de l’organisation');

      const gone = await call(seller, '/api/opportunity/getAllCount');
      expectRefusal(gone, 403, 'Vous ne faites pas partie de cette organisation');
      expect((await call(seller, '/api/organisation/getUsers')).status).toBe(403);
      const opportunity = await call(heir, '/api/opportunity/get', {
        opportunityId: created.body.opportunityId,
      });
      expect(opportunity.status).toBe(200);
      const stored = await t.store.collection<{ _id: string; userId: string }>('opportunities').findOne({
        _id: created.body.opportunityId,
      });
      expect(stored?.userId).toBe(heir.userId);
      const keysAfter = (await call(owner, '/api/stripe/getAllKey')).body.keys as { userId?: string }[];
      expect(keysAfter.some((key) => key.userId === seller.userId)).toBe(false);
      const users = (await call(owner, '/api/organisation/getUsers')).body.users as { _id: string }[];
      expect(users.map((user) => user._id)).not.toContain(seller.userId);
      // Their session still works elsewhere: only this organisation refuses them.
      expect((await k.post('/api/account/get', { token: seller.token })).status).toBe(200);
    });

    it('needs bit 16, and refuses the owner, oneself, the same heir and a stronger member', async () => {
      const owner = await k.owner();
      const seller = await k.member(owner);
      const remover = await k.member(owner, 'Videur', String(PERMISSION.REMOVE_COLLABORATOR));
      const manager = await k.member(owner, 'Manager');
      expectRefusal(
        await call(seller, '/api/user/remove', { userId: manager.userId, reassignTo: owner.userId }),
        403,
        'Vous n’avez pas les droits nécessaires pour cette action',
      );
      expectRefusal(
        await call(remover, '/api/user/remove', { userId: owner.userId, reassignTo: seller.userId }),
        409,
        'Le propriétaire de l’organisation ne peut pas être retiré',
      );
      expectRefusal(
        await call(remover, '/api/user/remove', { userId: remover.userId, reassignTo: owner.userId }),
        409,
        'Pour partir vous-même, utilisez « Quitter l’organisation »',
      );
      expectRefusal(
        await call(owner, '/api/user/remove', { userId: seller.userId, reassignTo: seller.userId }),
        400,
        'Choisissez un autre collaborateur pour reprendre les opportunités',
      );
      expectRefusal(
        await call(remover, '/api/user/remove', { userId: manager.userId, reassignTo: owner.userId }),
        403,
        'Vous ne pouvez pas modifier un collaborateur qui a des permissions que vous n’avez pas',
      );
      const other = await k.owner('Société Gamma');
      expectRefusal(
        await call(owner, '/api/user/remove', { userId: seller.userId, reassignTo: other.userId }),
        404,
        'Le collaborateur qui reprend les opportunités est introuvable',
      );
    });
  });

  describe('the organisation', () => {
    it('is renamed by its owner only', async () => {
      const owner = await k.owner();
      const manager = await k.member(owner, 'Manager');
      expectRefusal(
        await call(manager, '/api/organisation/rename', { name: 'Société Renommée' }),
        403,
        'Seul le propriétaire de l’organisation peut effectuer cette action',
      );
      expectRefusal(
        await call(owner, '/api/organisation/rename', { name: 'Abc' }),
        400,
        'Raison sociale invalide',
      );
      const res = await call(owner, '/api/organisation/rename', { name: '  Société Renommée ' });
      expect(res.body).toEqual({ name: 'Société Renommée', message: 'Organisation renommée' });
      const list = await k.post('/api/organisation/get', { token: owner.token });
      expect(list.body.organisations[0].name).toBe('Société Renommée');
    });

    it('can be left by a member, not by its owner; the leaver’s opportunities go to the owner', async () => {
      const owner = await k.owner();
      const seller = await k.member(owner);
      const { excelId } = await k.loadOk(owner, [rowOf(10)]);
      const [row] = (await k.page(owner, excelId)).body.value as { _id: string }[];
      const created = await call(seller, '/api/opportunity/create', { prospectId: row?._id });
      expectRefusal(
        await call(owner, '/api/organisation/leave'),
        409,
        'Le propriétaire ne peut pas quitter son organisation',
      );
      const res = await call(seller, '/api/organisation/leave');
      expect(res.body).toEqual({ message: 'Vous avez quitté l’organisation' });
      expect((await k.post('/api/organisation/get', { token: seller.token })).body.organisations).toEqual([]);
      const stored = await t.store.collection<{ _id: string; userId: string }>('opportunities').findOne({
        _id: created.body.opportunityId,
      });
      expect(stored?.userId).toBe(owner.userId);
    });

    it('exports its data as CSV files (owner or "Exporter les prospects"), formulas neutralised', async () => {
      const owner = await k.owner();
      const seller = await k.member(owner);
      const viewer = await k.member(owner, 'Lecture', String(PERMISSION.VIEW_PROSPECTS));
      await k.loadOk(owner, [rowOf(20, { 'Raison sociale': '=HYPERLINK("http://x")' })]);
      expectRefusal(
        await call(viewer, '/api/organisation/exportData'),
        403,
        'Vous n’avez pas les droits nécessaires pour cette action',
      );
      for (const who of [owner, seller]) {
        const res = await call(who, '/api/organisation/exportData');
        expect(res.status).toBe(200);
        const files = res.body.files as { name: string; csvString: string }[];
        expect(files.map((file) => file.name)).toEqual([
          'prospects.csv',
          'opportunites.csv',
          'commentaires.csv',
          'collaborateurs.csv',
        ]);
        expect(files[0]?.csvString).toContain(`"'=HYPERLINK(""http://x"")"`);
        expect(files[3]?.csvString).toContain('"Martin Paul"');
      }
    });
  });
});
