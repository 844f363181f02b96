// Registry enrichment at import, against a local fake of the Recherche d'entreprises API serving
// recorded-format answers (test-support/registry-fake.ts, registry-fixtures/).
import { ENRICHMENT_MESSAGES, type EnrichmentReport } from '@app/domain';
import { setTimeout as sleep } from 'node:timers/promises';
import { startRegistryFake, type RegistryFake } from '../../test-support/registry-fake';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { kit, MAPPING, type Member } from '../../test-support/prospects-test-kit';
import type { ProspectDoc } from './repository';

const HEAD_OFFICE = '41235874900015';
const SECONDARY = '41235874900023';
const CLOSED = '52147896600018';
const SIREN_ONLY = '803147255';
const UNKNOWN = '90218374800018';

const ENRICHED_MAPPING = { ...MAPPING, libelleactivite: 'Activité', trancheSalarier: 'Effectif' };

function row(name: string, siret: string, extra: Record<string, unknown> = {}) {
  return {
    'Raison sociale': name,
    Enseigne: '',
    CP: '',
    Ville: '',
    Adresse: '',
    Tel: '0102030405',
    Siret: siret,
    Activité: '',
    Effectif: '',
    Type: '',
    ...extra,
  };
}

type Running = { t: TestApp; k: ReturnType<typeof kit>; alpha: Member };

async function appWith(env: Record<string, string>): Promise<Running> {
  const t = createTestApp({ env });
  await t.app.locals.ready;
  const k = kit(t);
  return { t, k, alpha: await k.owner() };
}

async function close({ t }: Running) {
  t.app.locals.stop();
  await t.close();
}

async function enrichmentOf(r: Running, excelId: string, who = r.alpha) {
  return r.k.post('/api/prospect/import/enrichment', { ...r.k.as(who), excelId });
}

/** The report once the background step has ended (the test's time-out bounds the wait). */
async function settled(r: Running, excelId: string): Promise<EnrichmentReport> {
  for (;;) {
    const res = await enrichmentOf(r, excelId);
    if (res.status !== 200) throw new Error(`enrichment ${res.status}: ${JSON.stringify(res.body)}`);
    if (res.body.status !== 'running') return res.body as EnrichmentReport;
    await sleep(50);
  }
}

async function prospects(r: Running, excelId: string) {
  const res = await r.k.page(r.alpha, excelId);
  return res.body.value as Record<string, string>[];
}

