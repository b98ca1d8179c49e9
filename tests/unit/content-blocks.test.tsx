// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Faq, Step, VideoDescription } from '../../src/generated/api';
import FaqBlock from '../../src/blocks/faq';
import StepsBlock from '../../src/blocks/steps';
import TextSectionBlock from '../../src/blocks/textSection';
import VideoBlock from '../../src/blocks/video';
import { cardItems } from '../../src/blocks/cards/items';
import { stepItems } from '../../src/blocks/steps/items';

afterEach(cleanup);

const step = (id: number, title: string): Step => ({ id, precedence: id * 10, title, caption: `${title} caption`, background_image: { main: `/content-images/step-${id}.svg` } });

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
    render(<StepsBlock props={{ title: 'Three easy steps', items: [{ title: 'One' }, { title: 'Two' }] }} items={[]} params={{}} />);
    const list = screen.getByRole('region', { name: 'Three easy steps' }).querySelector('ol')!;
    expect(Array.from(list.querySelectorAll('li h3')).map((h) => h.textContent)).toEqual(['One', 'Two']);
    expect(Array.from(list.querySelectorAll('.step__number')).map((n) => n.textContent)).toEqual(['1', '2']);
    cleanup();
    render(<StepsBlock props={{ numbered: false, items: [{ title: 'One' }] }} items={[]} params={{}} />);
    expect(document.querySelector('.step__number')).toBeNull();
  });
  it('renders nothing without steps', () => {
    const { container } = render(<StepsBlock props={{ title: 'Empty' }} items={[]} params={{}} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('cards: from a source or from the section', () => {
  const description = (id: number, title: string): VideoDescription => ({ id, precedence: id, title, caption: `${title} text` });
  it('maps bound video descriptions (title, caption) to cards', () => {
    expect(cardItems([description(1, 'Safe and private')], [{ title: 'x', description: 'y' }])).toEqual([{ title: 'Safe and private', description: 'Safe and private text' }]);
  });
  it('uses the section items when nothing is bound', () => {
    expect(cardItems([], [{ title: 'Teleconsultation', description: 'Talk to a doctor' }])).toEqual([{ title: 'Teleconsultation', description: 'Talk to a doctor' }]);
    expect(cardItems([], undefined)).toEqual([]);
  });
});

describe('text section', () => {
  it('numbers its points when ordered and fills {product}', () => {
    render(<TextSectionBlock props={{ title: 'Please note', ordered: true, items: ['For residents of the Philippines only.', '{product} is non-transferable.'] }} items={[]} params={{}} />);
    const region = screen.getByRole('region', { name: 'Please note' });
    const list = region.querySelector('ol')!;
    expect(list.children).toHaveLength(2);
    expect(list.children[1].textContent).toBe('Bantay Doc is non-transferable.');
  });
  it('uses a bullet list otherwise', () => {
    render(<TextSectionBlock props={{ paragraphs: ['Intro'], items: ['A', 'B'] }} items={[]} params={{}} />);
    expect(document.querySelector('ul.text-section__list')?.children).toHaveLength(2);
    expect(screen.getByText('Intro').tagName).toBe('P');
  });
});

describe('FAQ accordion', () => {
  const faqs: Faq[] = [
    { id: 1, precedence: 10, question: 'Plain?', answer: 'Just text.' },
    { id: 2, precedence: 20, question: 'Rich?', answer: '<p>Some <strong>bold</strong> text</p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">' },
  ];
  it('toggles each answer with its button and aria-expanded', () => {
    render(<FaqBlock props={{ title: 'Frequently asked questions' }} items={faqs} params={{}} />);
    const plain = screen.getByRole('button', { name: 'Plain?' });
    const panel = document.getElementById(plain.getAttribute('aria-controls')!)!;
    expect(plain.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    fireEvent.click(plain);
    expect(plain.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(panel.getAttribute('aria-labelledby')).toBe(plain.id);
    fireEvent.click(plain);
    expect(panel.hidden).toBe(true);
  });
  it('renders a plain answer as text and sanitises a rich one', async () => {
    render(<FaqBlock props={{}} items={faqs} params={{}} />);
    expect(screen.getByText('Just text.').tagName).toBe('P');
    const bold = await screen.findByText('bold');
    expect(bold.tagName).toBe('STRONG');
    const rich = bold.closest('.faq__answer')!;
    expect(rich.querySelector('script')).toBeNull();
    expect(rich.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });
  it('shows the empty text, or nothing, without questions', () => {
    render(<FaqBlock props={{ emptyText: 'No questions yet' }} items={[]} params={{}} />);
    expect(screen.getByText('No questions yet')).toBeTruthy();
    cleanup();
    const { container } = render(<FaqBlock props={{}} items={[]} params={{}} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('video block', () => {
  it('embeds a YouTube URL through youtube-nocookie.com, lazily, with its title and heading', () => {
    render(<VideoBlock props={{ title: 'Introduction to {product}', url: 'https://youtu.be/aqz-KE-bpKQ', heading: 'See how it works', caption: 'Two minutes.' }} items={[]} params={{}} />);
    const frame = screen.getByTitle('Introduction to Bantay Doc') as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?rel=0');
    expect(frame.getAttribute('loading')).toBe('lazy');
    expect(frame.getAttribute('width')).toBe('100%');
    // jsdom's window is 1024 px wide: the 605 px step.
    expect(frame.getAttribute('height')).toBe('605');
    expect(screen.getByRole('region', { name: 'See how it works' })).toBeTruthy();
    expect(screen.getByText('Two minutes.')).toBeTruthy();
  });
  it('renders nothing (and warns) when the section names no usable video', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container } = render(<VideoBlock props={{ title: 'Broken', url: 'https://vimeo.com/1234567' }} items={[]} params={{}} />);
    expect(container.innerHTML).toBe('');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
