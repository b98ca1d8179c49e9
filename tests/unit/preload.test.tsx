// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPage } from '../../src/engine/registry';
import { useFormDefinition } from '../../src/forms/use-form-definition';

afterEach(() => vi.restoreAllMocks());

describe('loadPage: a page renders with its forms already loaded', () => {
  it('preloads the form of a form section, so the block has it on its first render', async () => {
    await loadPage([{ type: 'form', props: { form: 'callback' } } as never, { type: 'message' }]);
    const { result } = renderHook(() => useFormDefinition('callback'));
    expect(result.current?.form.schema).toBeTruthy();
    expect(typeof result.current?.validator.validateFormData).toBe('function');
  });

  it('without a preload the block loads the form itself', async () => {
    const { result } = renderHook(() => useFormDefinition('speed-up'));
    expect(result.current).toBeNull();
    await vi.waitFor(() => expect(result.current?.form.schema).toBeTruthy());
  });

  it('an unknown form is logged and does not stop the page', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(loadPage([{ type: 'form', props: { form: 'no-such-form' } } as never])).resolves.toBeUndefined();
    expect(error.mock.calls.flat().join(' ')).toContain("unknown form 'no-such-form'");
  });
});
