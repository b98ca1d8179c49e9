// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes, StaticRouter } from 'react-router';
import { Redirect } from '../../src/lib/Redirect';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Redirect (a block with nothing to show: a checkout without a plan, a payment result without a status)', () => {
  it('renders nothing on the server, and no warning (navigating is an effect, which the server does not run)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = renderToString(
      <StaticRouter location="/shop/payment">
        <Redirect to="/shop" />
      </StaticRouter>,
    );
    expect(html).toBe('');
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('sends the visitor on in the browser, replacing the history entry', async () => {
    render(
      <MemoryRouter initialEntries={['/shop/payment']}>
        <Routes>
          <Route path="/shop/payment" element={<Redirect to="/shop" />} />
          <Route path="/shop" element={<p>The shop</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('The shop')).toBeTruthy();
  });
});
