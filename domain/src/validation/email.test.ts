import { emailSchema, requiredEmail } from './email';
import { firstErrorMessage } from './errors';

describe('emailSchema', () => {
  it('trims and lower-cases the address', () => {
    expect(emailSchema.parse('  Jean.Dupont@Exemple.FR ')).toBe('jean.dupont@exemple.fr');
  });

  it.each(['jean@exemple.fr', 'j.dupont+crm@sous.domaine.com', "o'neil@exemple.ie", 'a_b-c@x-y.io'])(
    'accepts %s',
    (email) => {
      expect(firstErrorMessage(emailSchema, email)).toBeNull();
    },
  );

  it.each([
    '',
    'jean',
    'jean@',
    '@exemple.fr',
    'jean@exemple',
    'jean@@exemple.fr',
    'je an@exemple.fr',
    'jean@.fr',
  ])("when the address is %p, it says 'Email invalide'", (email) => {
    expect(firstErrorMessage(emailSchema, email)).toBe('Email invalide');
  });

  it('when the address is longer than 254 characters, it says so', () => {
    expect(firstErrorMessage(emailSchema, `${'a'.repeat(250)}@exemple.fr`)).toBe(
      'Le champ e-mail ne doit pas dépasser 254 caractères',
    );
  });

  it('when the address is an object, it says the value is invalid', () => {
    expect(firstErrorMessage(emailSchema, { $gt: '' })).toBe('Valeur invalide pour le champ e-mail');
  });
});

describe('requiredEmail', () => {
  const schema = requiredEmail('Veuillez entrer un e-mail');

  it('when empty or absent, says the empty message, once', () => {
    expect(schema.safeParse('  ').error?.issues.map((issue) => issue.message)).toEqual([
      'Veuillez entrer un e-mail',
    ]);
    expect(firstErrorMessage(schema, undefined)).toBe('Veuillez entrer un e-mail');
  });

  it("when malformed, says 'Email invalide'", () => {
    expect(firstErrorMessage(schema, 'jean')).toBe('Email invalide');
  });
});
