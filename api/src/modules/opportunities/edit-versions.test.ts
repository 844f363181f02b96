// Optimistic concurrency on the edit calls (issue 23): a version sent that the document no longer has
// changes nothing and answers 409 with the current document; no version keeps the spec's behaviour;
// member changes move the version, background facts (positions, comments) do not.
// docs/decisions/edit-conflicts.md.
import { EDIT_VERSION_MESSAGES, STALE_VERSION_CODE } from '@app/domain';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { kit, type Member, rowOf } from '../../test-support/prospects-test-kit';
import { OpportunitiesRepository } from './repository';

const DAY = 24 * 60 * 60 * 1000;

const prospectData = (prospect: string, ville = 'Paris') => ({
  prospect,
  enseigne: '',
  codePostale: '75001',
  ville,
  contacts: [],
  custom: [],
});

describe('edit versions', () => {
  let t: TestApp;
  let k: ReturnType<typeof kit>;
  let owner: Member;
  let colleague: Member;
  let outsider: Member;

  beforeAll(async () => {
    t = createTestApp();
    await t.app.locals.ready;
    k = kit(t);
    owner = await k.owner();
    // Sees every opportunity of the organisation, as the owner does.
    colleague = await k.member(owner, 'Administrateur');
    outsider = await k.owner('Société Beta');
  });
  afterAll(async () => {
    t.app.locals.stop();
    await t.close();
  });

  let next = 0;
  async function opportunity(): Promise<string> {
    next += 1;
    const { excelId } = await k.loadOk(owner, [rowOf(next)], { name: `Fichier ${next}` });
    const page = await k.page(owner, excelId);
    const prospectId = (page.body.value as { _id: string }[])[0]?._id;
    const res = await k.post('/api/opportunity/create', { ...k.as(owner), prospectId });
    if (res.status !== 200) throw new Error(`create ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.opportunityId as string;
  }
  async function get(who: Member, opportunityId: string) {
    const res = await k.post('/api/opportunity/get', { ...k.as(who), opportunityId });
    if (res.status !== 200) throw new Error(`get ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.opportunity as {
      version: number;
      modifiedAt?: number;
      modifiedBy?: { _id: string; username: string };
      state: string;
      informationContractuelle: string;
      prospectId: {
        prospect: string;
        ville: string;
        version: number;
        modifiedAt?: number;
        modifiedBy?: { username: string };
      };
    };
  }
  const contract = (who: Member, opportunityId: string, data: object, version?: number) =>
    k.post('/api/opportunity/updateContractuelle', {
      ...k.as(who),
      opportunityId,
      data,
      ...(version === undefined ? {} : { version }),
    });
  const prospect = (who: Member, opportunityId: string, data: object, version?: number) =>
    k.post('/api/opportunity/updateProspect', {
      ...k.as(who),
      opportunityId,
      data,
      ...(version === undefined ? {} : { version }),
    });

  it('reads a new opportunity and its prospect at version 0, with no author yet', async () => {
    const id = await opportunity();
    const view = await get(owner, id);
    expect(view.version).toBe(0);
    expect(view.modifiedBy).toBeUndefined();
    expect(view.prospectId.version).toBe(0);
  });

  it('moves the opportunity version at each contract edit and names who made it, when', async () => {
    const id = await opportunity();
    const saved = await contract(colleague, id, { Prestataire_actuel: 'Orange' }, 0);
    expect(saved.status).toBe(200);
    expect(saved.body.opportunity.version).toBe(1);
    expect(saved.body.opportunity.modifiedBy).toEqual({ _id: colleague.userId, username: 'Martin Paul' });
    expect(saved.body.opportunity.modifiedAt).toBe(t.clock.now());
    expect((await contract(owner, id, { Prestataire_actuel: 'SFR' }, 1)).body.opportunity.version).toBe(2);
  });

  it('refuses a contract edit sent with a stale version: 409, French message, current document, nothing changed', async () => {
    const id = await opportunity();
    expect((await contract(colleague, id, { Prestataire_actuel: 'Orange' }, 0)).status).toBe(200);
    const before = await get(owner, id);

    const stale = await contract(owner, id, { Prestataire_actuel: 'Bouygues' }, 0);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe(STALE_VERSION_CODE);
    expect(stale.body.message).toBe(EDIT_VERSION_MESSAGES.staleOpportunity);
    expect(stale.body.opportunity.version).toBe(1);
    expect(JSON.parse(stale.body.opportunity.informationContractuelle)).toEqual({
      Prestataire_actuel: 'Orange',
    });
    expect(stale.body.opportunity.modifiedBy.username).toBe('Martin Paul');
    expect(await get(owner, id)).toEqual(before);

    // Saving again with the version just read ("garder la mienne") applies.
    const again = await contract(owner, id, { Prestataire_actuel: 'Bouygues' }, 1);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body.opportunity.informationContractuelle)).toEqual({
      Prestataire_actuel: 'Bouygues',
    });
  });

  it('keeps the spec behaviour without a version: the last save wins, and the version still moves', async () => {
    const id = await opportunity();
    expect((await contract(colleague, id, { Prestataire_actuel: 'Orange' })).status).toBe(200);
    const res = await contract(owner, id, { Prestataire_actuel: 'Free' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.opportunity.informationContractuelle)).toEqual({ Prestataire_actuel: 'Free' });
    expect(res.body.opportunity.version).toBe(2);
  });

  it('versions the prospect on its own: a stale prospect edit is refused, nothing changed', async () => {
    const id = await opportunity();
    const first = await prospect(colleague, id, prospectData('Boulangerie Colleague'), 0);
    expect(first.status).toBe(200);
    expect(first.body.opportunity.prospectId.version).toBe(1);
    expect(first.body.opportunity.prospectId.modifiedBy.username).toBe('Martin Paul');
    // Editing the prospect is not a change of the opportunity's own fields.
    expect(first.body.opportunity.version).toBe(0);
    const before = await get(owner, id);

    const stale = await prospect(owner, id, prospectData('Boulangerie Owner', 'Lyon'), 0);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe(STALE_VERSION_CODE);
    expect(stale.body.message).toBe(EDIT_VERSION_MESSAGES.staleProspect);
    expect(stale.body.opportunity.prospectId).toMatchObject({
      prospect: 'Boulangerie Colleague',
      version: 1,
    });
    expect(await get(owner, id)).toEqual(before);

    const kept = await prospect(owner, id, prospectData('Boulangerie Owner', 'Lyon'), 1);
    expect(kept.status).toBe(200);
    expect(kept.body.opportunity.prospectId).toMatchObject({
      prospect: 'Boulangerie Owner',
      ville: 'Lyon',
      version: 2,
    });
  });

  it('edits the prospect without a version as the spec does', async () => {
    const id = await opportunity();
    await prospect(colleague, id, prospectData('Première'));
    const res = await prospect(owner, id, prospectData('Seconde'));
    expect(res.status).toBe(200);
    expect(res.body.opportunity.prospectId).toMatchObject({ prospect: 'Seconde', version: 2 });
  });

  it('moves the version on a state change and a hand-over, and refuses them with a stale version', async () => {
    const id = await opportunity();
    const won = await k.post('/api/opportunity/setWin', {
      ...k.as(colleague),
      opportunityId: id,
      version: 0,
    });
    expect(won.status).toBe(200);
    expect(won.body.opportunity.version).toBe(1);
    const stale = await k.post('/api/opportunity/setLoose', {
      ...k.as(owner),
      opportunityId: id,
      version: 0,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.opportunity.state).toBe('WIN');
    expect((await get(owner, id)).state).toBe('WIN');
    const waiting = await k.post('/api/opportunity/setWaiting', {
      ...k.as(owner),
      opportunityId: id,
      date: t.clock.now() + DAY,
      version: 0,
    });
    expect(waiting.status).toBe(409);
    const assigned = await k.post('/api/opportunity/assign', {
      ...k.as(owner),
      opportunityId: id,
      userId: colleague.userId,
      version: 1,
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.opportunity.version).toBe(2);
    // The spec's call, without a version, still applies.
    expect((await k.post('/api/opportunity/setTodo', { ...k.as(owner), opportunityId: id })).status).toBe(
      200,
    );
    expect((await get(owner, id)).version).toBe(3);
  });

  it('leaves the versions alone for a comment', async () => {
    const id = await opportunity();
    const status = await k.post('/api/opportunity/status', k.as(owner));
    const statusId = (status.body.status as { _id: string }[])[0]?._id;
    const posted = await k.post('/api/messages/post', {
      ...k.as(colleague),
      opportunityId: id,
      statusId,
      message: 'Rappeler jeudi',
    });
    expect(posted.status).toBe(200);
    const view = await get(owner, id);
    expect([view.version, view.prospectId.version]).toEqual([0, 0]);
    // A comment made meanwhile does not block the contract edit of someone who read version 0.
    expect((await contract(owner, id, { Prestataire_actuel: 'Orange' }, 0)).status).toBe(200);
  });

  it('refuses a malformed version in French and changes nothing', async () => {
    const id = await opportunity();
    for (const version of [-1, 1.5, 'deux']) {
      const res = await contract(owner, id, { Prestataire_actuel: 'Orange' }, version as number);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(EDIT_VERSION_MESSAGES.invalid);
    }
    expect((await get(owner, id)).version).toBe(0);
  });

  it('answers another organisation as for an unknown opportunity, version or not', async () => {
    const id = await opportunity();
    const foreign = await contract(outsider, id, { Prestataire_actuel: 'Orange' }, 0);
    expect(foreign.status).toBe(404);
    expect(foreign.body.opportunity).toBeUndefined();
    expect((await get(owner, id)).version).toBe(0);
  });

  it('lets only one of two saves read at the same version win, in the store itself (compare-and-set)', async () => {
    const id = await opportunity();
    const repository = new OpportunitiesRepository(t.store);
    const doc = { _id: id, organisationId: owner.organisationId };
    const save = (provider: string, by: string) =>
      repository.update(
        doc,
        { $set: { informationContractuelle: JSON.stringify({ Prestataire_Actuelle: provider }) } },
        { by, at: t.clock.now(), expected: 0 },
      );
    // Both read version 0 before either wrote.
    expect(await Promise.all([save('Orange', colleague.userId), save('SFR', owner.userId)])).toEqual([
      true,
      false,
    ]);
    const view = await get(owner, id);
    expect([view.version, JSON.parse(view.informationContractuelle)]).toEqual([
      1,
      { Prestataire_Actuelle: 'Orange' },
    ]);
  });

  it('documents the optional version and its 409 in the OpenAPI document', async () => {
    const res = await request(t.app).get('/api/openapi.json');
    type Operation = {
      responses: Record<string, unknown>;
      requestBody: {
        content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }>;
      };
    };
    const paths = res.body.paths as Record<string, { post: Operation }>;
    for (const path of ['/api/opportunity/updateProspect', '/api/opportunity/updateContractuelle']) {
      const operation = paths[path]?.post;
      expect(operation?.responses['409']).toEqual({ $ref: '#/components/responses/VersionPerimee' });
      const schema = operation?.requestBody.content['application/json']?.schema;
      expect(schema?.properties.version).toMatchObject({ type: 'integer', minimum: 0 });
      expect(schema?.required ?? []).not.toContain('version');
    }
    expect(paths['/api/opportunity/get']?.post.responses['409']).toBeUndefined();
  });
});
