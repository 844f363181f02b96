import { contactsSchema } from './contact';

describe('contactsSchema', () => {
  it('keeps the contacts with something written in them and drops the empty ones', () => {
    expect(
      contactsSchema.parse([
        { civilite: 'Mme.', surname: '  ', name: '', phone: '' },
        { civilite: 'Mme.', surname: 'Lefèvre', name: 'Hélène' },
        {},
        { phone: '06 12 34 56 78' },
      ]),
    ).toEqual([
      { civilite: 'Mme.', surname: 'Lefèvre', name: 'Hélène', fonction: '', phone: '', mail: '' },
      { surname: '', name: '', fonction: '', phone: '06 12 34 56 78', mail: '' },
    ]);
  });
});