describe('registry enrichment at import', () => {
  let fake: RegistryFake;
  let r: Running;

  beforeAll(async () => {
    fake = await startRegistryFake();
    r = await appWith({ COMPANY_REGISTRY_URL: fake.url, COMPANY_REGISTRY_RETRIES: '1' });
  });
  afterAll(async () => {
    await close(r);
    await fake.stop();
  });

  it('fills only what each row lacks, and counts enriched, not found, closed and rows without SIRET', async () => {
    const { excelId } = await r.k.loadOk(
      r.alpha,
      [
        row('Boulangerie du Port', HEAD_OFFICE, { Activité: 'Boulangerie artisanale' }),
        row('Boulangerie du Port (boutique)', '412 358 749 00023', {
          CP: '75001',
          Ville: 'Paris',
          Adresse: '1 rue de Rivoli',
        }),
        row('Ancienne imprimerie', CLOSED),
        row('Logiciels du Léman', SIREN_ONLY),
        row('Inconnue au registre', UNKNOWN),
        row('Sans SIRET', ''),
        row('Boulangerie du Port (complète)', HEAD_OFFICE, {
          CP: '69002',
          Ville: 'Lyon',
          Adresse: '3 quai Saint-Antoine',
          Activité: 'Boulangerie',
          Effectif: '6 à 9',
          Type: 'Siège',
        }),
      ],
      { value: { ...ENRICHED_MAPPING, typeEtablissement: 'Type' }, duplicates: 'keep' },
    );

    const report = await settled(r, excelId);
    expect(report).toEqual({
      status: 'done',
      message: null,
      total: 7,
      processed: 7,
      enriched: 4,
      notFound: 1,
      closed: 1,
      failed: 0,
      withoutIdentifier: 1,
    });
    // One call per identifier, even when two rows share it.
    expect([...fake.queries].sort()).toEqual([CLOSED, HEAD_OFFICE, SECONDARY, SIREN_ONLY, UNKNOWN].sort());

    const [headOffice, secondary, closed, sirenOnly, unknown, withoutSiret, complete] = await prospects(
      r,
      excelId,
    );
    expect(headOffice).toMatchObject({
      libelleactivite: 'Boulangerie artisanale',
      trancheSalarier: '6 à 9 salariés',
      typeEtablissement: 'Siège social',
      adresseComplete: '3 QUAI SAINT-ANTOINE',
      codePostale: '69002',
      ville: 'LYON',
      departement: '69',
      region: 'Auvergne-Rhône-Alpes',
    });
    expect(secondary).toMatchObject({
      siret: SECONDARY,
      libelleactivite: 'Commerce de détail de pain, pâtisserie et confiserie en magasin spécialisé',
      trancheSalarier: '1 ou 2 salariés',
      typeEtablissement: 'Établissement secondaire',
      adresseComplete: '1 rue de Rivoli',
      codePostale: '75001',
      ville: 'Paris',
    });
    // Closed: still described, and counted apart; 'NN'/absent staff code fills nothing.
    expect(closed).toMatchObject({
      libelleactivite: 'Autre imprimerie (labeur)',
      trancheSalarier: 'Aucun',
      ville: 'MARSEILLE',
    });
    expect(sirenOnly).toMatchObject({
      libelleactivite: 'Programmation informatique',
      trancheSalarier: '20 à 49 salariés',
      typeEtablissement: 'Siège social',
      adresseComplete: '1 PLACE DU MOLARD',
      ville: 'ANNECY',
    });
    for (const untouched of [unknown, withoutSiret]) {
      expect(untouched).toMatchObject({ libelleactivite: 'Aucun', ville: 'Aucun', adresseComplete: 'Aucun' });
    }
    expect(complete).toMatchObject({
      libelleactivite: 'Boulangerie',
      trancheSalarier: '6 à 9',
      typeEtablissement: 'Siège',
      ville: 'Lyon',
    });

    // A filled row's version moves (a prospect form opened before must not save its blanks over the
    // registry's facts unseen); a row left as it was keeps none (edit-conflicts.md).
    expect([headOffice?.version, typeof headOffice?.modifiedAt, headOffice?.modifiedBy]).toEqual([
      1,
      'number',
      undefined,
    ]);
    expect([unknown?.version, complete?.version]).toEqual([undefined, undefined]);

    // The filled address is searchable like an imported one.
    const searched = await r.k.page(r.alpha, excelId, { search: 'annecy' });
    expect(searched.body.total).toBe(1);
  });

  it('stores the same derived fields (département, région, search text, duplicate key, SIRET flag) as an import of the completed row', async () => {
    const mapping = { ...ENRICHED_MAPPING, typeEtablissement: 'Type' };
    const stored = (excelId: string) => r.t.store.collection<ProspectDoc>('prospects').findOne({ excelId });
    const enrichedFile = await r.k.loadOk(r.alpha, [row('Boulangerie du Port', HEAD_OFFICE)], {
      name: 'À enrichir',
      value: mapping,
      duplicates: 'keep',
    });
    await settled(r, enrichedFile.excelId);
    const enriched = await stored(enrichedFile.excelId);
    expect(enriched).toMatchObject({ codePostale: '69002', ville: 'LYON', departement: '69' });

    // The same row, imported with everything the registry gave (nothing left to fill).
    const complete = row('Boulangerie du Port', HEAD_OFFICE, {
      CP: enriched?.codePostale,
      Ville: enriched?.ville,
      Adresse: enriched?.adresseComplete,
      Activité: enriched?.libelleactivite,
      Effectif: enriched?.trancheSalarier,
      Type: enriched?.typeEtablissement,
    });
    const importedFile = await r.k.loadOk(r.alpha, [complete], {
      name: 'Déjà complet',
      value: mapping,
      duplicates: 'keep',
    });
    const imported = await stored(importedFile.excelId);
    const derivedOf = (doc: ProspectDoc | null) => ({
      departement: doc?.departement,
      region: doc?.region,
      searchText: doc?.searchText,
      dedupKey: doc?.dedupKey,
      siretFlagged: doc?.siretFlagged,
    });
    expect(derivedOf(imported)).toEqual(derivedOf(enriched));
    expect(derivedOf(enriched)).toMatchObject({
      region: 'Auvergne-Rhône-Alpes',
      dedupKey: `siret:${HEAD_OFFICE}`,
    });
  });

  it('answers only for a file the caller sees: another organisation or a private file is unknown', async () => {
    // Kept although its SIRET is already imported: a file whose rows are all duplicates is not created.
    const { excelId } = await r.k.loadOk(r.alpha, [row('Privé', HEAD_OFFICE)], {
      isPrivate: true,
      duplicates: 'keep',
    });
    await settled(r, excelId);
    const colleague = await r.k.member(r.alpha);
    const outsider = await r.k.owner('Société Bêta');
    for (const who of [colleague, outsider]) {
      const res = await enrichmentOf(r, excelId, who);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Fichier introuvable');
    }
    const unknown = await enrichmentOf(r, '0123456789abcdef01234567');
    expect(unknown.status).toBe(404);
  });
});

