import type { ImportMapping, ImportOptions } from '@app/domain';
import type { ParseProgress, ParseSettings } from './parse-file';

/** Messages between the page and the parse worker (one request, one reply, progress in between). */
export type ParseRequest =
  | { id: number; method: 'parse'; file: Blob; name: string; settings: ParseSettings }
  | { id: number; method: 'preCount'; mapping: ImportMapping; options: ImportOptions }
  | { id: number; method: 'batch'; offset: number }
  | { id: number; method: 'pick'; indexes: number[] };

export type ParseReply =
  | { type: 'ready' }
  | { type: 'progress'; id: number; progress: ParseProgress }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'error'; id: number; message: string; known: boolean };
