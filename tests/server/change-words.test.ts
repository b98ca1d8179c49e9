import { describe, expect, it } from 'vitest';
import { describeContentChange } from '../../server/content/change-words';

const file = (schema: string, items: unknown[], extra: Record<string, unknown> = {}) =>
  `${JSON.stringify({ $schema: `../schemas/content/${schema}.json`, ...extra, items }, null, 2)}\n`;

const plan = (id: number, name: string, price: number, more: Record<string, unknown> = {}) => ({ id, name, price, discount: 0, ...more });

describe('a content change in words', () => {
  it('names a changed price in pesos, the item by its label field', () => {
    const before = { 'content/shop-plans.json': file('plan', [plan(1, 'Individual', 1499), plan(2, 'Family', 5999)]) };
    const after = { 'content/shop-plans.json': file('plan', [plan(1, 'Individual', 1799), plan(2, 'Family', 5999)]) };
    expect(describeContentChange(before, after)).toEqual(['Shop plans and prices: Individual, price ₱1,499.00 → ₱1,799.00']);
  });

  it('counts added and removed items, one line per changed resource in path order', () => {
    const before = {
      'content/articles.json': file('article', [{ id: 1, title: 'One' }]),
      'content/demo/promos.json': file('promo-code', [
        { id: 1, code: 'A', discount: 10 },
        { id: 2, code: 'B', discount: 10 },
        { id: 3, code: 'C', discount: 10 },
      ]),
      'content/faqs.json': file('faq', [{ id: 1, question: 'Why?' }]),
    };
    const after = {
      ...before,
      'content/articles.json': file('article', [
        { id: 1, title: 'One' },
        { id: 2, title: 'Two' },
      ]),
      'content/demo/promos.json': file('promo-code', [{ id: 3, code: 'C', discount: 10 }]),
    };
    expect(describeContentChange(before, after)).toEqual(['Articles: 1 added', 'Promo codes (demo): 2 removed']);
  });

  it('only names long or nested values, and writes short strings, numbers and none', () => {
    const long = 'x'.repeat(41);
    const before = {
      'content/shop-plans.json': file('plan', [plan(1, 'Individual', 1499, { description: 'short', other_details: null })]),
    };
    const after = {
      'content/shop-plans.json': file('plan', [plan(1, 'Solo', 1499, { description: long, other_details: { applyDetails: true } })]),
    };
    expect(describeContentChange(before, after)).toEqual([
      'Shop plans and prices: Solo, name "Individual" → "Solo", description changed, other_details changed',
    ]);
  });

  it('names at most three items, then counts the rest', () => {
    const items = (price: number) => [1, 2, 3, 4, 5].map((id) => plan(id, `Plan ${id}`, price));
    const lines = describeContentChange(
      { 'content/shop-plans.json': file('plan', items(100)) },
      { 'content/shop-plans.json': file('plan', items(200)) },
    );
    expect(lines).toEqual([
      'Shop plans and prices: Plan 1, price ₱100.00 → ₱200.00; Plan 2, price ₱100.00 → ₱200.00; Plan 3, price ₱100.00 → ₱200.00; and 2 more',
    ]);
  });

  it('names an item without a label by its id, and takes the names the caller gives', () => {
    const before = { 'content/footers.json': file('footer', [{ id: 7, text: 'a' }]) };
    const after = { 'content/footers.json': file('footer', [{ id: 7, text: 'b' }]) };
    expect(describeContentChange(before, after)).toEqual(['Footer: #7, text "a" → "b"']);
    expect(describeContentChange(before, after, { 'content/footers.json': { name: 'Site footer', labelField: 'text' } })).toEqual([
      'Site footer: b, text "a" → "b"',
    ]);
  });

  it('says an order or another change, a whole file added or removed, and an unreadable file', () => {
    const a = { id: 1, title: 'A' };
    const b = { id: 2, title: 'B' };
    expect(
      describeContentChange({ 'content/articles.json': file('article', [a, b]) }, { 'content/articles.json': file('article', [b, a]) }),
    ).toEqual(['Articles: order changed']);
    expect(
      describeContentChange(
        { 'content/articles.json': file('article', [a], { demoDatesAsOf: '2026-01-01' }) },
        { 'content/articles.json': file('article', [a], { demoDatesAsOf: '2026-02-01' }) },
      ),
    ).toEqual(['Articles: changed']);
    expect(describeContentChange({}, { 'content/jobs.json': file('job', [a, b]) })).toEqual(['Jobs: 2 added']);
    expect(describeContentChange({ 'content/jobs.json': file('job', [a]) }, {})).toEqual(['Jobs: 1 removed']);
    expect(describeContentChange({ 'content/jobs.json': '{' }, { 'content/jobs.json': '{}' })).toEqual([
      'Jobs: changed (not readable as JSON)',
    ]);
  });

  it('says nothing of files whose text is the same', () => {
    const same = { 'content/articles.json': file('article', [{ id: 1, title: 'A' }]) };
    expect(describeContentChange(same, { ...same })).toEqual([]);
  });
});
