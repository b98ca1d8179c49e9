import { DELETE, setIn } from './patch-write';
import type { FormContext, FormFile } from './types';

/** The changes of the form's flow texts and e-mail settings (immer recipes on the form file). */

/** A text of the flow, e.g. ['confirm', 'title'] or ['submitLabel']. */
export function setFlowText(draft: FormFile, path: readonly string[], text: string, ctx: FormContext): void {
  setIn(draft, ['flow', ...path], text, ctx);
}

/** Adds or removes the flow's confirm or success dialog (with texts to edit). */
export function setDialog(draft: FormFile, dialog: 'confirm' | 'success', on: boolean, ctx: FormContext): void {
  const texts =
    dialog === 'confirm'
      ? { title: 'Confirm', message: 'Would you like to send this form?' }
      : { title: 'Thank you!', message: 'Your message has been sent.' };
  setIn(draft, ['flow', dialog], on ? texts : DELETE, ctx);
}

/** The mail recipients (mail.to). */
export function setMailTo(draft: FormFile, to: string[], ctx: FormContext): void {
  setIn(draft, ['mail', 'to'], to, ctx);
}

export function setMailSubject(draft: FormFile, subject: string, ctx: FormContext): void {
  setIn(draft, ['mail', 'subject'], subject, ctx);
}
