// In the browser our CSP forbids eval: zod would probe `new Function('')` on its first object parse,
// be refused, and the refusal is logged as a security violation on every screen (Lighthouse best
// practices); its interpreted parsers are used there instead. This file is the domain's one side
// effect (package.json "sideEffects"): zod.ts stays free of them, so bundlers keep tree-shaking the
// domain and a remote ships only the schemas it uses (docs/decisions/bundle-budget.md).
import { config } from 'zod/v4/core';

// Node (the API, the tests) has `process`; a browser page or worker has not.
if (!('process' in globalThis)) config({ jitless: true });
