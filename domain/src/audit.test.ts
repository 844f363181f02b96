import {
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  auditCsv,
  auditExportSchema,
  auditListSchema,
  auditValueText,
} from './audit';
import { DEFAULT_ROLES, hasPermission, PERMISSION, PERMISSIONS } from './permissions';

describe('audit log', () => {
  it('has a French label for every kind, the bin’s two included', () => {
    expect(AUDIT_KINDS).toEqual(expect.arrayContaining(['deleted', 'restored']));
    for (const kind of AUDIT_KINDS) expect(AUDIT_KIND_LABELS[kind]).toMatch(/^[A-ZÀ-Ý]/);
  });

  it('is read with "Voir l’historique" (524288), held by Administrateur and Manager, not Commercial', () => {
    expect(PERMISSIONS.find((permission) => permission.bit === 524288)).toMatchObject({
      key: 'VIEW_HISTORY',
      label: "Voir l'historique",
      group: 'Prospection optimisée',
    });
    const holders = DEFAULT_ROLES.filter((role) => hasPermission(role.mask, PERMISSION.VIEW_HISTORY));
    expect(holders.map((role) => role.name)).toEqual(['Administrateur', 'Manager']);
  });

  it('writes values as one line: records as "clé : valeur", lists with commas', () => {
    expect(
      auditValueText({ Nom: 'Ventes', Permissions: ['Voir les prospects', 'Commenter les suivis'] }),
    ).toBe('Nom : Ventes / Permissions : Voir les prospects, Commenter les suivis');
    expect(auditValueText(null)).toBe('');
    expect(auditValueText(true)).toBe('oui');
  });

  it('exports a CSV Excel opens: BOM, semicolons, quoted cells, formulas neutralised', () => {
    const csv = auditCsv([
      {
        _id: 'a'.repeat(24),
        at: Date.UTC(2025, 0, 6, 9, 0),
        actor: null,
        kind: 'exported',
        subject: { type: 'export', id: 'b'.repeat(24), label: '@SUM(A1)' },
        details: { Lignes: 12 },
      },
    ]);
    expect(csv).toBe(
      '\uFEFF"Date";"Personne";"Type";"Objet";"Avant";"Après";"Détails"\r\n' +
        '"06/01/2025 10:00";"Système";"Export";"\'@SUM(A1)";"";"";"Lignes : 12"\r\n',
    );
  });

  it('refuses a reversed period and an unknown kind in French', () => {
    const reversed = auditExportSchema.safeParse({ from: '2025-02-01', to: '2025-01-01' });
    expect(reversed.error?.issues[0]?.message).toBe('La date de début doit précéder la date de fin');
    const kind = auditListSchema.safeParse({ kind: 'tout' });
    expect(kind.error?.issues[0]?.message).toBe('Type d’événement invalide');
    expect(auditListSchema.parse({})).toEqual({ limit: 50 });
  });
});
