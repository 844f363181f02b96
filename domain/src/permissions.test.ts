import {
  ALL_PERMISSIONS_MASK,
  DEFAULT_ROLES,
  hasPermission,
  maskOf,
  parseBinaryValue,
  PERMISSION,
  PERMISSIONS,
  permissionsOf,
  togglePermission,
  type PermissionKey,
} from './permissions';

const SPEC_TABLE: [string, string, number][] = [
  ['Général', 'Modifier les permissions', 1],
  ['Général', 'Créer un rôle', 2],
  ['Général', 'Ajouter un collaborateur si licence', 4],
  ['Général', 'Ajouter un collaborateur si pas de licence', 8],
  ['Général', 'Supprimer un collaborateur', 16],
  ['Général', 'Modifier un rôle', 32],
  ['Général', 'Supprimer un rôle', 64],
  ['Prospection optimisée', 'Voir les prospects', 128],
  ['Prospection optimisée', 'Créer un prospect', 256],
  ['Prospection optimisée', 'Modifier un prospect', 512],
  ['Prospection optimisée', 'Supprimer un prospect', 1024],
  ['Prospection optimisée', 'Assigner un collaborateur', 2048],
  ['Prospection optimisée', "Changer l'état", 4096],
  ['Prospection optimisée', 'Modifier les contrats', 8192],
  ['Prospection optimisée', 'Créer une gestion de tournée', 16384],
  ['Prospection optimisée', 'Importer une campagne', 32768],
  ['Prospection optimisée', 'Supprimer une campagne', 65536],
  ['Prospection optimisée', 'Commenter les suivis', 131072],
  ['Prospection optimisée', 'Voir les rapports', 262144],
  ['Prospection optimisée', "Voir l'historique", 524288],
  ['Prospection optimisée', 'Modifier une campagne', 1048576],
  ['Prospection optimisée', 'Assigner un utilisateur à la BDD', 2097152],
  ['Prospection optimisée', 'Exporter les prospects', 4194304],
];

describe('permissions', () => {
  it('are the 23 bits of the spec table, with its labels, values and groups, in its order', () => {
    expect(PERMISSIONS.map((permission) => [permission.group, permission.label, permission.bit])).toEqual(
      SPEC_TABLE,
    );
  });

  it('give every key the bit of its row', () => {
    for (const permission of PERMISSIONS) expect(PERMISSION[permission.key]).toBe(permission.bit);
    expect(Object.keys(PERMISSION)).toHaveLength(23);
  });

  it('name the bits in English', () => {
    expect(PERMISSION).toMatchObject({
      EDIT_PERMISSIONS: 1,
      CREATE_ROLE: 2,
      INVITE_WITH_LICENCE: 4,
      INVITE_WITHOUT_LICENCE: 8,
      REMOVE_COLLABORATOR: 16,
      EDIT_ROLE: 32,
      DELETE_ROLE: 64,
      VIEW_PROSPECTS: 128,
      CREATE_PROSPECT: 256,
      EDIT_PROSPECT: 512,
      DELETE_PROSPECT: 1024,
      ASSIGN_COLLABORATOR: 2048,
      CHANGE_STATE: 4096,
      EDIT_CONTRACTS: 8192,
      CREATE_ROUND: 16384,
      IMPORT_CAMPAIGN: 32768,
      DELETE_CAMPAIGN: 65536,
      COMMENT: 131072,
      VIEW_REPORTS: 262144,
      VIEW_HISTORY: 524288,
      EDIT_CAMPAIGN: 1048576,
      ASSIGN_USER_TO_DATABASE: 2097152,
      EXPORT_PROSPECTS: 4194304,
    });
  });

  it('sum to 8388607 when all are granted', () => {
    expect(ALL_PERMISSIONS_MASK).toBe(8388607);
  });
});

describe('hasPermission', () => {
  it('when the bit is set in the mask, grants it', () => {
    expect(hasPermission(128 + 4096, PERMISSION.CHANGE_STATE)).toBe(true);
  });

  it('when the bit is not set, refuses it', () => {
    expect(hasPermission(128, PERMISSION.CHANGE_STATE)).toBe(false);
    expect(hasPermission(0, PERMISSION.EDIT_PERMISSIONS)).toBe(false);
  });

  it('when asked for a zero, negative or fractional bit, refuses it', () => {
    expect(hasPermission(ALL_PERMISSIONS_MASK, 0)).toBe(false);
    expect(hasPermission(ALL_PERMISSIONS_MASK, -1)).toBe(false);
    expect(hasPermission(ALL_PERMISSIONS_MASK, 1.5)).toBe(false);
    expect(hasPermission(-1, 1)).toBe(false);
  });

  it('grants every bit to the full mask', () => {
    for (const permission of PERMISSIONS)
      expect(hasPermission(ALL_PERMISSIONS_MASK, permission.bit)).toBe(true);
  });
});

