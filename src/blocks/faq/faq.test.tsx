// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Faq } from '../../generated/api';
import FaqBlock from '.';

afterEach(cleanup);

describe('FAQ accordion', () => {
  const faqs: Faq[] = [
    { id: 1, precedence: 10, question: 'Plain?', answer: 'Just text.' },
    {
      id: 2,
      precedence: 20,
      question: 'Rich?',
      answer: '<p>Some <strong>bold</strong> text</p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
    },
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
