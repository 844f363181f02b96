import { act, render, screen } from '@testing-library/react';
import { ApiError } from '../api/api-error';
import { useSessionStore } from '../session/session-store';
import {
  clearApiQueries,
  invalidateApiQueries,
  prefetchApiQuery,
  useApiQuery,
  type ApiQueryOptions,
} from './api-query';

type Input = { organisationId: string; id: string };
type Reply = { name: string };

/** A call whose answers the test gives, in order. */
function deferredCall() {
  const pending: { input: Input; resolve: (reply: Reply) => void; reject: (error: unknown) => void }[] = [];
  const call = jest.fn(
    (input: Input) =>
      new Promise<Reply>((resolve, reject) => {
        pending.push({ input, resolve, reject });
      }),
  );
  const nth = (index: number) => {
    const request = pending[index];
    if (!request) throw new Error(`pas de requête ${index}`);
    return request;
  };
  return { call, nth };
}

function Probe({
  call,
  id = 'a',
  label = 'probe',
  options = { key: 'thing/get' },
}: {
  call: (input: Input) => Promise<Reply>;
  id?: string | null;
  label?: string;
  options?: ApiQueryOptions;
}) {
  const organisationId = useSessionStore((state) => state.currentOrganisationId);
  const query = useApiQuery(call, id === null || !organisationId ? null : { organisationId, id }, options);
  return (
    <div data-testid={label}>
      {query.loading ? 'chargement' : ''}
      {query.data ? query.data.name : ''}
      {query.error instanceof ApiError ? `erreur : ${query.error.message}` : ''}
      <button type="button" onClick={query.refetch}>
        {`rafraîchir ${label}`}
      </button>
      <button type="button" onClick={() => query.setData({ name: 'remplacé' })}>
        {`remplacer ${label}`}
      </button>
    </div>
  );
}

beforeEach(() => {
  clearApiQueries();
  useSessionStore.getState().clearSession();
  useSessionStore.getState().signIn('jeton');
  useSessionStore.getState().setOrganisations([
    { _id: 'o1', name: 'Une', role: { _id: 'r', name: 'Admin', binaryValue: '1' } },
    { _id: 'o2', name: 'Deux', role: { _id: 'r', name: 'Admin', binaryValue: '1' } },
  ]);
  useSessionStore.getState().selectOrganisation('o1');
});

test('shows loading, then the answer; two components reading the same call and input ask once', async () => {
  const { call, nth } = deferredCall();
  render(
    <>
      <Probe call={call} label="un" />
      <Probe call={call} label="deux" />
    </>,
  );
  expect(screen.getByTestId('un')).toHaveTextContent('chargement');
  expect(call).toHaveBeenCalledTimes(1);
  expect(call).toHaveBeenCalledWith({ organisationId: 'o1', id: 'a' });
  await act(async () => nth(0).resolve({ name: 'Alpha' }));
  expect(screen.getByTestId('un')).toHaveTextContent('Alpha');
  expect(screen.getByTestId('deux')).toHaveTextContent('Alpha');
  expect(screen.getByTestId('un')).not.toHaveTextContent('chargement');
});

test('a prefetched call is taken by the first screen reading it, on its way or answered, not asked twice', async () => {
  const { call, nth } = deferredCall();
  prefetchApiQuery(call, { organisationId: 'o1', id: 'a' }, { key: 'thing/get' });
  prefetchApiQuery(call, { organisationId: 'o1', id: 'a' }, { key: 'thing/get' });
  expect(call).toHaveBeenCalledTimes(1);
  const first = render(<Probe call={call} />);
  expect(call).toHaveBeenCalledTimes(1);
  expect(screen.getByTestId('probe')).toHaveTextContent('chargement');
  await act(async () => nth(0).resolve({ name: 'Alpha' }));
  expect(screen.getByTestId('probe')).toHaveTextContent('Alpha');
  first.unmount();

  // Answered before any screen: shown at once. A later screen (no prefetch pending) asks again as usual.
  prefetchApiQuery(call, { organisationId: 'o1', id: 'b' }, { key: 'thing/get' });
  await act(async () => nth(1).resolve({ name: 'Bêta' }));
  const second = render(<Probe call={call} id="b" />);
  expect(screen.getByTestId('probe')).toHaveTextContent('Bêta');
  expect(call).toHaveBeenCalledTimes(2);
  second.unmount();
  render(<Probe call={call} id="b" />);
  expect(call).toHaveBeenCalledTimes(3);
});

