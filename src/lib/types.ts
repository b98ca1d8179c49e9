/** Types that a module and the part it loads lazily both use (kept here so neither imports the other). */

/** The shared error and success dialogs (dialogs.tsx, drawn by SharedDialog.tsx). */
export interface MessageDialog {
  title: string;
  message: string;
}

export interface SuccessDialog extends MessageDialog {
  /** Label and target of the link back (defaults: the configured 'home' label and '/'). */
  link?: { label: string; href: string };
  /** A persistent dialog cannot be dismissed by Escape or a click outside. */
  persistent?: boolean;
  /** Called when the dialog closes, whichever way. */
  onClose?: () => void;
}

export type OpenDialog = { kind: 'error'; dialog: MessageDialog } | { kind: 'success'; dialog: SuccessDialog };

/** One dialog of content: which source, how its items read, and its texts (from the page's configuration). */
export interface ContentDialogSpec {
  /** terms: rich-text descriptions; policies: title and description; faqs: question and answer. */
  kind: 'terms' | 'policies' | 'faqs';
  /** The button's text. */
  label: string;
  title: string;
  source: string;
  /** Query of the source; ':<param>' values are route params (e.g. ':reseller_id'). */
  query?: Readonly<Record<string, string>>;
  emptyText?: string;
}
