require('@testing-library/jest-dom');
// react-router needs the encoding API, which jsdom does not provide.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
