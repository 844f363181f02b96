require('@testing-library/jest-dom');
// react-router needs the encoding API, which jsdom does not provide.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });

// findBy*/waitFor give up after 1 s by default; a loaded CI machine can take longer to render.
// A ceiling for waiting, not a speed check.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
