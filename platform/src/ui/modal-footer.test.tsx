import { useId, useState, type FormEvent } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModalFooter } from './modal-footer';

function TitleForm({ onSaved, onCancel }: { onSaved: (title: string) => void; onCancel: () => void }) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = title.length < 5 ? 'Le titre doit contenir au moins 5 caractères' : null;
    setError(problem);
    if (!problem) onSaved(title);
  };
  return (
    <form onSubmit={handleSubmit} noValidate>
      <label>
        Titre
        <input
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          aria-describedby={error ? errorId : undefined}
        />
      </label>
      <ModalFooter confirmLabel="Enregistrer" onCancel={onCancel} error={error} errorId={errorId} />
    </form>
  );
}

test('without onConfirm, the confirming button submits the form it sits in', async () => {
  const user = userEvent.setup();
  const onSaved = jest.fn();
  render(<TitleForm onSaved={onSaved} onCancel={() => undefined} />);
  await user.type(screen.getByRole('textbox', { name: 'Titre' }), 'Relance printemps');
  await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(onSaved).toHaveBeenCalledWith('Relance printemps');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test("when the form refuses its input, the error is announced and described by the field's aria-describedby", async () => {
  const user = userEvent.setup();
  const onSaved = jest.fn();
  render(<TitleForm onSaved={onSaved} onCancel={() => undefined} />);
  await user.type(screen.getByRole('textbox', { name: 'Titre' }), 'Abc');
  await user.keyboard('{Enter}');
  expect(screen.getByRole('alert')).toHaveTextContent('Le titre doit contenir au moins 5 caractères');
  expect(screen.getByRole('textbox', { name: 'Titre' })).toHaveAccessibleDescription(
    'Le titre doit contenir au moins 5 caractères',
  );
  expect(onSaved).not.toHaveBeenCalled();
});

test("'Annuler' cancels without submitting the form", async () => {
  const user = userEvent.setup();
  const onSaved = jest.fn();
  const onCancel = jest.fn();
  render(<TitleForm onSaved={onSaved} onCancel={onCancel} />);
  await user.click(screen.getByRole('button', { name: 'Annuler' }));
  expect(onCancel).toHaveBeenCalledTimes(1);
  expect(onSaved).not.toHaveBeenCalled();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('with onConfirm, the confirming button calls it and submits nothing', async () => {
  const user = userEvent.setup();
  const onConfirm = jest.fn();
  const onSubmit = jest.fn((event: FormEvent) => event.preventDefault());
  render(
    <form onSubmit={onSubmit}>
      <ModalFooter
        confirmLabel="Supprimer"
        confirmVariant="danger"
        onConfirm={onConfirm}
        onCancel={jest.fn()}
      />
    </form>,
  );
  await user.click(screen.getByRole('button', { name: 'Supprimer' }));
  expect(onConfirm).toHaveBeenCalledTimes(1);
  expect(onSubmit).not.toHaveBeenCalled();
});

test('while a call is on its way, the disabled buttons cannot be used', async () => {
  const user = userEvent.setup();
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  render(
    <ModalFooter
      confirmLabel="Confirmer"
      onConfirm={onConfirm}
      confirmDisabled
      onCancel={onCancel}
      cancelDisabled
    />,
  );
  expect(screen.getByRole('button', { name: 'Confirmer' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Annuler' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Confirmer' }));
  await user.click(screen.getByRole('button', { name: 'Annuler' }));
  expect(onConfirm).not.toHaveBeenCalled();
  expect(onCancel).not.toHaveBeenCalled();
});

test("'Annuler' comes before the confirming button, so Tab reaches the safe choice first", async () => {
  const user = userEvent.setup();
  render(
    <ModalFooter confirmLabel="Quitter" confirmVariant="danger" onConfirm={jest.fn()} onCancel={jest.fn()} />,
  );
  await user.tab();
  expect(screen.getByRole('button', { name: 'Annuler' })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('button', { name: 'Quitter' })).toHaveFocus();
});
