// The gate's worker thread starts here: a thread does not inherit the tsx loader that runs the
// server's TypeScript, so it registers it, then runs the thread's body (gate-thread.ts).
import { register } from 'tsx/esm/api';

register();
await import('./gate-thread.ts');
