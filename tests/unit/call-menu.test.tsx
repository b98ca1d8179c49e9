// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CallMenuBlock from '../../src/blocks/callMenu';

// React's act() outside its testing library.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const block = () => (
  <CallMenuBlock
    props={{ label: 'Call Doc now!' }}
    items={[{ id: 1, values: { contacts: [{ label: 'Globe', numbers: ['0917 555 0123'] }] } }]}
    params={{}}
  />
);

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe("'Call Doc now!'", () => {
  it('is a native popover of its button in the server HTML, and hydrates over it without a mismatch', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(block());
    document.body.append(container);
    const button = container.querySelector('button')!;
    const menu = container.querySelector('[role="menu"]')!;
    expect(button.getAttribute('popovertarget')).toBe(menu.id);
    expect(menu.getAttribute('popover')).toBe('auto');
    expect(menu.hasAttribute('hidden')).toBe(false);
    expect(menu.querySelector('a[role="menuitem"]')?.getAttribute('href')).toBe('tel:09175550123');
    // The browser tells whether the popover is open until the block runs.
    expect(button.hasAttribute('aria-expanded')).toBe(false);

    const errors = vi.spyOn(console, 'error');
    const recovered = vi.fn();
    await act(async () => {
      hydrateRoot(container, block(), { onRecoverableError: recovered });
    });
    expect(errors).not.toHaveBeenCalled();
    expect(recovered).not.toHaveBeenCalled();
    expect(container.querySelector('button')).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