test('a refetch keeps the answer shown until the new one arrives; a failed one keeps it and tells', async () => {
  const { call, nth } = deferredCall();
  render(<Probe call={call} />);
  await act(async () => nth(0).resolve({ name: 'Alpha' }));
  act(() => screen.getByRole('button', { name: 'rafraîchir probe' }).click());
  expect(call).toHaveBeenCalledTimes(2);
  expect(screen.getByTestId('probe')).toHaveTextContent('Alpha');
  await act(async () => nth(1).resolve({ name: 'Bêta' }));
  expect(screen.getByTestId('probe')).toHaveTextContent('Bêta');

  act(() => screen.getByRole('button', { name: 'rafraîchir probe' }).click());
  await act(async () => nth(2).reject(new ApiError('Serveur indisponible', 503)));
  expect(screen.getByTestId('probe')).toHaveTextContent('Bêta');
  expect(screen.getByTestId('probe')).toHaveTextContent('erreur : Serveur indisponible');
});

test('the answer is kept per organisation: another organisation loads its own', async () => {
  const { call, nth } = deferredCall();
  render(<Probe call={call} />);
  await act(async () => nth(0).resolve({ name: 'De la première' }));
  act(() => useSessionStore.getState().selectOrganisation('o2'));
  expect(screen.getByTestId('probe')).toHaveTextContent('chargement');
  expect(screen.getByTestId('probe')).not.toHaveTextContent('De la première');
  expect(call).toHaveBeenLastCalledWith({ organisationId: 'o2', id: 'a' });
  await act(async () => nth(1).resolve({ name: 'De la seconde' }));
  expect(screen.getByTestId('probe')).toHaveTextContent('De la seconde');
});

function AccountProbe({
  call,
  byOrganisation,
}: {
  call: (input: Input) => Promise<Reply>;
  byOrganisation: boolean;
}) {
  const query = useApiQuery(call, { organisationId: '-', id: 'moi' }, { key: 'account/get', byOrganisation });
  return <p data-testid="compte">{query.loading ? 'chargement' : query.data?.name}</p>;
}

test('an answer that does not depend on the organisation is not asked again when it changes', async () => {
  const { call, nth } = deferredCall();
  const { rerender } = render(<AccountProbe call={call} byOrganisation={false} />);
  await act(async () => nth(0).resolve({ name: 'Claire' }));
  act(() => useSessionStore.getState().selectOrganisation('o2'));
  expect(call).toHaveBeenCalledTimes(1);
  expect(screen.getByTestId('compte')).toHaveTextContent('Claire');

  rerender(<AccountProbe call={call} byOrganisation />);
  expect(call).toHaveBeenCalledTimes(2);
  act(() => useSessionStore.getState().selectOrganisation('o1'));
  expect(call).toHaveBeenCalledTimes(3);
  expect(screen.getByTestId('compte')).toHaveTextContent('chargement');
});

test('an answer arriving after a newer request is ignored', async () => {
  const { call, nth } = deferredCall();
  render(<Probe call={call} />);
  act(() => screen.getByRole('button', { name: 'rafraîchir probe' }).click());
  await act(async () => nth(1).resolve({ name: 'Récente' }));
  await act(async () => nth(0).resolve({ name: 'Ancienne' }));
  expect(screen.getByTestId('probe')).toHaveTextContent('Récente');
});

