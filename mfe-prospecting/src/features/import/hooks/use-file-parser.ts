import { useCallback, useEffect, useRef, useState } from 'react';
import { openFileParser, type FileParser } from '../utils/file-parser';
import type { ParseSummary } from '../utils/import-session';
import { ImportFileError, type ParseSettings } from '../utils/parse-file';

export type ParseState =
  | { phase: 'idle' }
  | { phase: 'parsing'; rows: number; fraction: number }
  | { phase: 'parsed'; summary: ParseSummary }
  | { phase: 'failed'; message: string };

export const UNREADABLE_FILE_MESSAGE = 'Impossible de lire ce fichier';

/** Reads the chosen file (in the worker), keeps it there for the next steps, reports progress. */
export function useFileParser() {
  const parser = useRef<Promise<FileParser> | null>(null);
  const run = useRef(0);
  const [state, setState] = useState<ParseState>({ phase: 'idle' });

  const getParser = useCallback(() => {
    parser.current ??= openFileParser();
    return parser.current;
  }, []);

  useEffect(
    () => () => {
      run.current += 1;
      void parser.current?.then((opened) => opened.dispose());
      parser.current = null;
    },
    [],
  );

  const parse = useCallback(
    async (file: File, settings: ParseSettings) => {
      const current = ++run.current;
      setState({ phase: 'parsing', rows: 0, fraction: 0 });
      try {
        const opened = await getParser();
        const summary = await opened.parse(file, settings, (progress) => {
          if (current === run.current) setState({ phase: 'parsing', ...progress });
        });
        if (current === run.current) setState({ phase: 'parsed', summary });
      } catch (error) {
        if (current !== run.current) return;
        setState({
          phase: 'failed',
          message: error instanceof ImportFileError ? error.message : UNREADABLE_FILE_MESSAGE,
        });
      }
    },
    [getParser],
  );

  return { state, parse, getParser };
}
