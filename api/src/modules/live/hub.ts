// The open event streams of this process, by organisation, and the one poller that feeds them: every
// POLL_MS it reads, for the organisations that have a stream open here, the two change marks the store
// already keeps (the opportunities' list version and the prospects' change stamp), whichever process
// wrote. A stream behind them gets one event. docs/decisions/live-team.md.
import type { LiveChange, LiveChangeKind } from '@app/domain';
import type { Response } from 'express';
import type { Logger } from 'pino';

/** Where a stream is: the marks of the last event it was sent (its id). */
export type Position = { opportunities: number; prospects: number };

export type LiveMarks = {
  /** The organisation's opportunities' list version (moves after every write to one). */
  opportunities(organisationId: string): Promise<number>;
  /** The opportunities written between two versions, or null when the store does not know exactly. */
  opportunitiesChanged(organisationId: string, from: number, to: number): Promise<string[] | null>;
  /** The organisation's prospects' change stamp (files, imports, prospects). */
  prospects(organisationId: string): Promise<number>;
};

export type LiveTimings = {
  /** How often the marks of the organisations with a stream open here are read. */
  pollMs: number;
  /** A comment line this often keeps proxies from closing a quiet stream, and checks access again. */
  heartbeatMs: number;
  /** A stream is closed after this long: the client opens another with a new ticket (session checked). */
  maxAgeMs: number;
};

export const LIVE_TIMINGS: LiveTimings = {
  pollMs: 500,
  heartbeatMs: 20_000,
  maxAgeMs: 10 * 60_000,
};

/** Streams written to between two turns of the event loop when an event goes out. */
const WRITE_SLICE = 50;

