/**
 * Every validation message, in French. The ones quoted in SPEC.md §5 are copied verbatim (spelling
 * included: 'selectionner', 'status', 'caractères' after 1); the others fill gaps the spec leaves
 * open (wrong types, length caps) in the same tone.
 */
export const MESSAGES = {
  // Sign-up, checked in this order (SPEC §5).
  passwordTooShort: 'Mot de passe trop court',
  passwordNoLowercase: 'Le mot de passe doit contenir au moins une lettre minuscule',
  passwordNoUppercase: 'Le mot de passe doit contenir au moins une lettre majuscule',
  passwordNoDigit: 'Le mot de passe doit contenir au moins un chiffre',
  invalidEmail: 'Email invalide',
  invalidPhone: 'Numéro de téléphone invalide',
  // Prospect facts typed in the modals (not in SPEC §5, same tone).
  invalidPostalCode: 'Code postal invalide',
  invalidSiret: 'Siret invalide',

  // Account forms.
  emailRequired: 'Veuillez entrer un e-mail',
  passwordRequired: 'Veuillez entrer un mot de passe',
  usernameRequired: 'Veuillez renseigner votre nom et prénom',
  passwordsDoNotMatch: 'Les mots de passe ne correspondent pas',
  invalidToken: 'Jeton invalide ou expiré',

  // Organisation and invitation.
  invalidCompanyName: 'Raison sociale invalide',
  invitationEmailRequired: 'Veuillez entrer un e-mail',

  // CSV import.
  emptyFile: 'Fichier vide',
  fillAllFields: 'Veuillez remplir tous les champs',
  importTitleTooShort: 'Le titre doit contenir au moins 5 caractères',

  // New opportunity.
  opportunityTitleRequired: "Veuillez renseigner le raison social de l'opportunité",
  opportunityAddressRequired: "Veuillez renseigner l'adresse complète",
  opportunityPhoneRequired: 'Veuillez renseigner le téléphone',
  opportunityStatusDateRequired: 'Veuillez renseigner la date de status',
  // SPEC §9 sets a 5-character minimum for the opportunity title without quoting a message: reuse the import one.
  opportunityTitleTooShort: 'Le titre doit contenir au moins 5 caractères',
  civiliteInvalid: 'Civilité invalide',

  // Contractual and prospect information.
  investmentTypeRequired: "Veuillez selectionner un type d'investissement",
  contractEndDateInPast: "La date de fin de contrat ne peut pas être antérieure à aujourd'hui",
  fillAllFieldsBeforeValidating: 'Veuillez remplir tous les champs avant de valider',

  // Comments and chat.
  statusRequired: 'Veuillez choisir un statut',
  chatStatusRequired: 'Veuillez selectionner un status',
  chatCommentTooShort: 'Le commentaire doit contenir au moins 1 caractères',

  // Dates.
  dateRequired: 'Veuillez renseigner une date',
  invalidDate: 'Date invalide',

  // Licences.
  licenceCountTooLow: "Vous ne pouvez pas avoir moins d'une licence",
  licenceCountNotInteger: 'Le nombre de licences doit être un nombre entier',
  licenceCountTooHigh: (max: number) => `Vous ne pouvez pas acheter plus de ${max} licences à la fois`,

  // Roles.
  roleNameRequired: 'Veuillez renseigner le nom du rôle',
  invalidPermissionMask: 'Valeur de permissions invalide',

  // Settings: members and account.
  reassignToRequired: 'Veuillez choisir le collaborateur qui reprend les opportunités',
  currentPasswordRequired: 'Veuillez entrer votre mot de passe actuel',

  // Generic: identifiers, wrong types, caps.
  invalidId: 'Identifiant invalide',
  invalidRequest: 'Requête invalide',
  invalidType: (field: string) => `Valeur invalide pour le champ ${field}`,
  tooLong: (field: string, max: number) => `Le champ ${field} ne doit pas dépasser ${max} caractères`,
  tooMany: (field: string, max: number) => `Le champ ${field} ne peut pas contenir plus de ${max} éléments`,
} as const;

export type MessageKey = keyof typeof MESSAGES;
