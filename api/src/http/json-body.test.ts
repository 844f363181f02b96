// The API's JSON body reader answers every body as express.json does (the same parsed value, or the
// same error type, which error-handler.ts turns into the same French reply), on its own path and on
// the cases it leaves to express.json (compressed, chunked, another charset, over the limit).
import { gzipSync } from 'node:zlib';
import express, { type RequestHandler } from 'express';
import pino from 'pino';
import request from 'supertest';
import { errorHandler } from './error-handler';
import { jsonBody, limitInBytes } from './json-body';

function appWith(parser: RequestHandler) {
  const app = express();
  app.post('/echo', parser, (req, res) => {
    res.json({ body: req.body as unknown });
  });
  app.use(errorHandler(pino({ level: 'silent' })));
  return app;
}

const lean = appWith(jsonBody('1kb'));
const reference = appWith(express.json({ limit: '1kb', strict: true }));

type Case = { name: string; body: string | Buffer; headers: Record<string, string> };
const JSON_TYPE = { 'content-type': 'application/json' };
const CASES: Case[] = [
  { name: 'an object', body: '{"token":"abc","n":1}', headers: JSON_TYPE },
  { name: 'a list', body: '[1,2]', headers: JSON_TYPE },
  { name: 'spaces before the object', body: ' \n\t{"a":true}', headers: JSON_TYPE },
  { name: 'an empty body', body: '', headers: JSON_TYPE },
  { name: 'a byte order mark', body: '\ufeff{"a":"é"}', headers: JSON_TYPE },
  { name: 'accents', body: '{"nom":"Société Générale — 12 €"}', headers: JSON_TYPE },
  { name: 'a number (not strict JSON)', body: '123', headers: JSON_TYPE },
  { name: 'a string (not strict JSON)', body: '"abc"', headers: JSON_TYPE },
  { name: 'broken JSON', body: '{"a":', headers: JSON_TYPE },
  { name: 'a body over the limit', body: `{"a":"${'x'.repeat(2000)}"}`, headers: JSON_TYPE },
  { name: 'UTF-8 declared', body: '{"a":1}', headers: { 'content-type': 'application/json; charset=UTF-8' } },
  {
    name: 'Latin-1 declared',
    body: '{"a":1}',
    headers: { 'content-type': 'application/json; charset=latin1' },
  },
  { name: 'another type', body: '{"a":1}', headers: { 'content-type': 'text/plain' } },
  {
    name: 'a gzip body',
    body: gzipSync('{"a":"compressé"}'),
    headers: { ...JSON_TYPE, 'content-encoding': 'gzip' },
  },
  { name: 'an unknown encoding', body: '{"a":1}', headers: { ...JSON_TYPE, 'content-encoding': 'zzz' } },
];

describe('the JSON body of an API call', () => {
  it.each(CASES)('answers $name as express.json does', async ({ body, headers }) => {
    const send = (app: express.Express) => request(app).post('/echo').set(headers).send(body);
    const [ours, theirs] = [await send(lean), await send(reference)];
    expect({ status: ours.status, body: ours.body as unknown }).toEqual({
      status: theirs.status,
      body: theirs.body as unknown,
    });
  });

  it('reads the limits express.json accepts', () => {
    expect(limitInBytes('1mb')).toBe(1024 * 1024);
    expect(limitInBytes('512kb')).toBe(512 * 1024);
    expect(limitInBytes('2048')).toBe(2048);
    expect(limitInBytes('beaucoup')).toBeNull();
  });
});
