// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import * as chunk from '../../generated/block-chunks/textSection';
import { blockProps } from '../../engine/registry';
import TextSectionBlock from '.';

afterEach(cleanup);

describe('text section', () => {
  it('numbers its points when ordered and fills {product}', () => {
    render(
      <TextSectionBlock
        props={blockProps<'textSection'>(chunk, {
          title: 'Please note',
          ordered: true,
          items: ['For residents of the Philippines only.', '{product} is non-transferable.'],
        })}
        items={[]}
        params={{}}
      />,
    );
    const region = screen.getByRole('region', { name: 'Please note' });
    const list = region.querySelector('ol')!;
    expect(list.children).toHaveLength(2);
    expect(list.children[1].textContent).toBe('Bantay Doc is non-transferable.');
  });
  it('uses a bullet list otherwise', () => {
    render(
      <TextSectionBlock props={blockProps<'textSection'>(chunk, { paragraphs: ['Intro'], items: ['A', 'B'] })} items={[]} params={{}} />,
    );
    expect(document.querySelector('ul.text-section__list')?.children).toHaveLength(2);
    expect(screen.getByText('Intro').tagName).toBe('P');
  });
});