test('after a change, invalidation asks again where the answer is shown and forgets it elsewhere', async () => {
  const { call, nth } = deferredCall();
  const other = deferredCall();
  const { rerender } = render(
    <>
      <Probe call={call} label="montré" />
      <Probe call={other.call} label="caché" options={{ key: 'thing/get', keep: true }} id="b" />
    </>,
  );
  await act(async () => {
    nth(0).resolve({ name: 'Avant' });
    other.nth(0).resolve({ name: 'Gardé' });
  });
  rerender(<Probe call={call} label="montré" />);
  act(() => invalidateApiQueries('thing/get'));
  expect(call).toHaveBeenCalledTimes(2);
  expect(screen.getByTestId('montré')).toHaveTextContent('Avant');
  await act(async () => nth(1).resolve({ name: 'Après' }));
  expect(screen.getByTestId('montré')).toHaveTextContent('Après');

  rerender(
    <>
      <Probe call={call} label="montré" />
      <Probe call={other.call} label="caché" options={{ key: 'thing/get', keep: true }} id="b" />
    </>,
  );
  expect(screen.getByTestId('caché')).toHaveTextContent('chargement');
  expect(other.call).toHaveBeenCalledTimes(2);
});

test('an answer is forgotten when its last reader is gone, unless kept; a kept failure is asked again', async () => {
  const { call, nth } = deferredCall();
  const { unmount } = render(<Probe call={call} />);
  await act(async () => nth(0).resolve({ name: 'Alpha' }));
  unmount();
  render(<Probe call={call} label="encore" />);
  expect(screen.getByTestId('encore')).toHaveTextContent('chargement');
  expect(call).toHaveBeenCalledTimes(2);

  const kept = deferredCall();
  const keep = { key: 'statuses/get', keep: true };
  const first = render(<Probe call={kept.call} label="gardé" options={keep} />);
  await act(async () => kept.nth(0).reject(new ApiError('Erreur', 500)));
  first.unmount();
  const second = render(<Probe call={kept.call} label="gardé" options={keep} />);
  expect(kept.call).toHaveBeenCalledTimes(2);
  await act(async () => kept.nth(1).resolve({ name: 'Statuts' }));
  second.unmount();
  render(<Probe call={kept.call} label="gardé" options={keep} />);
  expect(screen.getByTestId('gardé')).toHaveTextContent('Statuts');
  expect(kept.call).toHaveBeenCalledTimes(2);
});

test('setData replaces the answer; no input asks nothing', async () => {
  const { call, nth } = deferredCall();
  render(
    <>
      <Probe call={call} />
      <Probe call={call} id={null} label="vide" />
    </>,
  );
  expect(call).toHaveBeenCalledTimes(1);
  expect(screen.getByTestId('vide')).not.toHaveTextContent('chargement');
  await act(async () => nth(0).resolve({ name: 'Alpha' }));
  act(() => screen.getByRole('button', { name: 'remplacer probe' }).click());
  expect(screen.getByTestId('probe')).toHaveTextContent('remplacé');
});

test('a call that throws at once is a failure like a rejected one', async () => {
  const call = jest.fn((): Promise<Reply> => {
    throw new ApiError('Refusé', 400);
  });
  render(<Probe call={call} />);
  expect(await screen.findByText('erreur : Refusé')).toBeInTheDocument();
});

test('signing out forgets the kept answers: the next user of the tab asks again', async () => {
  const kept = deferredCall();
  const keep = { key: 'statuses/get', keep: true };
  const first = render(<Probe call={kept.call} label="gardé" options={keep} />);
  await act(async () => kept.nth(0).resolve({ name: 'Statuts du premier' }));
  first.unmount();

  act(() => {
    useSessionStore.getState().clearSession();
    useSessionStore.getState().signIn('autre-jeton');
    useSessionStore
      .getState()
      .setOrganisations([{ _id: 'o1', name: 'Une', role: { _id: 'r', name: 'Admin', binaryValue: '1' } }]);
    useSessionStore.getState().selectOrganisation('o1');
  });
  render(<Probe call={kept.call} label="gardé" options={keep} />);
  expect(screen.getByTestId('gardé')).toHaveTextContent('chargement');
  expect(kept.call).toHaveBeenCalledTimes(2);
});
