// The real API process killed (SIGKILL) in the middle of a burst of state changes and comments on
// the embedded store, then started again on the same DATA_DIR: every acknowledged call is there, each
// opportunity's state, history, comments and prospect agree, and SQLite finds its file intact.
// What each durability test proves: docs/decisions/durability.md.
import path from 'node:path';
import Database from 'better-sqlite3';
import { openStore } from '../db/open-store';
import { STORE_FILE } from '../db/sqlite-store';
import { MAPPING, rowOf } from '../test-support/prospects-test-kit';
import {
  type ApiProcess,
  freePort,
  post,
  signUpOwner,
  stopApi,
  useBuiltApi,
} from '../test-support/api-process';

const WORKERS = 24;
const KILL_AFTER_ACKNOWLEDGED = 600;
const DAY = 24 * 60 * 60 * 1000;

type State = 'TODO' | 'WAITING' | 'WIN' | 'LOOSE';
type Step = { kind: 'state'; to: State } | { kind: 'comment'; text: string };
/** What one worker did on its own opportunity: acknowledged steps in order, and the one unanswered. */
type Track = { opportunityId: string; acknowledged: Step[]; unanswered: Step | null };

const STATE_CYCLE: State[] = ['WAITING', 'WIN', 'TODO', 'LOOSE'];

function stepOf(worker: number, i: number): Step {
  if (i % 2 === 1) return { kind: 'comment', text: `w${worker}-${String(i).padStart(5, '0')}` };
  return { kind: 'state', to: STATE_CYCLE[(i / 2) % STATE_CYCLE.length] as State };
}

const ROUTE: Record<State, string> = {
  TODO: '/api/opportunity/setTodo',
  WAITING: '/api/opportunity/setWaiting',
  WIN: '/api/opportunity/setWin',
  LOOSE: '/api/opportunity/setLoose',
};

type OpportunityDoc = {
  _id: string;
  organisationId: string;
  state: State;
  prospectId: string;
  messageCount?: number;
  history: { id?: string; at: number; to: State | null; kind?: string }[];
  syncToken?: string;
};

