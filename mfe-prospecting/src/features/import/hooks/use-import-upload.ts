import { useCallback, useEffect, useRef, useState } from 'react';
import type { ImportSummary } from '@app/domain';
import { ApiError } from '@app/platform';
import type { FileParser } from '../utils/file-parser';
import { uploadImport, type UploadRequest } from '../utils/upload-import';

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; sent: number; total: number; cancelling: boolean }
  /** `excelId` null: no row was stored, no file was created. */
  | { phase: 'done'; excelId: string | null; summary: ImportSummary }
  | { phase: 'cancelled' }
  | { phase: 'failed'; message: string };

export const UPLOAD_FAILED_MESSAGE = "L'import a échoué : aucune ligne n'a été enregistrée.";

/** Sends the file and follows it: rows sent, cancel, summary or error. `onDone` only when a file was created. */
export function useImportUpload(onDone: (excelId: string) => void) {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const cancelled = useRef(false);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  // Closing the modal mid-import cancels it: the server removes what it stored.
  useEffect(
    () => () => {
      cancelled.current = true;
    },
    [],
  );

  const start = useCallback(async (request: UploadRequest, parser: FileParser) => {
    cancelled.current = false;
    setState({ phase: 'uploading', sent: 0, total: request.rowCount, cancelling: false });
    try {
      const result = await uploadImport(request, parser, {
        onProgress: (sent) =>
          setState((current) => (current.phase === 'uploading' ? { ...current, sent } : current)),
        isCancelled: () => cancelled.current,
      });
      if (result.status === 'cancelled') {
        setState({ phase: 'cancelled' });
        return;
      }
      setState({ phase: 'done', excelId: result.excelId, summary: result.summary });
      if (result.excelId !== null) done.current(result.excelId);
    } catch (error) {
      const reason = error instanceof ApiError ? ` (${error.message})` : '';
      setState({ phase: 'failed', message: `${UPLOAD_FAILED_MESSAGE}${reason}` });
    }
  }, []);

  const cancel = useCallback(() => {
    cancelled.current = true;
    setState((current) => (current.phase === 'uploading' ? { ...current, cancelling: true } : current));
  }, []);

  return { state, start, cancel };
}
