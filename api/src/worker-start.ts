// A worker thread of the API from its compiled file (api/dist), or, where the API runs from its
// TypeScript sources (jest), from the same file compiled with swc as jest does, reading `@app/domain`
// from its sources too. The import's threads and the file reads' threads start through it.
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/** `file`: the thread's path without its extension (`.js` beside the build, `.ts` in the sources). */
export function startThread(file: string, workerData: unknown): Worker {
  const compiled = `${file}.js`;
  if (existsSync(compiled)) return new Worker(compiled, { workerData });
  const swc = require.resolve('@swc/core');
  const boot = `
    const { readFileSync } = require('node:fs');
    const { transformSync } = require(${JSON.stringify(swc)});
    require.extensions['.ts'] = (module, filename) => {
      const { code } = transformSync(readFileSync(filename, 'utf8'), {
        filename,
        module: { type: 'commonjs' },
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      });
      module._compile(code, filename);
    };
    require(${JSON.stringify(`${file}.ts`)});
  `;
  return new Worker(boot, { eval: true, execArgv: ['--conditions=source'], workerData });
}