describe('togglePermission', () => {
  it('when a checkbox is ticked, sets its bit; when unticked, clears it', () => {
    const ticked = togglePermission(128, PERMISSION.COMMENT);
    expect(ticked).toBe(128 + 131072);
    expect(togglePermission(ticked, PERMISSION.COMMENT)).toBe(128);
  });

  it('leaves the other bits alone', () => {
    expect(togglePermission(ALL_PERMISSIONS_MASK, PERMISSION.EDIT_PERMISSIONS)).toBe(
      ALL_PERMISSIONS_MASK - 1,
    );
  });
});

describe('maskOf and permissionsOf', () => {
  it('turn a list of permissions into a mask and back', () => {
    const keys: PermissionKey[] = ['VIEW_PROSPECTS', 'EXPORT_PROSPECTS'];
    expect(maskOf(keys)).toBe(128 + 4194304);
    expect(permissionsOf(maskOf(keys))).toEqual(keys);
  });
});

describe('parseBinaryValue', () => {
  it.each([
    ['0', 0],
    ['1', 1],
    ['4096', 4096],
    ['8388607', 8388607],
    ['007', 7],
  ])("reads '%s' as %d", (value, mask) => {
    expect(parseBinaryValue(value)).toBe(mask);
  });

  it.each([
    '',
    ' 1',
    '1 ',
    '-1',
    '+1',
    '1.5',
    '1e3',
    '0x10',
    'abc',
    '8388608',
    '4294967296',
    '99999999999999999999',
  ])("rejects '%s'", (value) => {
    expect(parseBinaryValue(value)).toBeNull();
  });

  it('rejects a value that is not a string at all', () => {
    expect(parseBinaryValue({ $gt: '' } as unknown as string)).toBeNull();
    expect(parseBinaryValue(12 as unknown as string)).toBeNull();
  });
});

describe('default roles', () => {
  const role = (name: string) => {
    const found = DEFAULT_ROLES.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no ${name} role`);
    return found;
  };

  it('are Administrateur, Manager and Commercial', () => {
    expect(DEFAULT_ROLES.map((candidate) => candidate.name)).toEqual([
      'Administrateur',
      'Manager',
      'Commercial',
    ]);
  });

  it('give Administrateur every permission', () => {
    expect(role('Administrateur').mask).toBe(ALL_PERMISSIONS_MASK);
  });

  it('give Manager all of prospecting and inviting, but not permissions, roles or removing people', () => {
    const manager = role('Manager').mask;
    for (const permission of PERMISSIONS.filter((candidate) => candidate.group === 'Prospection optimisée')) {
      expect(hasPermission(manager, permission.bit)).toBe(true);
    }
    expect(hasPermission(manager, PERMISSION.INVITE_WITH_LICENCE)).toBe(true);
    expect(hasPermission(manager, PERMISSION.INVITE_WITHOUT_LICENCE)).toBe(true);
    for (const key of [
      'EDIT_PERMISSIONS',
      'CREATE_ROLE',
      'EDIT_ROLE',
      'DELETE_ROLE',
      'REMOVE_COLLABORATOR',
    ] as const) {
      expect(hasPermission(manager, PERMISSION[key])).toBe(false);
    }
  });

  it('give Commercial the day-to-day prospecting permissions only', () => {
    expect(permissionsOf(role('Commercial').mask)).toEqual([
      'VIEW_PROSPECTS',
      'CREATE_PROSPECT',
      'EDIT_PROSPECT',
      'CHANGE_STATE',
      'EDIT_CONTRACTS',
      'IMPORT_CAMPAIGN',
      'COMMENT',
      'EXPORT_PROSPECTS',
    ]);
  });

  it('carry their mask as the decimal string the wire uses', () => {
    for (const candidate of DEFAULT_ROLES)
      expect(parseBinaryValue(candidate.binaryValue)).toBe(candidate.mask);
  });
});
