import { Suspense, useState } from 'react';
import { lazyCode } from '../lib/lazy-code';
import type { ConfirmDialogProps } from './types';

const surface = lazyCode(() => import('./ConfirmDialogSurface'));
const ConfirmDialogSurface = surface.Component;

/** Starts fetching the dialog's code (a form calls it when the visitor first focuses it); a failure is left to the lazy load. */
export const preloadConfirmDialog: () => void = surface.prefetch;

/**
 * The confirm step of the form flow: the form's own question with Yes and No.
 *
 * Mounted on first open, not before: a mounted Fluent `Dialog`, even a closed one, starts tabster's
 * modalizer, which puts two focusable `aria-hidden` sentinels (`data-tabster-dummy`) around the whole
 * page, and accessibility checks (Lighthouse, axe's aria-hidden-focus) flag them on every form page.
 * Once opened it stays mounted: unmounting it on close left the page `aria-hidden` (end-to-end tests).
 * Fluent's Dialog (and its focus manager) is a chunk of its own, fetched when the visitor first
 * focuses the form (preloadConfirmDialog) or at the latest when the question is asked: a form page
 * does not download it on its first visit.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogSurface {...props} />
    </Suspense>
  );
}
