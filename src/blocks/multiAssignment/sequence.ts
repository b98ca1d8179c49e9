import type { CardResult } from './store';

/** One card's request: its key and what is sent for it. */
export interface CardJob<P> {
  key: string;
  payload: P;
}

export interface SequenceOptions<P> {
  /** Sends one card (POST key-assignments); a rejection is that card's failure. */
  send: (payload: P) => Promise<unknown>;
  /** Told of every state change of a card: loading, then success or failure. */
  report: (key: string, result: CardResult) => void;
  /** The text of a failure: the server's message, else a fallback. */
  failureMessage: (error: unknown) => string;
}

/**
 * Sends the cards one after another (one request per card, in order). A card is
 * loading while its request runs and then shows its own outcome; a failure does not stop the
 * cards after it. Resolves with every card's outcome once the last one is done.
 */
export async function sendCardsInSequence<P>(
  jobs: readonly CardJob<P>[],
  options: SequenceOptions<P>,
): Promise<Record<string, CardResult>> {
  const outcomes: Record<string, CardResult> = {};
  for (const job of jobs) {
    options.report(job.key, { status: 'loading' });
    let outcome: CardResult;
    try {
      await options.send(job.payload);
      outcome = { status: 'success' };
    } catch (error) {
      outcome = { status: 'failure', message: options.failureMessage(error) };
    }
    outcomes[job.key] = outcome;
    options.report(job.key, outcome);
  }
  return outcomes;
}
