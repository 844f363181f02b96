import { MESSAGES } from './messages';

describe('MESSAGES', () => {
  it('quote SPEC §5 word for word', () => {
    expect(MESSAGES).toMatchObject({
      invalidCompanyName: 'Raison sociale invalide',
      invalidPhone: 'Numéro de téléphone invalide',
      emptyFile: 'Fichier vide',
      fillAllFields: 'Veuillez remplir tous les champs',
      importTitleTooShort: 'Le titre doit contenir au moins 5 caractères',
      opportunityTitleRequired: "Veuillez renseigner le raison social de l'opportunité",
      opportunityAddressRequired: "Veuillez renseigner l'adresse complète",
      opportunityPhoneRequired: 'Veuillez renseigner le téléphone',
      opportunityStatusDateRequired: 'Veuillez renseigner la date de status',
      investmentTypeRequired: "Veuillez selectionner un type d'investissement",
      fillAllFieldsBeforeValidating: 'Veuillez remplir tous les champs avant de valider',
      statusRequired: 'Veuillez choisir un statut',
      chatStatusRequired: 'Veuillez selectionner un status',
      chatCommentTooShort: 'Le commentaire doit contenir au moins 1 caractères',
      dateRequired: 'Veuillez renseigner une date',
      invitationEmailRequired: 'Veuillez entrer un e-mail',
      licenceCountTooLow: "Vous ne pouvez pas avoir moins d'une licence",
      passwordTooShort: 'Mot de passe trop court',
      passwordNoLowercase: 'Le mot de passe doit contenir au moins une lettre minuscule',
      passwordNoUppercase: 'Le mot de passe doit contenir au moins une lettre majuscule',
      passwordNoDigit: 'Le mot de passe doit contenir au moins un chiffre',
      invalidEmail: 'Email invalide',
    });
  });

  it('build the generic messages with the field name', () => {
    expect(MESSAGES.invalidType('e-mail')).toBe('Valeur invalide pour le champ e-mail');
    expect(MESSAGES.tooLong('titre', 200)).toBe('Le champ titre ne doit pas dépasser 200 caractères');
    expect(MESSAGES.tooMany('contacts', 50)).toBe(
      'Le champ contacts ne peut pas contenir plus de 50 éléments',
    );
  });
});
