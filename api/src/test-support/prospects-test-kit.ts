// Shared set-up of the prospects and opportunities API tests: an organisation with an owner, a
// colleague (Commercial) and an outsider, and small helpers around the calls.
import request from 'supertest';
import { grantLicence } from './licences';
import { seedMember } from './organisations';
import { signUp, signUpWithOrganisation, type TestApp } from './test-app';

export type Member = { token: string; organisationId: string; userId: string };

export const MAPPING = {
  prospect: 'Raison sociale',
  enseigne: 'Enseigne',
  codePostale: 'CP',
  ville: 'Ville',
  adresseComplete: 'Adresse',
  telephone: 'Tel',
  siret: 'Siret',
};

export const COLUMNS = ['Raison sociale', 'Enseigne', 'CP', 'Ville', 'Adresse', 'Tel', 'Siret', 'Effectif'];

/** A valid-looking row; `i` makes it unique (SIRET left blank, so the key is name + postal code). */
export function rowOf(i: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    'Raison sociale': `Société ${i}`,
    Enseigne: `Enseigne ${i}`,
    CP: '75001',
    Ville: 'Paris',
    Adresse: `${i} rue de Rivoli`,
    Tel: '0102030405',
    Siret: '',
    Effectif: i,
    ...extra,
  };
}

export function kit(t: Pick<TestApp, 'app' | 'store'>) {
  const post = (path: string, body: Record<string, unknown>) => request(t.app).post(path).send(body);

  async function userIdOf(email: string): Promise<string> {
    const user = await t.store.collection<{ _id: string; email: string }>('users').findOne({ email });
    if (!user) throw new Error(`no user ${email}`);
    return user._id;
  }

  async function owner(name = 'Société Alpha'): Promise<Member> {
    const created = await signUpWithOrganisation(t.app, name);
    return { ...created, userId: await userIdOf(created.email) };
  }

  /**
   * A member of `of`'s organisation with the given role name ('Commercial' has the import bit),
   * given a licence by `of` (an administrator), since the prospecting calls need one.
   */
  async function member(of: Member, roleName = 'Commercial', binaryValue?: string): Promise<Member> {
    const user = await signUp(t.app, undefined, 'Martin Paul');
    const userId = await userIdOf(user.email);
    await seedMember(t.store, of.organisationId, userId, roleName, binaryValue);
    await grantLicence(t, of, userId);
    return { token: user.token, organisationId: of.organisationId, userId };
  }

  const as = (who: Member) => ({ token: who.token, organisationId: who.organisationId });

  async function load(who: Member, rows: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
    return post('/api/prospect/load', {
      ...as(who),
      name: 'Prospects Paris',
      isPrivate: false,
      value: MAPPING,
      exel: rows,
      ...extra,
    });
  }

  async function loadOk(who: Member, rows: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
    const res = await load(who, rows, extra);
    // A load that stores no row creates no file (excelId null): not an "ok" load for these tests.
    if (res.status !== 200 || !res.body.excelId)
      throw new Error(`load ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body as { excelId: string; summary: Record<string, unknown> };
  }

  async function start(who: Member, totalRows: number, extra: Record<string, unknown> = {}) {
    const res = await post('/api/prospect/import/start', {
      ...as(who),
      name: 'Grand fichier',
      isPrivate: false,
      value: MAPPING,
      columns: COLUMNS,
      totalRows,
      ...extra,
    });
    if (res.status !== 200) throw new Error(`start ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.importId as string;
  }

  const sendRows = (who: Member, importId: string, offset: number, rows: Record<string, unknown>[]) =>
    post('/api/prospect/import/rows', { ...as(who), importId, offset, rows });

  const finish = (who: Member, importId: string) =>
    post('/api/prospect/import/finish', { ...as(who), importId });

  async function files(who: Member) {
    const res = await post('/api/prospect/get/all', as(who));
    if (res.status !== 200) throw new Error(`get/all ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.value as {
      _id: string;
      name: string;
      count: number;
      countSelected: number;
      activeOpportunities: number;
    }[];
  }

  async function page(who: Member, excelId: string, extra: Record<string, unknown> = {}) {
    const res = await post('/api/prospect/get/value', { ...as(who), excelId, ...extra });
    return res;
  }

  return { post, owner, member, as, load, loadOk, start, sendRows, finish, files, page };
}
