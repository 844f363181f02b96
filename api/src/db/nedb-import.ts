// One-time import of a DATA_DIR written by the NeDB version of the embedded store (one `<collection>.db`
// file per collection, one JSON line per write). Everything goes into SQLite in one transaction, then
// the NeDB files are moved aside (never deleted), so a crash at any point loses nothing and a restart
// finishes the job. docs/decisions/data-store.md, "Upgrading from NeDB".
import { createReadStream, existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type Database from 'better-sqlite3';

const NEDB_FILE = /^([a-zA-Z][\w-]*)\.db(~?)$/;
/** NeDB refused a file with more than 10 % unreadable lines; so do we. */
const CORRUPT_THRESHOLD = 0.1;

export type NedbImportTarget = {
  db: Database.Database;
  ensureTable(table: string): void;
  registerArrayPaths(collection: string, docs: Iterable<Record<string, unknown>>): void;
  /** Moves a collection's change mark (the empty name: every collection's). */
  bumpMark(collection: string): void;
};

export type NedbImportReport = {
  folder: string;
  collections: Record<string, number>;
  skippedLines: number;
};

export class NedbImportError extends Error {
  constructor(dataDir: string, reason: string) {
    super(
      `Import des données NeDB de ${dataDir} (DATA_DIR) impossible : ${reason}. Rien n’a été modifié ; ` +
        'corrigez ou retirez le fichier en cause puis redémarrez.',
    );
    this.name = 'NedbImportError';
  }
}

/** The NeDB data files of a folder, by collection (a `.db~` left by an interrupted compaction counts when alone). */
function findNedbFiles(dataDir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dataDir)) {
    const match = NEDB_FILE.exec(entry);
    if (!match) continue;
    const [, collection, tilde] = match as unknown as [string, string, string];
    if (tilde && existsSync(path.join(dataDir, `${collection}.db`))) continue;
    files.set(collection, path.join(dataDir, entry));
  }
  return files;
}

/** NeDB's own encoding: dates as `{ $$date: ms }`; the store keeps epoch milliseconds. */
function revive(_key: string, value: unknown): unknown {
  if (typeof value === 'object' && value !== null && '$$date' in value) {
    return (value as { $$date: number }).$$date;
  }
  return value;
}

function moveAside(dataDir: string, files: Map<string, string>, folderName: string): string {
  const folder = path.join(dataDir, folderName);
  mkdirSync(folder, { recursive: true });
  for (const file of files.values()) renameSync(file, path.join(folder, path.basename(file)));
  return folder;
}

async function importFile(
  target: NedbImportTarget,
  collection: string,
  file: string,
): Promise<{ documents: number; skipped: number }> {
  const table = `c_${collection}`;
  target.ensureTable(table);
  const upsert = target.db.prepare(
    `INSERT INTO "${table}" (_id, doc) VALUES (?, ?) ON CONFLICT(_id) DO UPDATE SET doc = excluded.doc`,
  );
  const remove = target.db.prepare(`DELETE FROM "${table}" WHERE _id = ?`);
  let lines = 0;
  let skipped = 0;
  const lineReader = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lineReader) {
    if (line.trim() === '') continue;
    lines += 1;
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(line, revive) as Record<string, unknown>;
    } catch {
      skipped += 1; // a line cut by a crash, as NeDB itself tolerated
      continue;
    }
    if ('$$indexCreated' in parsed || '$$indexRemoved' in parsed) continue;
    const id = parsed._id;
    if (typeof id !== 'string' && typeof id !== 'number') {
      skipped += 1;
      continue;
    }
    if (parsed.$$deleted === true) {
      remove.run(String(id));
      continue;
    }
    const { _id: _ignored, ...doc } = parsed;
    target.registerArrayPaths(collection, [doc]);
    upsert.run(String(id), JSON.stringify(doc));
  }
  if (lines > 0 && skipped / lines > CORRUPT_THRESHOLD) {
    throw new Error(`${path.basename(file)} : ${skipped} lignes illisibles sur ${lines}`);
  }
  const { n } = target.db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number };
  return { documents: n, skipped };
}

/**
 * Imports the NeDB files of `dataDir` once. Returns what was imported, or null when there was nothing
 * to do. Safe to run at every start: a finished import only has its files moved aside.
 */
export async function importNedbDataDir(
  target: NedbImportTarget,
  dataDir: string,
  now: Date = new Date(),
): Promise<NedbImportReport | null> {
  const files = findNedbFiles(dataDir);
  if (files.size === 0) return null;
  const { db } = target;
  db.exec('CREATE TABLE IF NOT EXISTS _meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)');
  const done = db.prepare("SELECT value FROM _meta WHERE key = 'nedb_import'").get() as
    { value: string } | undefined;
  if (done) {
    // The import committed but the files were not moved yet (a crash in between): finish that part only.
    const report = JSON.parse(done.value) as NedbImportReport;
    moveAside(dataDir, files, path.basename(report.folder));
    return null;
  }

  const folderName = `nedb-importe-${now.toISOString().replace(/[:.]/g, '-')}`;
  const report: NedbImportReport = {
    folder: path.join(dataDir, folderName),
    collections: {},
    skippedLines: 0,
  };
  // No other request runs before the store is open, so one transaction can span the file reads.
  db.exec('BEGIN IMMEDIATE');
  try {
    for (const [collection, file] of files) {
      const { documents, skipped } = await importFile(target, collection, file);
      report.collections[collection] = documents;
      report.skippedLines += skipped;
    }
    db.prepare("INSERT INTO _meta (key, value) VALUES ('nedb_import', ?)").run(JSON.stringify(report));
    // Written without the collections' write path: every collection mark moves (changeMark).
    target.bumpMark('');
    db.exec('COMMIT');
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw new NedbImportError(dataDir, error instanceof Error ? error.message : String(error));
  }
  moveAside(dataDir, files, folderName);
  return report;
}
