// Calls to a company registry in the format of the public "Recherche d'entreprises" API
// (https://recherche-entreprises.api.gouv.fr): GET <url>/search?q=<siren or siret>. Calls go through
// a token bucket (the public service allows about 7 per second), each with a time-out, and a 429 or
// a 5xx is retried with exponential backoff. docs/decisions/registry-enrichment.md.
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { CompanyRegistryConfig } from './config';

const text = z.string().nullish();

const establishmentSchema = z.object({
  siret: text,
  activite_principale: text,
  tranche_effectif_salarie: text,
  etat_administratif: text,
  est_siege: z.boolean().nullish(),
  adresse: text,
  code_postal: text,
  libelle_commune: text,
});

const companySchema = z.object({
  siren: z.string(),
  nom_complet: text,
  activite_principale: text,
  tranche_effectif_salarie: text,
  etat_administratif: text,
  siege: establishmentSchema.nullish(),
  matching_etablissements: z.array(establishmentSchema).nullish(),
});

const searchSchema = z.object({ results: z.array(companySchema) });

export type RegistryEstablishment = z.infer<typeof establishmentSchema>;
export type RegistryCompany = z.infer<typeof companySchema>;

/** The registry could not be reached, timed out, kept refusing (429/5xx) or answered garbage. */
export class RegistryUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RegistryUnavailableError';
  }
}

/** The companies a query matches; throws RegistryUnavailableError when the registry fails. */
export type RegistrySearch = (query: string) => Promise<RegistryCompany[]>;

/** Lowest rate the bucket slows down to after 429s (one call every 2 s). */
const MIN_RATE_PER_SECOND = 0.5;
/** First backoff; it doubles at every retry, with jitter. */
const BACKOFF_MS = 500;
/** A Retry-After longer than this is not waited for in full (the import's enrichment would stall). */
const MAX_RETRY_AFTER_MS = 30_000;

/**
 * Calls are spaced by 1/rate seconds (capacity 1: never a burst above the rate). Waiters are served
 * in order; a 429 halves the rate for the rest of the run.
 */
export class TokenBucket {
  private tokens = 1;
  private last = performance.now();
  private queue: Promise<void> = Promise.resolve();

  constructor(private rate: number) {}

  get ratePerSecond(): number {
    return this.rate;
  }

  take(): Promise<void> {
    const turn = this.queue.then(() => this.acquire());
    this.queue = turn;
    return turn;
  }

  slowDown(): void {
    this.rate = Math.max(MIN_RATE_PER_SECOND, this.rate / 2);
  }

  private async acquire(): Promise<void> {
    for (;;) {
      const now = performance.now();
      this.tokens = Math.min(1, this.tokens + ((now - this.last) / 1000) * this.rate);
      this.last = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await sleep(Math.ceil(((1 - this.tokens) / this.rate) * 1000));
    }
  }
}

function retryAfterMs(header: string | null): number | null {
  if (header === null) return null;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS) : null;
}

const backoff = (attempt: number) => BACKOFF_MS * 2 ** attempt * (0.75 + Math.random() * 0.5);

/** One search client per enrichment run, so each run starts at the configured rate. */
export function createRegistrySearch(config: CompanyRegistryConfig & { url: string }): RegistrySearch {
  const bucket = new TokenBucket(config.ratePerSecond);
  return async (query) => {
    const url = `${config.url}/search?q=${encodeURIComponent(query)}&page=1&per_page=5`;
    let lastFailure = '';
    for (let attempt = 0; attempt <= config.retries; attempt += 1) {
      await bucket.take();
      let response: Response;
      try {
        response = await fetch(url, {
          signal: AbortSignal.timeout(config.timeoutMs),
          headers: { accept: 'application/json' },
        });
      } catch (error) {
        lastFailure = error instanceof Error ? error.message : String(error);
        if (attempt < config.retries) await sleep(backoff(attempt));
        continue;
      }
      if (response.status === 429 || response.status >= 500) {
        await response.body?.cancel();
        lastFailure = `${url} a répondu ${response.status}`;
        if (response.status === 429) bucket.slowDown();
        if (attempt < config.retries)
          await sleep(retryAfterMs(response.headers.get('retry-after')) ?? backoff(attempt));
        continue;
      }
      // Recherche d'entreprises answers 400 to a query it refuses: nothing to find, not a failure.
      if (response.status >= 400) {
        await response.body?.cancel();
        return [];
      }
      const parsed = searchSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success)
        throw new RegistryUnavailableError(`${url} : réponse illisible`, { cause: parsed.error });
      return parsed.data.results;
    }
    throw new RegistryUnavailableError(lastFailure);
  };
}
