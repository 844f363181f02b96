// The API's floors, read from the imports of its production files (docs/architecture.md, "The API's
// business components"): the shared floors (http, db, mail, web) never reach up into a business
// component, and the components' arrows between one another run one way (no two folders import each
// other, even through a third). Which files of a component others may import is the lint rule's job.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SRC = __dirname;
const IMPORT = /^\s*(?:import|export)\b[^'"]*?from\s+'(\.{1,2}\/[^']+)'/gm;

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : productionFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Every relative import of the production files, as paths relative to api/src. */
function imports(): { from: string; to: string }[] {
  return productionFiles(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => ({
      from: path.relative(SRC, file),
      to: path.relative(SRC, path.resolve(path.dirname(file), match[1] as string)),
    })),
  );
}

const componentOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1];

/** The component folders that depend on one another, each as "a → b"; and the loops among them. */
function componentLoops(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const loops: string[][] = [];
  const walk = (start: string, at: string, trail: string[]) => {
    for (const next of edges.get(at) ?? []) {
      if (next === start) loops.push([...trail, next]);
      else if (!trail.includes(next) && next > start) walk(start, next, [...trail, next]);
    }
  };
  for (const start of edges.keys()) walk(start, start, [start]);
  return loops;
}

describe('the API’s floors', () => {
  const all = imports();

  it('reads the imports of every business component (the check is not vacuous)', () => {
    const components = new Set(all.map((edge) => componentOf(edge.from)).filter(Boolean));
    expect([...components].sort()).toEqual(
      expect.arrayContaining(['accounts', 'invitations', 'licences', 'organisations', 'prospects']),
    );
    expect(all.some((edge) => edge.from === 'app.ts' && edge.to.startsWith('modules/'))).toBe(true);
  });

  it('keeps the shared floors (http, db, mail, web) below the business components', () => {
    const upward = all.filter(
      (edge) => /^(http|db|mail|web)\//.test(edge.from) && edge.to.startsWith('modules/'),
    );
    expect(upward).toEqual([]);
  });

  it('has no loop between business components: each arrow between two folders runs one way', () => {
    const edges = new Map<string, Set<string>>();
    for (const edge of all) {
      const from = componentOf(edge.from);
      const to = componentOf(edge.to);
      if (!from || !to || from === to) continue;
      edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
    expect(componentLoops(edges).map((loop) => loop.join(' → '))).toEqual([]);
  });

  it('lets the composition root reach a component only through its module.ts', () => {
    const inner = all.filter(
      (edge) => edge.from === 'app.ts' && edge.to.startsWith('modules/') && !/\/module$/.test(edge.to),
    );
    expect(inner.map((edge) => edge.to)).toEqual([]);
  });
});
