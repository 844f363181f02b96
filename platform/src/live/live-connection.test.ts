// The tab's stream with a stand-in for the browser's EventSource (jsdom has none) and for the ticket
// call: what is asked, when, and from which event id, as streams drop and come back.
import type { LiveChange } from '@app/domain';
import { LINGER_MS, LiveConnection, type LiveTransport } from './live-connection';

class FakeSource {
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private readonly named = new Map<string, (event: Event) => void>();
  constructor(readonly url: string) {}
  addEventListener(name: string, listener: (event: Event) => void) {
    this.named.set(name, listener);
  }
  close() {
    this.closed = true;
  }
  ready(id: string) {
    this.named.get('ready')?.(new MessageEvent('ready', { data: '{}', lastEventId: id }));
  }
  change(id: string, change: LiveChange) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(change), lastEventId: id }));
  }
  drop() {
    this.onerror?.();
  }
}

function setUp() {
  const sources: FakeSource[] = [];
  const tickets: string[] = [];
  let refuse: false | 'network' | 'forbidden' = false;
  const transport: LiveTransport = {
    askTicket: async (organisationId) => {
      tickets.push(organisationId);
      if (refuse) throw new Error(refuse);
      return { ticket: `t${tickets.length}`, expiresAt: 0 };
    },
    streamUrl: (ticket, lastEventId) => `/api/live/events?ticket=${ticket}&last=${lastEventId ?? ''}`,
    createSource: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source as unknown as EventSource;
    },
    isRefusal: (error) => error instanceof Error && error.message === 'forbidden',
    // The longest wait of each try: 1 s, 2 s, 4 s…
    random: () => 1,
  };
  const connection = new LiveConnection(transport);
  return {
    connection,
    sources,
    tickets,
    refuseTickets: (value: typeof refuse) => (refuse = value),
    last: () => sources.at(-1) as FakeSource,
  };
}

const settle = () => jest.advanceTimersByTimeAsync(0);
const CHANGE: LiveChange = { kinds: ['opportunities'], opportunityIds: ['a1'] };

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the tab’s live stream', () => {
  it('opens one stream for all the screens, and gives each the changes', async () => {
    const { connection, sources, tickets, last } = setUp();
    connection.setOrganisation('org1');
    const first: LiveChange[] = [];
    const second: LiveChange[] = [];
    connection.subscribe((change) => first.push(change));
    connection.subscribe((change) => second.push(change));
    await settle();
    expect(tickets).toEqual(['org1']);
    expect(sources.map((source) => source.url)).toEqual(['/api/live/events?ticket=t1&last=']);
    last().ready('3-1');
    last().change('4-1', CHANGE);
    expect(first).toEqual([CHANGE]);
    expect(second).toEqual([CHANGE]);
  });

  it('after a drop, waits longer at each failed try, asks a new ticket and catches up from the last id', async () => {
    const { connection, sources, tickets, refuseTickets, last } = setUp();
    connection.setOrganisation('org1');
    connection.subscribe(() => undefined);
    await settle();
    last().ready('3-1');
    last().change('4-1', CHANGE);

    refuseTickets('network');
    last().drop();
    expect(last().closed).toBe(true);
    await jest.advanceTimersByTimeAsync(999);
    expect(tickets).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(tickets).toHaveLength(2); // refused: next try in 2 s
    await jest.advanceTimersByTimeAsync(1999);
    expect(tickets).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(tickets).toHaveLength(3); // refused: next try in 4 s
    refuseTickets(false);
    await jest.advanceTimersByTimeAsync(4000);
    expect(tickets).toHaveLength(4);
    expect(last().url).toBe('/api/live/events?ticket=t4&last=4-1');

    // Back: the next drop starts again from the shortest wait.
    last().ready('4-1');
    last().drop();
    await jest.advanceTimersByTimeAsync(1000);
    expect(tickets).toHaveLength(5);
    expect(sources).toHaveLength(3);
  });

  it('starts again from nothing in another organisation, and stops when signed out', async () => {
    const { connection, sources, tickets, last } = setUp();
    connection.setOrganisation('org1');
    connection.subscribe(() => undefined);
    await settle();
    last().ready('3-1');
    connection.setOrganisation('org2');
    await settle();
    expect(sources[0]?.closed).toBe(true);
    expect(tickets).toEqual(['org1', 'org2']);
    expect(last().url).toBe('/api/live/events?ticket=t2&last=');
    connection.setOrganisation(null);
    expect(last().closed).toBe(true);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(tickets).toHaveLength(2);
  });

  it('does not ask again a ticket the organisation refused (403), until another organisation', async () => {
    const { connection, tickets, refuseTickets } = setUp();
    refuseTickets('forbidden');
    connection.setOrganisation('org1');
    connection.subscribe(() => undefined);
    await jest.advanceTimersByTimeAsync(120_000);
    connection.retryNow();
    await settle();
    expect(tickets).toEqual(['org1']);
    refuseTickets(false);
    connection.setOrganisation('org2');
    await settle();
    expect(tickets).toEqual(['org1', 'org2']);
  });

  it('closes the stream a while after the last screen leaves, not at once', async () => {
    const { connection, sources, last } = setUp();
    connection.setOrganisation('org1');
    const leave = connection.subscribe(() => undefined);
    await settle();
    leave();
    // The next screen of a navigation takes the same stream.
    const leaveAgain = connection.subscribe(() => undefined);
    await jest.advanceTimersByTimeAsync(LINGER_MS);
    expect(last().closed).toBe(false);
    leaveAgain();
    await jest.advanceTimersByTimeAsync(LINGER_MS);
    expect(last().closed).toBe(true);
    expect(sources).toHaveLength(1);
  });
});
