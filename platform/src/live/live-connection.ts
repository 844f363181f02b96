// One event stream per tab, shared by every screen that follows the organisation's changes
// (docs/decisions/live-team.md). It opens when the first screen subscribes and closes shortly after
// the last one leaves; a dropped stream is opened again with backoff and a new ticket, from the id of
// the last event received, so the server sends what was missed.
import type { LiveChange, LiveTicketReply } from '@app/domain';
import { backoffDelay } from './backoff';

export type LiveListener = (change: LiveChange) => void;

/** What the connection needs from the browser and the API (the tests give their own). */
export type LiveTransport = {
  /** A ticket for the organisation (an authenticated call); rejects when it cannot be had. */
  askTicket(organisationId: string): Promise<LiveTicketReply>;
  /** The stream's address for a ticket, and the id to catch up from. */
  streamUrl(ticket: string, lastEventId: string | null): string;
  createSource(url: string): EventSource;
  /** True for a refusal that another try would meet too (403: the member may not see the lists). */
  isRefusal?: (error: unknown) => boolean;
  random?: () => number;
};

/** Screens come and go while navigating: the stream waits this long before closing. */
export const LINGER_MS = 5000;

export class LiveConnection {
  private readonly listeners = new Set<LiveListener>();
  private organisationId: string | null = null;
  private source: EventSource | null = null;
  private lastEventId: string | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by every open and close: a ticket answered for an older one is dropped. */
  private generation = 0;
  /** A ticket has been asked and not answered yet. */
  private opening = false;
  /** The organisation whose ticket was refused: not asked again until the organisation changes. */
  private refusedIn: string | null = null;

  constructor(private readonly transport: LiveTransport) {}

  /** Follows the organisation's changes until the returned function is called. */
  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    clearTimeout(this.lingerTimer);
    if (!this.source && !this.opening && this.retryTimer === undefined) this.open();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0) return;
      clearTimeout(this.lingerTimer);
      this.lingerTimer = setTimeout(() => {
        // The next screen reads everything afresh: nothing to catch up.
        this.lastEventId = null;
        this.close();
      }, LINGER_MS);
    };
  }

  /** The session's organisation (null: signed out): a change starts a new stream from nothing. */
  setOrganisation(organisationId: string | null): void {
    if (organisationId === this.organisationId) return;
    this.organisationId = organisationId;
    this.refusedIn = null;
    this.lastEventId = null;
    this.close();
    if (this.listeners.size > 0) this.open();
  }

  /** The network is back: no need to wait for the backoff's end. */
  retryNow(): void {
    if (this.source || this.opening || this.listeners.size === 0) return;
    this.attempt = 0;
    this.open();
  }

  get connected(): boolean {
    return this.source !== null;
  }

  private open(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const organisationId = this.organisationId;
    if (organisationId === null || organisationId === this.refusedIn) return;
    this.generation += 1;
    const generation = this.generation;
    this.opening = true;
    this.transport.askTicket(organisationId).then(
      ({ ticket }) => {
        if (generation !== this.generation) return;
        this.opening = false;
        this.listen(this.transport.createSource(this.transport.streamUrl(ticket, this.lastEventId)));
      },
      (error: unknown) => {
        if (generation !== this.generation) return;
        this.opening = false;
        if (this.transport.isRefusal?.(error)) this.refusedIn = organisationId;
        else this.retryLater();
      },
    );
  }

  private listen(source: EventSource): void {
    this.source = source;
    source.addEventListener('ready', (event) => {
      this.lastEventId = (event as MessageEvent).lastEventId || this.lastEventId;
      this.attempt = 0;
    });
    source.onmessage = (event: MessageEvent<string>) => {
      this.lastEventId = event.lastEventId || this.lastEventId;
      this.attempt = 0;
      let change: LiveChange;
      try {
        change = JSON.parse(event.data) as LiveChange;
      } catch {
        return;
      }
      for (const listener of [...this.listeners]) listener(change);
    };
    // The browser would try again with the same ticket, which is spent: a new one is asked instead.
    source.onerror = () => {
      if (this.source !== source) return;
      source.close();
      this.source = null;
      this.retryLater();
    };
  }

  private retryLater(): void {
    if (this.listeners.size === 0) return;
    const delay = backoffDelay(this.attempt, this.transport.random);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.open();
    }, delay);
  }

  private close(): void {
    this.generation += 1;
    this.opening = false;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.source?.close();
    this.source = null;
    this.attempt = 0;
  }
}
