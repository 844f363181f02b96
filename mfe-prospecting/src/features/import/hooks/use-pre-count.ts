import { useEffect, useState } from 'react';
import type { ImportMapping, ImportOptions } from '@app/domain';
import type { FileParser } from '../utils/file-parser';
import type { PreCount } from '../utils/import-session';

const DEBOUNCE_MS = 250;

/** Rejected rows and duplicates within the file for the current mapping, counted in the worker. */
export function usePreCount(
  getParser: () => Promise<FileParser>,
  mapping: ImportMapping,
  options: ImportOptions,
): PreCount | null {
  const [count, setCount] = useState<{ key: string; value: PreCount } | null>(null);
  const key = JSON.stringify([mapping, options]);

  useEffect(() => {
    let stale = false;
    const timer = setTimeout(() => {
      getParser()
        .then((parser) => parser.preCount(mapping, options))
        .then(
          (value) => {
            if (!stale && value) setCount({ key, value });
          },
          // The count is a hint: without it the import still works.
          () => undefined,
        );
    }, DEBOUNCE_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
    // `key` stands for mapping and options, which are new objects on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, getParser]);

  return count?.key === key ? count.value : null;
}
