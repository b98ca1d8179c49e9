import { parentPort, workerData } from 'node:worker_threads';
import { ProjectGate } from '../../scripts/lib/editor/check';

/**
 * The body of the gate's worker thread (gate-worker.ts): one ProjectGate on the project root it was
 * given, answering each `{ id, texts, media }` with `{ id, problems }` or `{ id, error }`, one at a time (the
 * gate queues them). `{ dispose: true }` removes its scratch copy and ends the thread.
 */
const port = parentPort;
if (!port) throw new Error('gate-thread.ts runs as a worker thread only');
const gate = new ProjectGate((workerData as { root: string }).root);

port.on('message', (message: { id: number; texts: Record<string, string | null>; media: Map<string, Uint8Array> } | { dispose: true }) => {
  if ('dispose' in message) {
    gate.dispose();
    port.close();
    return;
  }
  gate.check(message.texts, message.media).then(
    (problems) => port.postMessage({ id: message.id, problems }),
    (error: unknown) => port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
