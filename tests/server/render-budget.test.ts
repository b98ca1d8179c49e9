import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientKey, createRenderGate, sharedRenderBudget } from '../../server/render-budget';
import { createSharedState } from '../../server/shared-state';

/** A budget of `perMinute` renders counted in this process (a server without REDIS_URL, which logs nothing about Redis). */
const budgetOf = (perMinute: number) => sharedRenderBudget(createSharedState(undefined, {} as FastifyBaseLogger), perMinute);

describe('the per-client budget of page renders', () => {
  const start = 1_000_000;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
  });
  afterEach(() => vi.useRealTimers());

  it('allows the whole budget at once, then says how long until the minute is over', async () => {
    const budget = budgetOf(60);
    for (let i = 0; i < 60; i++) expect(await budget.take('203.0.113.7')).toBe(0);
    expect(await budget.take('203.0.113.7')).toBe(60);
    vi.setSystemTime(start + 10_000);
    expect(await budget.take('203.0.113.7')).toBe(50);
    // Another client has its own budget.
    expect(await budget.take('198.51.100.1')).toBe(0);
  });

  it('gives the client its budget again when the minute is over, not more', async () => {
    const budget = budgetOf(2);
    expect(await budget.take('192.0.2.1')).toBe(0);
    expect(await budget.take('192.0.2.1')).toBe(0);
    expect(await budget.take('192.0.2.1')).toBeGreaterThan(0);
    // An hour later the client has two again, not 120.
    vi.setSystemTime(start + 3_600_000);
    expect(await budget.take('192.0.2.1')).toBe(0);
    expect(await budget.take('192.0.2.1')).toBe(0);
    expect(await budget.take('192.0.2.1')).toBeGreaterThan(0);
  });

  it('counts an IPv6 /64 as one client, and an IPv4-mapped address as its IPv4 address', async () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');

    const budget = budgetOf(1);
    expect(await budget.take('2001:db8:1:2::a')).toBe(0);
    // Any other address of the same /64 is the same client.
    expect(await budget.take('2001:db8:1:2:ffff:1:2:3')).toBeGreaterThan(0);
    expect(await budget.take('2001:db8:1:3::a')).toBe(0);
    expect(await budget.take('198.51.100.9')).toBe(0);
    expect(await budget.take('::ffff:198.51.100.9')).toBeGreaterThan(0);
  });
});

describe('the server-wide gate of renders at once', () => {
  it('lets `slots` in, hands each freed slot to the first waiting, and refuses beyond the queue', async () => {
    const gate = createRenderGate(2, { queue: 2, maxWaitMs: 5_000 });
    const first = await gate.enter();
    const second = await gate.enter();
    expect(first && second).toBeTruthy();
    expect(gate.tryEnter()).toBeNull();
    const order: string[] = [];
    const waitFor = (name: string) =>
      gate.enter().then((release) => {
        order.push(name);
        return release;
      });
    const third = waitFor('third');
    const fourth = waitFor('fourth');
    expect(await gate.enter()).toBeNull();
    expect(gate.load()).toEqual({ running: 2, waiting: 2 });
    first!();
    // Released twice: still one slot.
    first!();
    expect(await third).toBeTruthy();
    expect(gate.load()).toEqual({ running: 2, waiting: 1 });
    second!();
    (await fourth)!();
    expect(order).toEqual(['third', 'fourth']);
    (await third)!();
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('gives up a wait after maxWaitMs, and the place in the queue with it', async () => {
    const gate = createRenderGate(1, { queue: 1, maxWaitMs: 50 });
    const held = gate.tryEnter();
    expect(await gate.enter()).toBeNull();
    expect(gate.load()).toEqual({ running: 1, waiting: 0 });
    held!();
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });
});
