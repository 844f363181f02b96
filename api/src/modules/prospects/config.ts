// The prospects section of the configuration: the address geocoder, the company registry of the import's
// enrichment, and the clean-up of unfinished imports at start (docs/decisions/configuration.md).
import { defineSection, httpUrl, integer, variable, variableWithDefault } from '../../config-variables';

export type CompanyRegistryConfig = {
  url: string | undefined;
  /** Calls per second at most (the public service allows 7). */
  ratePerSecond: number;
  timeoutMs: number;
  /** Attempts after the first one, on a time-out, a 429 or a 5xx. */
  retries: number;
};

export type ProspectsConfig = {
  geocoderUrl: string | undefined;
  /** Company registry in the Recherche d'entreprises format: enrichment at import when `url` is set. */
  companyRegistry: CompanyRegistryConfig;
  /**
   * At start, unfinished imports idle for at least this long are removed (default 2 minutes: younger ones
   * may belong to another API instance on the same store; 0 for a deployment that runs one process).
   */
  importStartGraceMs: number;
  /**
   * Worker threads preparing import batches off the event loop (IMPORT_WORKERS; default 2; 0 prepares
   * them on the main thread): they also write each document's JSON and, over the embedded store's
   * file, insert the rows (with two or more, one inserts while the others prepare the next batch),
   * docs/decisions/import-speed.md.
   */
  importWorkers: number;
  /**
   * Worker threads building the pages of files, searched or not, over the embedded store's file
   * (FILE_READ_WORKERS; default 1; 0 builds them on the main thread), docs/decisions/load.md.
   */
  fileReadWorkers: number;
  /**
   * Prospects per transaction when a file moves to or from the bin (BIN_MOVE_CHUNK; default 1000):
   * each transaction holds the write lock and the event loop, docs/decisions/bin.md.
   */
  binMoveChunk: number;
};

export const prospectsSection = defineSection(
  {
    GEOCODER_URL: variable(httpUrl, 'doit être une URL http(s) absolue'),
    COMPANY_REGISTRY_URL: variable(httpUrl, 'doit être une URL http(s) absolue'),
    COMPANY_REGISTRY_RATE: variableWithDefault(
      integer(1, 100),
      'doit être un nombre d’appels par seconde entre 1 et 100',
      7,
    ),
    COMPANY_REGISTRY_TIMEOUT_MS: variableWithDefault(
      integer(100, 60_000),
      'doit être un délai en ms entre 100 et 60000',
      5000,
    ),
    COMPANY_REGISTRY_RETRIES: variableWithDefault(
      integer(0, 10),
      'doit être un nombre d’essais entre 0 et 10',
      4,
    ),
    IMPORT_START_GRACE_MS: variableWithDefault(
      integer(0, 86_400_000),
      'doit être une durée en millisecondes entre 0 et 86400000',
      120_000,
    ),
    IMPORT_WORKERS: variableWithDefault(integer(0, 16), 'doit être un nombre de fils entre 0 et 16', 2),
    FILE_READ_WORKERS: variableWithDefault(integer(0, 16), 'doit être un nombre de fils entre 0 et 16', 1),
    BIN_MOVE_CHUNK: variableWithDefault(
      integer(1, 50_000),
      'doit être un nombre de prospects entre 1 et 50000',
      1000,
    ),
  },
  (values): ProspectsConfig => ({
    geocoderUrl: values.GEOCODER_URL,
    companyRegistry: {
      url: values.COMPANY_REGISTRY_URL,
      ratePerSecond: values.COMPANY_REGISTRY_RATE,
      timeoutMs: values.COMPANY_REGISTRY_TIMEOUT_MS,
      retries: values.COMPANY_REGISTRY_RETRIES,
    },
    importStartGraceMs: values.IMPORT_START_GRACE_MS,
    importWorkers: values.IMPORT_WORKERS,
    fileReadWorkers: values.FILE_READ_WORKERS,
    binMoveChunk: values.BIN_MOVE_CHUNK,
  }),
);
