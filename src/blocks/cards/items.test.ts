import { describe, expect, it } from 'vitest';
import type { VideoDescription } from '../../generated/api';
import { cardItems } from './items';

describe('cards: from a source or from the section', () => {
  const description = (id: number, title: string): VideoDescription => ({ id, precedence: id, title, caption: `${title} text` });
  it('maps bound video descriptions (title, caption) to cards', () => {
    expect(cardItems([description(1, 'Safe and private')], [{ title: 'x', description: 'y' }])).toEqual([
      { title: 'Safe and private', description: 'Safe and private text' },
    ]);
  });
  it('uses the section items when nothing is bound', () => {
    expect(cardItems([], [{ title: 'Teleconsultation', description: 'Talk to a doctor' }])).toEqual([
      { title: 'Teleconsultation', description: 'Talk to a doctor' },
    ]);
    expect(cardItems([], undefined)).toEqual([]);
  });
});
