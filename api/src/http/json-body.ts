// The JSON body of an API call. The common case (Content-Type application/json in UTF-8, a
// Content-Length within the limit, no Content-Encoding) is read here with two stream listeners and
// JSON.parse, under express.json's rules (strict: an object or an array; an empty body is {}; a UTF-8
// byte order mark is dropped) and with its error types, which error-handler.ts turns into French
// messages. Anything else (a compressed or chunked body, another charset, a declared size over the limit)
// goes to express.json itself. express.json's path costs several times this one on a small call
// (request-path.md, fourth round).
import express, { type RequestHandler } from 'express';

const PLAIN_JSON = /^application\/json[ \t]*(?:;[ \t]*charset="?utf-8"?[ \t]*)?$/i;
const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** '1mb', '512kb', '2048' as bytes (express.json's units), or null for anything else. */
export function limitInBytes(limit: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(limit);
  if (!match) return null;
  return Math.floor(Number(match[1]) * (UNITS[(match[2] ?? 'b').toLowerCase()] ?? 1));
}

/** An error as body-parser makes it: error-handler.ts reads its `type`. */
function bodyError(type: string, status: number, message: string): Error {
  return Object.assign(new Error(message), { type, status, statusCode: status, expose: status < 500 });
}

function parseStrict(text: string): unknown {
  if (text.length === 0) return {};
  const first = /^[ \t\n\r]*(.|$)/.exec(text)?.[1];
  if (first !== '{' && first !== '[')
    throw bodyError('entity.parse.failed', 400, 'JSON attendu : un objet ou une liste');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw bodyError('entity.parse.failed', 400, (error as Error).message);
  }
}

export function jsonBody(limit: string): RequestHandler {
  const general = express.json({ limit, strict: true });
  const maxBytes = limitInBytes(limit);
  return (req, res, next) => {
    const { headers } = req;
    const declared = headers['content-length'];
    const expected = declared === undefined ? Number.NaN : Number(declared);
    if (
      maxBytes === null ||
      (req as { _body?: boolean })._body === true ||
      headers['content-encoding'] !== undefined ||
      headers['transfer-encoding'] !== undefined ||
      !Number.isSafeInteger(expected) ||
      expected < 0 ||
      expected > maxBytes ||
      !PLAIN_JSON.test(headers['content-type'] ?? '')
    ) {
      general(req, res, next);
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const settle = (error: Error | null, body?: unknown) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('aborted', onAborted);
      req.off('error', onError);
      if (error) {
        next(error);
        return;
      }
      req.body = body;
      (req as { _body?: boolean })._body = true;
      next();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) {
        settle(bodyError('entity.too.large', 413, 'Corps de requête trop volumineux'));
        req.resume();
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      if (received !== expected) {
        settle(bodyError('request.size.invalid', 400, 'Taille du corps différente de Content-Length'));
        return;
      }
      let text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      let body: unknown;
      try {
        body = parseStrict(text);
      } catch (error) {
        settle(error as Error);
        return;
      }
      settle(null, body);
    };
    const onAborted = () => settle(bodyError('request.aborted', 400, 'Requête interrompue'));
    const onError = (error: Error) => settle(error);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('aborted', onAborted);
    req.on('error', onError);
  };
}
