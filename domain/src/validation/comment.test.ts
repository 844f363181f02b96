import { chatMessageSchema } from './chat-message';
import { commentSchema } from './comment';
import { firstErrorMessage } from './errors';

const statusId = '65a1b2c3d4e5f60718293a4b';

describe('commentSchema (comment and status modal)', () => {
  it("when the text is empty, it says 'Veuillez remplir tous les champs'", () => {
    expect(firstErrorMessage(commentSchema, { message: '   ', statusId })).toBe(
      'Veuillez remplir tous les champs',
    );
  });

  it("when no status is chosen, it says 'Veuillez choisir un statut'", () => {
    expect(firstErrorMessage(commentSchema, { message: 'Rappeler lundi', statusId: '' })).toBe(
      'Veuillez choisir un statut',
    );
    expect(firstErrorMessage(commentSchema, { message: 'Rappeler lundi' })).toBe(
      'Veuillez choisir un statut',
    );
  });

  it('checks the text before the status', () => {
    expect(firstErrorMessage(commentSchema, {})).toBe('Veuillez remplir tous les champs');
  });

  it('accepts a text and a status', () => {
    expect(commentSchema.parse({ message: ' Rappeler lundi ', statusId })).toEqual({
      message: 'Rappeler lundi',
      statusId,
    });
  });
});

describe('chatMessageSchema (detail chat input)', () => {
  it("when no status is selected, it says 'Veuillez selectionner un status'", () => {
    expect(firstErrorMessage(chatMessageSchema, { message: 'Bonjour', statusId: '' })).toBe(
      'Veuillez selectionner un status',
    );
  });

  it("when the comment is empty, it says 'Le commentaire doit contenir au moins 1 caractères'", () => {
    expect(firstErrorMessage(chatMessageSchema, { message: '', statusId })).toBe(
      'Le commentaire doit contenir au moins 1 caractères',
    );
  });

  it('checks the status before the comment', () => {
    expect(firstErrorMessage(chatMessageSchema, { message: '', statusId: '' })).toBe(
      'Veuillez selectionner un status',
    );
  });

  it('caps a comment at 5000 characters', () => {
    expect(firstErrorMessage(chatMessageSchema, { message: 'x'.repeat(5001), statusId })).toBe(
      'Le champ commentaire ne doit pas dépasser 5000 caractères',
    );
  });
});
