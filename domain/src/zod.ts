// zod, as every schema of the domain uses it. In the browser our CSP forbids eval: zod would probe
// `new Function('')` on its first object parse, be refused, and the refusal is logged as a security
// violation on every screen (Lighthouse best practices). Its interpreted parsers are used there.
import { z } from 'zod';

// Node (the API, the tests) has `process`; a browser page or worker has not.
if (!('process' in globalThis)) z.config({ jitless: true });

export { z };
