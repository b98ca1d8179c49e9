// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { Step } from '../../generated/api';
import * as chunk from '../../generated/block-chunks/steps';
import { blockProps } from '../../engine/registry';
import StepsBlock from '.';
import { stepItems } from './items';

afterEach(cleanup);

const step = (id: number, title: string): Step => ({
  id,
  precedence: id * 10,
  title,
  caption: `${title} caption`,
  background_image: { main: `/content-images/step-${id}.svg` },
});

describe('steps: from a source or from the section', () => {
  it('prefers bound steps, keeping their order, image and caption', () => {
    const shown = stepItems([step(1, 'Fill out the form'), step(2, 'Pay')], [{ title: 'ignored' }]);
    expect(shown.map((s) => s.title)).toEqual(['Fill out the form', 'Pay']);
    expect(shown[0]).toMatchObject({ caption: 'Fill out the form caption', image: '/content-images/step-1.svg' });
  });
  it('falls back to the section items, without images', () => {
    const shown = stepItems([], [{ title: 'Schedule an appointment', caption: 'Book it' }, { title: 'Speak to a doctor' }]);
    expect(shown).toEqual([
      { key: 'own-0', title: 'Schedule an appointment', caption: 'Book it' },
      { key: 'own-1', title: 'Speak to a doctor', caption: undefined },
    ]);
    expect(stepItems([], undefined)).toEqual([]);
  });
  it('renders an ordered list with visible numbers, or without them when numbered is false', () => {
    render(
      <StepsBlock
        props={blockProps<'steps'>(chunk, { title: 'Three easy steps', items: [{ title: 'One' }, { title: 'Two' }] })}
        items={[]}
        params={{}}
      />,
    );
    const list = screen.getByRole('region', { name: 'Three easy steps' }).querySelector('ol')!;
    expect(Array.from(list.querySelectorAll('li h3')).map((h) => h.textContent)).toEqual(['One', 'Two']);
    expect(Array.from(list.querySelectorAll('.step__number')).map((n) => n.textContent)).toEqual(['1', '2']);
    cleanup();
    render(<StepsBlock props={blockProps<'steps'>(chunk, { numbered: false, items: [{ title: 'One' }] })} items={[]} params={{}} />);
    expect(document.querySelector('.step__number')).toBeNull();
  });
  it('renders nothing without steps', () => {
    const { container } = render(<StepsBlock props={blockProps<'steps'>(chunk, { title: 'Empty' })} items={[]} params={{}} />);
    expect(container.innerHTML).toBe('');
  });
});
