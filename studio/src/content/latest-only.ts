/**
 * `send` made to run one call at a time: a call made while one runs waits for it, and only the
 * latest of those waiting is sent (the ones it replaced get its answer). The unsaved content goes to
 * the preview this way: as soon as it changes, never two sends racing, never a stale one last.
 */
export function latestOnly<A, R>(send: (argument: A) => Promise<R>): (argument: A) => Promise<R> {
  let running: Promise<unknown> | undefined;
  let waiting: { argument: A; answer: Promise<R> } | undefined;

  const start = (argument: A): Promise<R> => {
    const answer = send(argument);
    const done = answer.then(
      () => undefined,
      () => undefined,
    );
    running = done;
    void done.then(() => {
      if (running === done) running = undefined;
    });
    return answer;
  };

  return (argument) => {
    if (!running) return start(argument);
    if (waiting) {
      waiting.argument = argument;
      return waiting.answer;
    }
    const entry = { argument } as { argument: A; answer: Promise<R> };
    const before = running;
    entry.answer = before.then(() => {
      waiting = undefined;
      return start(entry.argument);
    });
    waiting = entry;
    running = entry.answer.then(
      () => undefined,
      () => undefined,
    );
    return entry.answer;
  };
}
