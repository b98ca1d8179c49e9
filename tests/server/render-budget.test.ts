import { describe, expect, it } from 'vitest';
import { clientKey, createRenderBudget, createRenderGate } from '../../server/render-budget';

describe('the per-client budget of page renders', () => {
  it('allows a burst of the whole budget, then one render per share of the minute', () => {
    const budget = createRenderBudget(60);
    const start = 1_000_000;
    for (let i = 0; i < 60; i++) expect(budget.take('203.0.113.7', start)).toBe(0);
    expect(budget.take('203.0.113.7', start)).toBe(1);
    // 60 a minute: one more each second.
    expect(budget.take('203.0.113.7', start + 1_000)).toBe(0);
    expect(budget.take('203.0.113.7', start + 1_000)).toBeGreaterThan(0);
    // Another client has its own budget.
    expect(budget.take('198.51.100.1', start)).toBe(0);
  });

  it('says how long to wait, and refills up to the budget only', () => {
    const budget = createRenderBudget(2);
    expect(budget.take('192.0.2.1', 0)).toBe(0);
    expect(budget.take('192.0.2.1', 0)).toBe(0);
    // Two a minute: the next one in 30 s.
    expect(budget.take('192.0.2.1', 0)).toBe(30);
    expect(budget.take('192.0.2.1', 10_000)).toBe(20);
    // An hour later the client has two again, not 120.
    const later = 3_600_000;
    expect(budget.take('192.0.2.1', later)).toBe(0);
    expect(budget.take('192.0.2.1', later)).toBe(0);
    expect(budget.take('192.0.2.1', later)).toBeGreaterThan(0);
  });

  it('counts an IPv6 /64 as one client, and an IPv4-mapped address as its IPv4 address', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');

    const budget = createRenderBudget(1);
    expect(budget.take('2001:db8:1:2::a', 0)).toBe(0);
    // Any other address of the same /64 is the same client.
    expect(budget.take('2001:db8:1:2:ffff:1:2:3', 0)).toBeGreaterThan(0);
    expect(budget.take('2001:db8:1:3::a', 0)).toBe(0);
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
