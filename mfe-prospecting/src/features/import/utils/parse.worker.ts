// The import's parse worker: the file is read, parsed and kept here, off the page's thread.
import { ImportFileError } from './parse-file';
import type { ParseReply, ParseRequest } from './parse-protocol';
import { ImportSession } from './import-session';

const session = new ImportSession();
const reply = (message: ParseReply) => self.postMessage(message);

async function handle(request: ParseRequest): Promise<unknown> {
  switch (request.method) {
    case 'parse':
      return session.parse(request.file, request.name, request.settings, (progress) =>
        reply({ type: 'progress', id: request.id, progress }),
      );
    case 'preCount':
      return session.preCount(request.mapping, request.options);
    case 'batch':
      return session.batch(request.offset);
    case 'pick':
      return session.pick(request.indexes);
  }
}

self.onmessage = (event: MessageEvent<ParseRequest>) => {
  const request = event.data;
  handle(request).then(
    (result) => reply({ type: 'result', id: request.id, result }),
    (error: unknown) =>
      reply({
        type: 'error',
        id: request.id,
        message: error instanceof Error ? error.message : String(error),
        known: error instanceof ImportFileError,
      }),
  );
};

reply({ type: 'ready' });
