import type { ErrorSchema } from '@rjsf/utils';
import { ApiError } from '../api/client';
import type { FormFlow } from '../generated/forms';
import { fillSiteText, site } from '../lib/site';
import { serverErrorsToErrorSchema } from './errors';

/** What a failed submission shows: messages on their fields, a dialog, or a line in the console. */
export type Failure =
  { show: 'fields'; errors: ErrorSchema } | { show: 'dialog'; title: string; message: string } | { show: 'console'; text: string };

/** The site's text for a submission that was not saved (logged, not shown). */
export function failedText(): string {
  return fillSiteText(site.forms?.failed ?? 'Sorry, there was a problem saving your transaction.');
}

/**
 * What a failed send shows, the first that applies:
 * 1. a 422 reply with field errors: each message on its field;
 * 2. a form with a failureTitle, and a refusal (4xx) in which the server said why (e.g. a key
 *    already activated): the form's own failure dialog with the server's message;
 * 3. a refusal the visitor can act on, with the server's message: fix (422), wait (429) or try
 *    later (507: the storage for uploads is full): the site's error dialog;
 * 4. anything else (no reply, a server fault): the site's failure text in the console.
 */
export function failureOf(error: unknown, flow: Pick<FormFlow, 'failureTitle'>): Failure {
  if (!(error instanceof ApiError)) return { show: 'console', text: failedText() };
  const body = error.body as { errors?: Record<string, string[]> } | null;
  if (error.status === 422 && body?.errors) return { show: 'fields', errors: serverErrorsToErrorSchema(body.errors) };
  const message = error.serverMessage;
  if (flow.failureTitle && error.status >= 400 && error.status < 500 && message) {
    return { show: 'dialog', title: fillSiteText(flow.failureTitle), message };
  }
  if ([422, 429, 507].includes(error.status) && message) {
    return { show: 'dialog', title: fillSiteText(site.forms?.errorTitle ?? 'Sorry'), message };
  }
  return { show: 'console', text: failedText() };
}