describe('registry enrichment and the service’s rate limit', () => {
  const distinctUnknown = (count: number) =>
    Array.from({ length: count }, (_, i) => row(`Inconnue ${i}`, `9021837480${String(1000 + i)}`));

  it('keeps to the configured rate: no call is refused by a service allowing 8 a second', async () => {
    const fake = await startRegistryFake({ ratePerSecond: 8 });
    const r = await appWith({ COMPANY_REGISTRY_URL: fake.url });
    try {
      const { excelId } = await r.k.loadOk(r.alpha, distinctUnknown(12));
      const report = await settled(r, excelId);
      expect(report).toMatchObject({ status: 'done', processed: 12, notFound: 12, failed: 0 });
      expect(fake.refused).toBe(0);
    } finally {
      await close(r);
      await fake.stop();
    }
  });

  it('waits out the 429s of a stricter service and loses no row', async () => {
    const fake = await startRegistryFake({ ratePerSecond: 3 });
    const r = await appWith({ COMPANY_REGISTRY_URL: fake.url, COMPANY_REGISTRY_RATE: '20' });
    try {
      const { excelId } = await r.k.loadOk(r.alpha, [
        row('Siège', HEAD_OFFICE),
        row('Fermée', CLOSED),
        ...distinctUnknown(8),
        row('Par SIREN', SIREN_ONLY),
      ]);
      const report = await settled(r, excelId);
      expect(fake.refused).toBeGreaterThan(0);
      expect(report).toMatchObject({
        status: 'done',
        processed: 11,
        enriched: 3,
        notFound: 8,
        closed: 1,
        failed: 0,
      });
    } finally {
      await close(r);
      await fake.stop();
    }
  });
});

describe('registry enrichment when the service fails', () => {
  it('with the service down, the import is complete and usable, and the enrichment is reported as interrupted', async () => {
    const fake = await startRegistryFake({ failWith: 503 });
    const r = await appWith({ COMPANY_REGISTRY_URL: fake.url, COMPANY_REGISTRY_RETRIES: '1' });
    try {
      const loaded = await r.k.loadOk(r.alpha, [row('Siège', HEAD_OFFICE), row('Fermée', CLOSED)]);
      expect(loaded.summary).toMatchObject({ imported: 2 });
      const report = await settled(r, loaded.excelId);
      expect(report).toMatchObject({
        status: 'failed',
        message: ENRICHMENT_MESSAGES.unavailable,
        total: 2,
        enriched: 0,
        failed: 2,
      });
      // Two attempts (the first and one retry) for each SIRET in flight, then the step stopped.
      expect([...fake.queries].sort()).toEqual([CLOSED, CLOSED, HEAD_OFFICE, HEAD_OFFICE].sort());
      const files = await r.k.files(r.alpha);
      expect(files.map((file) => [file._id, file.count])).toEqual([[loaded.excelId, 2]]);
      expect((await prospects(r, loaded.excelId)).map((p) => p.prospect)).toEqual(['Siège', 'Fermée']);
    } finally {
      await close(r);
      await fake.stop();
    }
  });

  it('with a service too slow to answer, the calls time out and the import stays complete', async () => {
    const fake = await startRegistryFake({ delayMs: 2000 });
    const r = await appWith({
      COMPANY_REGISTRY_URL: fake.url,
      COMPANY_REGISTRY_TIMEOUT_MS: '200',
      COMPANY_REGISTRY_RETRIES: '0',
    });
    try {
      const { excelId } = await r.k.loadOk(r.alpha, [row('Siège', HEAD_OFFICE)]);
      expect(await settled(r, excelId)).toMatchObject({ status: 'failed', failed: 1, enriched: 0 });
      expect((await prospects(r, excelId))[0]).toMatchObject({ prospect: 'Siège', ville: 'Aucun' });
    } finally {
      await close(r);
      await fake.stop();
    }
  });

  it('with no service reachable at all, the same', async () => {
    const fake = await startRegistryFake();
    await fake.stop();
    const r = await appWith({ COMPANY_REGISTRY_URL: fake.url, COMPANY_REGISTRY_RETRIES: '0' });
    try {
      const { excelId } = await r.k.loadOk(r.alpha, [row('Siège', HEAD_OFFICE)]);
      expect(await settled(r, excelId)).toMatchObject({
        status: 'failed',
        message: ENRICHMENT_MESSAGES.unavailable,
      });
    } finally {
      await close(r);
    }
  });
});

describe('registry enrichment without COMPANY_REGISTRY_URL', () => {
  it('is skipped, and the report says why', async () => {
    const r = await appWith({});
    try {
      const { excelId } = await r.k.loadOk(r.alpha, [row('Siège', HEAD_OFFICE)]);
      const res = await enrichmentOf(r, excelId);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'skipped', message: ENRICHMENT_MESSAGES.notConfigured });
      expect((await prospects(r, excelId))[0]).toMatchObject({ ville: 'Aucun' });
    } finally {
      await close(r);
    }
  });
});
