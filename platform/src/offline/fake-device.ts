// For jest (jsdom): an in-memory IndexedDB (fake-indexeddb) and the structuredClone it needs, which
// jsdom does not offer. Imported first by the tests of the device store.
import { deserialize, serialize } from 'node:v8';
import 'fake-indexeddb/auto';

globalThis.structuredClone ??= <T>(value: T): T => deserialize(serialize(value)) as T;
