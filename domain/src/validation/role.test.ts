import { firstErrorMessage } from './errors';
import { binaryValueSchema, roleChangeSchema, roleCreateSchema, roleEditSchema } from './role';

const id = '65a1b2c3d4e5f60718293a4b';

describe('role payloads', () => {
  it('read the mask sent as a decimal string into a number', () => {
    expect(roleCreateSchema.parse({ roleName: ' Stagiaire ', binaryValue: '128' })).toEqual({
      roleName: 'Stagiaire',
      binaryValue: 128,
    });
    expect(binaryValueSchema.parse('8388607')).toBe(8388607);
  });

  it.each(['', '-1', '8388608', '1.5', 'abc'])(
    "when the mask is '%s', it says 'Valeur de permissions invalide'",
    (mask) => {
      expect(firstErrorMessage(roleCreateSchema, { roleName: 'Stagiaire', binaryValue: mask })).toBe(
        'Valeur de permissions invalide',
      );
    },
  );

  it('when the role name is empty, asks for it', () => {
    expect(firstErrorMessage(roleEditSchema, { roleId: id, roleName: ' ', binaryValue: '1' })).toBe(
      'Veuillez renseigner le nom du rôle',
    );
  });

  it('want identifiers as 24 hex characters', () => {
    expect(firstErrorMessage(roleChangeSchema, { userId: id, roleId: id })).toBeNull();
    expect(firstErrorMessage(roleChangeSchema, { userId: 'admin', roleId: id })).toBe('Identifiant invalide');
  });
});
