// zod, as every schema of the domain uses it, set up for the browser's CSP first (zod-jitless.ts).
import './zod-jitless';
import { z } from 'zod';

export { z };