describe('the API killed during a burst of state changes and comments', () => {
  const built = useBuiltApi('api-burst-crash-');
  let api: ApiProcess | undefined;

  it('keeps every acknowledged change and comment, half-writes none, and the store passes integrity_check', async () => {
    const port = await freePort();
    api = await built.start(port);
    const { url } = api;
    const as = await signUpOwner(url, 'rafale@exemple.fr');
    const loaded = await post(url, '/api/prospect/load', {
      ...as,
      name: 'Fichier de la rafale',
      isPrivate: false,
      value: MAPPING,
      exel: Array.from({ length: WORKERS }, (_, i) => rowOf(i + 1)),
    });
    expect(loaded.status).toBe(200);
    const tracks: Track[] = [];
    for (let worker = 0; worker < WORKERS; worker += 1) {
      const taken = await post(url, '/api/opportunity/takeNext', as);
      expect(taken.status).toBe(200);
      tracks.push({ opportunityId: taken.body.opportunityId as string, acknowledged: [], unanswered: null });
    }
    const statuses = await post(url, '/api/opportunity/status', as);
    const statusId = (statuses.body.status as { _id: string }[])[0]?._id as string;

    // Each worker works on its own opportunity, one call at a time; the workers run at once.
    let acknowledgedCount = 0;
    let killed = false;
    const running = api;
    const work = async (worker: number) => {
      const track = tracks[worker] as Track;
      for (let i = 0; !killed; i += 1) {
        const step = stepOf(worker, i);
        const body =
          step.kind === 'comment'
            ? { ...as, opportunityId: track.opportunityId, message: step.text, statusId }
            : {
                ...as,
                opportunityId: track.opportunityId,
                ...(step.to === 'WAITING' ? { date: Date.now() + 7 * DAY } : {}),
              };
        track.unanswered = step;
        const route = step.kind === 'comment' ? '/api/messages/post' : ROUTE[step.to];
        const reply = await post(url, route, body).catch(() => null);
        if (reply === null) return;
        // Every call before the kill must succeed: anything else is a bug, not a crash effect.
        expect(reply.status).toBe(200);
        track.acknowledged.push(step);
        track.unanswered = null;
        acknowledgedCount += 1;
        if (acknowledgedCount === KILL_AFTER_ACKNOWLEDGED && !killed) {
          killed = true;
          running.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(tracks.map((_, worker) => work(worker)));
    await stopApi(running, 'SIGKILL');
    expect(acknowledgedCount).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);

    // After the restart, through the API: each opportunity as its owner sees it.
    api = await built.start(port);
    for (const track of tracks) {
      const detail = await post(url, '/api/opportunity/get', { ...as, opportunityId: track.opportunityId });
      expect(detail.status).toBe(200);
      const view = detail.body.opportunity as {
        history: { to: State; kind: string }[];
        message: { text: string }[];
      };
      const states = view.history.filter((entry) => entry.kind === 'state').map((entry) => entry.to);
      const comments = view.message.map((message) => message.text).sort();
      const ackStates = track.acknowledged.flatMap((step) => (step.kind === 'state' ? [step.to] : []));
      const ackComments = track.acknowledged.flatMap((step) => (step.kind === 'comment' ? [step.text] : []));
      const unanswered = track.unanswered;
      // The first entry is the creation (to TODO); then every acknowledged change, and perhaps the
      // unanswered one, which may have been written before the kill.
      const expectedStates = [['TODO', ...ackStates]];
      const expectedComments = [ackComments];
      if (unanswered?.kind === 'state')
        expectedStates.push([...(expectedStates[0] as State[]), unanswered.to]);
      if (unanswered?.kind === 'comment') expectedComments.push([...ackComments, unanswered.text].sort());
      expect(expectedStates).toContainEqual(states);
      expect(expectedComments).toContainEqual(comments);
    }
    await stopApi(api);
    api = undefined;

    // In the store: the stored state is the last change, the prospect shows it too, and the comment
    // count, the history's comment lines and the messages agree (interrupted-writes.test.ts plays
    // each half-written case on purpose; here the kill lands wherever it lands).
    const store = await openStore({ dataDir: built.dataDir, mongodbUri: undefined });
    const opportunities = await store
      .collection<OpportunityDoc>('opportunities')
      .find({ _id: { $in: tracks.map((track) => track.opportunityId) } });
    expect(opportunities).toHaveLength(WORKERS);
    for (const doc of opportunities) {
      // Its history: the audit log's records of it, and any line the document still holds.
      const records = await store
        .collection<{
          _id: string;
          organisationId: string;
          opportunityId: string;
          at: number;
          line: { to: State; kind?: string };
        }>('auditLog')
        .find({ organisationId: doc.organisationId, opportunityId: doc._id }, { sort: { at: 1, _id: 1 } });
      const seen = new Set(records.map((record) => record._id));
      const lines = [
        ...records.map((record) => ({ at: record.at, ...record.line })),
        ...doc.history.filter((entry) => entry.id === undefined || !seen.has(entry.id)),
      ].sort((a, b) => a.at - b.at);
      const stateLines = lines.filter((entry) => entry.kind === undefined || entry.kind === 'state');
      expect(doc.state).toBe(stateLines.at(-1)?.to);
      const prospect = await store
        .collection<{ _id: string; state: State | null }>('prospects')
        .findOne({ _id: doc.prospectId });
      const messages = await store
        .collection<{ _id: string; opportunityId: string }>('messages')
        .countDocuments({ opportunityId: doc._id });
      const commentLines = lines.filter((entry) => entry.kind === 'comment').length;
      expect(doc.messageCount ?? 0).toBe(commentLines);
      // Even the call in flight at the kill is whole: the restart finished what it left half-written.
      expect(prospect?.state).toBe(doc.state);
      expect(messages).toBe(commentLines);
      expect(doc.syncToken).toBeUndefined();
    }
    expect(
      await store
        .collection<{ _id: string; pending?: true }>('messages')
        .countDocuments({ pending: { $exists: true } }),
    ).toBe(0);
    await store.close();

    const db = new Database(path.join(built.dataDir, STORE_FILE), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
  }, 120_000);
});
