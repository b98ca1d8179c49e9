import { Worker } from 'node:worker_threads';
import type { Diagnostic } from '../../scripts/lib/diagnostics';

/**
 * What a publish needs of the gate: the problems of the project with some files' texts (null: absent)
 * and the images the studio uploaded that they name (content/media/<name> -> bytes).
 */
export interface ContentGate {
  check(texts: Record<string, string | null>, media?: ReadonlyMap<string, Uint8Array>): Promise<Diagnostic[]>;
  dispose(): void;
}

type Answer = { id: number; problems: Diagnostic[] } | { id: number; error: string };

/**
 * The project gate (the checks of `npm run validate`, scripts/lib/editor/check.ts) in a worker thread
 * of its own. A check reads and validates the whole project: about half a second, and several on the
 * first, which makes a scratch copy of the project. In the server's own thread that would stall every
 * page, API call and sign-in the instance serves meanwhile; in the worker it does not. The thread
 * starts at the first check and runs the TypeScript through tsx (gate-thread.mjs), as the server does; one that dies
 * fails the checks under way (a publish is then refused, never made unchecked) and the next check
 * starts a new one.
 */
export class ThreadGate implements ContentGate {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (problems: Diagnostic[]) => void; reject: (error: Error) => void }>();

  constructor(readonly root: string) {}

  check(texts: Record<string, string | null>, media: ReadonlyMap<string, Uint8Array> = new Map()): Promise<Diagnostic[]> {
    const worker = this.started();
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, texts, media });
    });
  }

  dispose(): void {
    const worker = this.worker;
    this.worker = undefined;
    // The thread removes its scratch copy, then ends; a check under way is failed.
    worker?.postMessage({ dispose: true });
    this.failAll(new Error('the gate was closed'));
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./gate-thread.mjs', import.meta.url), { workerData: { root: this.root } });
    worker.on('message', (answer: Answer) => {
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if (this.pending.size === 0) worker.unref();
      if ('error' in answer) waiting.reject(new Error(answer.error));
      else waiting.resolve(answer.problems);
    });
    const ended = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      this.failAll(error);
    };
    worker.on('error', ended);
    worker.on('exit', (code) => ended(new Error(`the gate's thread ended (exit code ${code})`)));
    // An idle gate never keeps the process alive (a check under way does): the server's close disposes it anyway.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}
