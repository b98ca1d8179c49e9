// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/client';
import billing from '../../src/generated/form-files/billing.json';
import contact from '../../src/generated/form-files/contact.json';
import keyAssignment from '../../src/generated/form-files/key-assignment.json';
import registration from '../../src/generated/form-files/registration.json';
import type { FormFile } from '../../src/generated/forms';
import { failureOf } from '../../src/forms/error-ladder';
import { useSubmission, type SubmissionOptions } from '../../src/forms/use-submission';
import { stubApi } from './api-stub';

/**
 * A valid form's way out (src/forms/use-submission.ts): confirm, send, then the success dialog or
 * what the failure shows (src/forms/error-ladder.ts).
 */

const dialogs = vi.hoisted(() => ({ showSuccess: vi.fn(), showError: vi.fn() }));
vi.mock('../../src/lib/dialogs', () => ({ useDialogs: () => dialogs }));

const FAILED = 'Sorry, there was a problem saving your transaction.';
const refusal = (status: number, body: unknown) => new ApiError(status, 'refused', body);

describe('failureOf: what a failed send shows', () => {
  const plain = { failureTitle: undefined };
  const titled = { failureTitle: 'Failed key assignment' };

  it('puts the messages of a 422 with field errors on their fields', () => {
    expect(failureOf(refusal(422, { message: 'Invalid', errors: { email: ['Email must be valid'] } }), titled)).toEqual({
      show: 'fields',
      errors: { email: { __errors: ['Email must be valid'] } },
    });
  });

  it("shows the server's reason under the form's failure title for any refusal (4xx) with a message", () => {
    expect(failureOf(refusal(409, { message: 'Key already activated' }), titled)).toEqual({
      show: 'dialog',
      title: 'Failed key assignment',
      message: 'Key already activated',
    });
    expect(failureOf(refusal(409, { message: 'Key already activated' }), plain)).toEqual({ show: 'console', text: FAILED });
  });

  it("shows 422, 429 and 507 refusals with a message under the site's error title", () => {
    for (const status of [422, 429, 507]) {
      expect(failureOf(refusal(status, { message: 'Try later' }), plain)).toEqual({ show: 'dialog', title: 'Sorry', message: 'Try later' });
    }
    expect(failureOf(refusal(507, { message: 'Storage full' }), titled)).toEqual({
      show: 'dialog',
      title: 'Sorry',
      message: 'Storage full',
    });
  });

  it("logs the site's failure text for anything else", () => {
    expect(failureOf(refusal(500, { message: 'Boom' }), titled)).toEqual({ show: 'console', text: FAILED });
    expect(failureOf(refusal(429, null), plain)).toEqual({ show: 'console', text: FAILED });
    expect(failureOf(refusal(0, null), titled)).toEqual({ show: 'console', text: FAILED });
    expect(failureOf(new TypeError('x'), titled)).toEqual({ show: 'console', text: FAILED });
  });
});

describe('useSubmission', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const run = (options: Partial<SubmissionOptions> & { form: SubmissionOptions['form'] }) => {
    const startOver = vi.fn();
    const hook = renderHook(() => useSubmission({ files: new Map(), startOver, ...options }));
    return { hook, startOver };
  };

  it('asks first: nothing is sent until Yes, and No sends nothing', async () => {
    const send = vi.fn(async () => ({ ok: true }));
    const { hook } = run({ form: contact as FormFile, send });
    act(() => hook.result.current.submit({ firstName: 'Ana' }));
    expect(hook.result.current.confirming).toBe(true);
    act(() => hook.result.current.cancelConfirm());
    expect(hook.result.current.confirming).toBe(false);
    act(() => hook.result.current.submit({ firstName: 'Ana' }));
    await act(async () => hook.result.current.confirm());
    expect(send).toHaveBeenCalledTimes(1);
    expect(hook.result.current).toMatchObject({ confirming: false, busy: false });
  });

  it("sends the payload without the client-only fields; starts over only under the form's success dialog", async () => {
    const send = vi.fn(async () => ({ ok: true }));
    const onSuccess = vi.fn();
    const { hook, startOver } = run({ form: registration as FormFile, send, onSuccess, showSuccessFor: () => true });
    const typed = { email: 'a@example.com', password: 'x', confirmPassword: 'x', terms: true };
    await act(async () => hook.result.current.submit(typed));
    expect(send).toHaveBeenCalledWith({ email: 'a@example.com', password: 'x' }, expect.any(Map));
    expect(onSuccess).toHaveBeenCalledWith({ ok: true }, typed);
    // registration has no success dialog: what was typed stays.
    expect(startOver).not.toHaveBeenCalled();
    expect(dialogs.showSuccess).not.toHaveBeenCalled();

    const second = run({ form: { ...(contact as FormFile), flow: { ...(contact as FormFile).flow, confirm: undefined } } });
    stubApi({ 'form-emails/contact-us': { body: { data: { id: 1 } } } });
    await act(async () => second.hook.result.current.submit({ firstName: 'Ana' }));
    expect(second.startOver).toHaveBeenCalledTimes(1);
    expect(dialogs.showSuccess).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Thank you!', message: 'You have successfully submitted your message.' }),
    );
  });

  it("keeps the form and logs the site's failure text when the reply is empty; the checkout may skip the dialog", async () => {
    const { hook, startOver } = run({ form: billing as FormFile, send: async () => null });
    act(() => hook.result.current.submit({ first_name: 'Juan' }));
    await act(async () => hook.result.current.confirm());
    expect(consoleError).toHaveBeenCalledWith(FAILED);
    expect(startOver).not.toHaveBeenCalled();

    const handedOver = run({ form: billing as FormFile, send: async () => ({ redirect: true }), showSuccessFor: () => false });
    act(() => handedOver.hook.result.current.submit({ first_name: 'Juan' }));
    await act(async () => handedOver.hook.result.current.confirm());
    expect(dialogs.showSuccess).not.toHaveBeenCalled();
    expect(handedOver.startOver).not.toHaveBeenCalled();
  });

  it("shows the server's field errors until the next submit, and its reasons in a dialog", async () => {
    const send = vi.fn().mockRejectedValueOnce(refusal(422, { errors: { email: ['Taken'] } }));
    send.mockRejectedValueOnce(refusal(409, { message: 'Key already activated' }));
    const { hook } = run({ form: keyAssignment as FormFile, send });
    act(() => hook.result.current.submit({ email: 'a@example.com' }));
    await act(async () => hook.result.current.confirm());
    expect(hook.result.current.extraErrors).toEqual({ email: { __errors: ['Taken'] } });
    act(() => hook.result.current.submit({ email: 'b@example.com' }));
    expect(hook.result.current.extraErrors).toBeUndefined();
    await act(async () => hook.result.current.confirm());
    expect(dialogs.showError).toHaveBeenCalledWith({ title: 'Failed key assignment', message: 'Key already activated' });
  });

  it('reset (Cancel) clears the server’s messages and starts over', async () => {
    const { hook, startOver } = run({
      form: keyAssignment as FormFile,
      send: vi.fn().mockRejectedValue(refusal(422, { errors: { email: ['Taken'] } })),
    });
    act(() => hook.result.current.submit({}));
    await act(async () => hook.result.current.confirm());
    expect(hook.result.current.extraErrors).toBeDefined();
    act(() => hook.result.current.reset());
    expect(hook.result.current.extraErrors).toBeUndefined();
    expect(startOver).toHaveBeenCalledTimes(1);
  });
});