/** A stream whose client reads nothing while this much waits to be sent is closed. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export const eventId = (position: Position): string => `${position.opportunities}-${position.prospects}`;

type Stream = {
  res: Response;
  organisationId: string;
  userId: string;
  position: Position;
  openedAt: number;
};

export type StreamOwner = { organisationId: string; userId: string };

export class LiveHub {
  private readonly byOrganisation = new Map<string, Set<Stream>>();
  private pollTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private polling = false;

  constructor(
    private readonly deps: {
      marks: LiveMarks;
      /** False when the member may no longer receive the organisation's events (removed, role changed). */
      stillAllowed: (owner: StreamOwner) => Promise<boolean>;
      logger: Logger;
      /** Real time: the age of streams (not the app's movable clock). */
      wallClock: () => number;
      timings: LiveTimings;
    },
  ) {}

  /** How many streams are open in this process. */
  get size(): number {
    let total = 0;
    for (const streams of this.byOrganisation.values()) total += streams.size;
    return total;
  }

  async position(organisationId: string): Promise<Position> {
    const [opportunities, prospects] = await Promise.all([
      this.deps.marks.opportunities(organisationId),
      this.deps.marks.prospects(organisationId),
    ]);
    return { opportunities, prospects };
  }

  /**
   * Starts the stream on `res`: an event catching up from `since` (the client's Last-Event-ID) when
   * the marks moved meanwhile, else a `ready` event giving the current id, so that a client
   * reconnecting later always has a place to catch up from.
   */
  async open(res: Response, owner: StreamOwner, since: Position | null): Promise<void> {
    const current = await this.position(owner.organisationId);
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    // no-transform: the compression middleware leaves the stream alone (it would hold events back).
    res.setHeader('Cache-Control', 'no-store, no-transform');
    res.setHeader('Connection', 'keep-alive');
    // Proxies (nginx) pass each event at once.
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    const stream: Stream = { res, ...owner, position: current, openedAt: this.deps.wallClock() };
    const change = since ? await this.changeBetween(owner.organisationId, since, current) : null;
    if (change) write(stream, `id: ${eventId(current)}\ndata: ${JSON.stringify(change)}\n\n`);
    else write(stream, `event: ready\nid: ${eventId(current)}\ndata: {}\n\n`);
    // Gone while the marks were read: 'close' has already been emitted.
    if (res.destroyed || res.writableEnded) return;
    let streams = this.byOrganisation.get(owner.organisationId);
    if (!streams) {
      streams = new Set();
      this.byOrganisation.set(owner.organisationId, streams);
    }
    streams.add(stream);
    res.on('close', () => this.forget(stream));
    this.startTimers();
  }

  /** Reads the marks of every organisation with a stream open here, and sends what moved. */
  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      for (const [organisationId, streams] of [...this.byOrganisation]) {
        if (streams.size === 0) continue;
        const current = await this.position(organisationId);
        // Streams opened at different marks each get their own catch-up; usually they are one group.
        const groups = new Map<string, Stream[]>();
        for (const stream of streams) {
          if (samePosition(stream.position, current)) continue;
          const key = eventId(stream.position);
          groups.set(key, [...(groups.get(key) ?? []), stream]);
        }
        for (const group of groups.values()) {
          const from = group[0]!.position;
          const change = await this.changeBetween(organisationId, from, current);
          const frame = change ? `id: ${eventId(current)}\ndata: ${JSON.stringify(change)}\n\n` : null;
          let written = 0;
          for (const stream of group) {
            stream.position = current;
            if (!frame) continue;
            write(stream, frame);
            written += 1;
            // Hundreds of streams: the calls waiting meanwhile are served between two slices.
            if (written % WRITE_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
          }
        }
      }
    } finally {
      this.polling = false;
    }
  }

  /** The comment line, the access check and the age limit of every stream. */
  async heartbeat(): Promise<void> {
    const now = this.deps.wallClock();
    // One check per member, however many tabs they have open.
    const checked = new Map<string, Promise<boolean>>();
    for (const streams of [...this.byOrganisation.values()]) {
      for (const stream of [...streams]) {
        if (now - stream.openedAt >= this.deps.timings.maxAgeMs) {
          stream.res.end();
          continue;
        }
        const member = `${stream.organisationId} ${stream.userId}`;
        if (!checked.has(member))
          checked.set(
            member,
            this.deps.stillAllowed(stream).catch(() => false),
          );
        const allowed = await checked.get(member);
        if (!allowed) stream.res.end();
        else write(stream, ': ping\n\n');
      }
    }
  }

  /** Closes every stream and stops the timers (app.locals.stop). */
  stop(): void {
    clearInterval(this.pollTimer);
    clearInterval(this.heartbeatTimer);
    this.pollTimer = undefined;
    this.heartbeatTimer = undefined;
    for (const streams of this.byOrganisation.values()) for (const stream of streams) stream.res.end();
    this.byOrganisation.clear();
  }

  private async changeBetween(
    organisationId: string,
    from: Position,
    to: Position,
  ): Promise<LiveChange | null> {
    const kinds: LiveChangeKind[] = [];
    let opportunityIds: string[] | null = [];
    if (to.opportunities !== from.opportunities) {
      kinds.push('opportunities');
      opportunityIds =
        to.opportunities > from.opportunities
          ? await this.deps.marks.opportunitiesChanged(organisationId, from.opportunities, to.opportunities)
          : null;
    }
    if (to.prospects !== from.prospects) kinds.push('prospects');
    return kinds.length > 0 ? { kinds, opportunityIds } : null;
  }

  private forget(stream: Stream): void {
    const streams = this.byOrganisation.get(stream.organisationId);
    if (!streams) return;
    streams.delete(stream);
    if (streams.size === 0) this.byOrganisation.delete(stream.organisationId);
    if (this.byOrganisation.size === 0) {
      // Nothing to poll: no reads of the store while nobody listens here.
      clearInterval(this.pollTimer);
      clearInterval(this.heartbeatTimer);
      this.pollTimer = undefined;
      this.heartbeatTimer = undefined;
    }
  }

  private startTimers(): void {
    if (this.pollTimer) return;
    const { pollMs, heartbeatMs } = this.deps.timings;
    this.pollTimer = setInterval(() => {
      this.poll().catch((error: unknown) =>
        this.deps.logger.error({ err: error }, 'Échec de la lecture des changements en direct'),
      );
    }, pollMs);
    this.pollTimer.unref();
    this.heartbeatTimer = setInterval(() => {
      this.heartbeat().catch((error: unknown) =>
        this.deps.logger.error({ err: error }, 'Échec du battement des flux en direct'),
      );
    }, heartbeatMs);
    this.heartbeatTimer.unref();
  }
}

function samePosition(a: Position, b: Position): boolean {
  return a.opportunities === b.opportunities && a.prospects === b.prospects;
}

function write(stream: Stream, frame: string): void {
  const { res } = stream;
  if (res.writableEnded || res.destroyed) return;
  // A client that reads nothing does not make the process hold its events without end.
  if (res.writableLength > MAX_BUFFERED_BYTES) {
    res.destroy();
    return;
  }
  res.write(frame);
}
