import { formatDateInZone, formatDateTimeInZone, opportunityCsvLine } from '@app/domain';
import type { MessageDoc } from '../messages/module';
import type { ProspectDoc } from '../prospects/module';
import { exportLineWriter, zonedDateFormat } from './export-lines';
import { toOpportunityView, type ViewContext } from './opportunity-views';
import type { OpportunityDoc } from './repository';

const NOW = Date.UTC(2025, 9, 26, 0, 30); // Paris falls back to winter time that night
const DAY = 86_400_000;
const id = (n: number) => n.toString(16).padStart(24, '0');

function prospect(n: number, fields: Partial<ProspectDoc> = {}): ProspectDoc {
  return {
    _id: id(n),
    organisationId: 'o',
    excelId: '',
    userId: 'u',
    isPrivate: false,
    rowIndex: n,
    prospect: `Société ${n}`,
    enseigne: 'Aucun',
    codePostale: '29000',
    ville: 'Quimper',
    adresseComplete: '1 rue de Brest',
    site: '',
    telephone: '+33298000000',
    eMail: 'contact@exemple.fr',
    siret: 'Aucun',
    libelleactivite: 'Restauration',
    trancheSalarier: '1-9',
    typeEtablissement: 'Aucun',
    departement: '29',
    region: 'Bretagne',
    value: '{}',
    searchText: '',
    dedupKey: '',
    siretFlagged: false,
    isAccepted: true,
    state: 'TODO',
    ...fields,
  };
}

const message = (text: string, statusName: string): MessageDoc => ({
  _id: 'm',
  organisationId: 'o',
  opportunityId: 'x',
  text,
  date: 0,
  userId: 'u',
  username: 'Dupont Marie',
  statusId: 's',
  statusName,
});

const prospects: ProspectDoc[] = [
  prospect(1),
  prospect(2, {
    prospect: '=HYPERLINK("http://x")',
    enseigne: 'Le "Petit" Café; Paris',
    telephone: '-12',
    ville: '  ',
    site: '@cmd',
    siret: '\t=1',
    value: JSON.stringify({
      Horaires_ouverture: 'midi "et" soir',
      Note: '+1',
      contact: [
        {
          civilite: 'Mme.',
          surname: 'Le Goff',
          name: 'Anne',
          fonction: 'Gérante',
          phone: '+33',
          mail: 'Aucun',
        },
        { civilite: 'Dr', surname: '"Kerjean"', name: '', fonction: 'Aucun' },
        'pas un contact',
      ],
    }),
  }),
  prospect(3, { value: 'pas du JSON', departement: undefined, region: undefined } as unknown as ProspectDoc),
  prospect(4, {
    value: '{"Nombre":12,"Objet":{"a":1},"Liste":[1,"b"],"Vide":null,"Oui":true,"Enorme":1e400}',
  }),
  prospect(5, { value: '[1,2]', prospect: null } as unknown as ProspectDoc),
  prospect(6, {
    value: '{"__proto__":"x","a_b_c":"\\r\\nligne","contact":"non"}',
    codePostale: 29000,
  } as unknown as ProspectDoc),
];

function opportunity(n: number, fields: Partial<OpportunityDoc>): OpportunityDoc {
  return {
    _id: id(100 + n),
    organisationId: 'o',
    prospectId: id((n % 8) + 1), // 7 and 8: no prospect
    excelId: '',
    userId: n % 3 === 0 ? 'u' : n % 3 === 1 ? 'v' : 'nobody',
    state: 'TODO',
    creationDate: NOW - n * 997_003,
    stateChangedAt: NOW - (n % 40) * DAY,
    history: [],
    ...fields,
  };
}

const opportunities: OpportunityDoc[] = [];
for (let n = 0; n < 400; n += 1) {
  const kind = n % 8;
  opportunities.push(
    opportunity(n, {
      state: (['TODO', 'WAITING', 'WAITING', 'WAITING', 'WIN', 'LOOSE', 'TODO', 'WAITING'] as const)[kind],
      // future, past (shown as TODO), missing; around the autumn and spring DST changes, to the minute
      ...(kind === 1 ? { waitingDate: NOW + n * 3_600_000 + n * 61_000 } : {}),
      ...(kind === 2 ? { waitingDate: NOW - n * 59_000 } : {}),
      ...(kind === 7 ? { waitingDate: Date.UTC(2026, 2, 29, 0, 0) + n * 37_000 } : {}),
      ...(n % 5 === 0
        ? { informationContractuelle: JSON.stringify({ "Type_D'investissement": 'location', Montant: 12 }) }
        : {}),
      ...(n % 7 === 0 ? { informationContractuelle: 'cassé' } : {}),
      ...(n % 4 === 0
        ? {
            recentMessages: [
              message(n % 8 === 0 ? '-rappeler "vite"' : 'rappeler', 'Appel Abouti'),
              message('ancien', 'Autre'),
            ],
          }
        : {}),
      ...(n % 9 === 0 ? { recentMessages: [] } : {}),
    }),
  );
}

function contextOf(timeZone: string): ViewContext {
  return {
    now: NOW,
    timeZone,
    prospects: new Map(prospects.map((doc) => [doc._id, doc])),
    userOf: (userId) =>
      userId === 'u'
        ? { _id: 'u', username: 'Dupont Marie' }
        : userId === 'v'
          ? { _id: 'v', username: '=Martin "Jo"' }
          : { _id: userId, username: '' },
  };
}

describe('the export lines written from the stored documents', () => {
  it.each(['Europe/Paris', 'America/St_Johns', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'UTC'])(
    'are the domain lines of the views, cell for cell, in %s',
    (timeZone) => {
      const context = contextOf(timeZone);
      const lineOf = exportLineWriter(timeZone);
      for (const doc of opportunities) {
        expect(lineOf(doc, context)).toBe(opportunityCsvLine(toOpportunityView(doc, context), timeZone));
      }
    },
  );
});

describe('zonedDateFormat', () => {
  it.each(['Europe/Paris', 'America/St_Johns', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham'])(
    'reads dates and times as Intl does in %s, across DST changes, old local mean times and far dates',
    (timeZone) => {
      const format = zonedDateFormat(timeZone);
      const instants: number[] = [
        0,
        -1,
        Date.UTC(1900, 5, 1, 12, 3, 7),
        Date.UTC(1911, 2, 11, 0, 1),
        Date.UTC(2200, 0, 1),
      ];
      // A year every 45 minutes (so every quarter of the hour, each zone's changes included), at the
      // start of a quarter, inside it or at its end; and every minute around Paris's two changes.
      const QUARTER = 15 * 60_000;
      for (let at = Date.UTC(2025, 0, 1), n = 0; at < Date.UTC(2026, 0, 1); at += 3 * QUARTER, n += 1) {
        instants.push(at + [0, 433_000, QUARTER - 1][n % 3]!);
      }
      for (const change of [Date.UTC(2025, 2, 30, 1), Date.UTC(2025, 9, 26, 1)]) {
        for (let minute = -90; minute <= 90; minute += 1)
          instants.push(change + minute * 60_000 + 59_999 * (minute % 2));
      }
      for (const ms of instants) {
        expect(format.date(ms)).toBe(formatDateInZone(ms, timeZone));
        expect(format.dateTime(ms)).toBe(formatDateTimeInZone(ms, timeZone));
      }
    },
  );
});
