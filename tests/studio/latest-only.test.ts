import { describe, expect, it } from 'vitest';
import { latestOnly } from '../../studio/src/content/latest-only';

/** studio/src/content/latest-only.ts: one send at a time, and only the latest of those waiting. */

function deferredSend() {
  const sent: string[] = [];
  const pending: Array<() => void> = [];
  const send = (value: string) =>
    new Promise<string>((resolve) => {
      sent.push(value);
      pending.push(() => resolve(`answer ${value}`));
    });
  return { sent, send, finish: () => pending.shift()?.() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('latestOnly', () => {
  it('sends at once when idle, and only the latest of the calls made while one runs', async () => {
    const { sent, send, finish } = deferredSend();
    const coalesced = latestOnly(send);
    const first = coalesced('a');
    const second = coalesced('b');
    const third = coalesced('c');
    expect(sent).toEqual(['a']);
    finish();
    expect(await first).toBe('answer a');
    await settle();
    expect(sent).toEqual(['a', 'c']);
    finish();
    expect([await second, await third]).toEqual(['answer c', 'answer c']);
    await settle();
    coalesced('d');
    expect(sent).toEqual(['a', 'c', 'd']);
  });

  it('goes on after a send that failed', async () => {
    let calls = 0;
    const coalesced = latestOnly(async (value: string) => {
      calls += 1;
      if (value === 'bad') throw new Error('refused');
      return value;
    });
    const failed = coalesced('bad');
    const next = coalesced('good');
    await expect(failed).rejects.toThrow('refused');
    expect(await next).toBe('good');
    expect(calls).toBe(2);
  });
});
