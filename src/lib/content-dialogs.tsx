import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { RouteParams } from './route-params';
import type { ContentDialogSpec } from './types';

// Fluent's dialog, the sanitiser and the content load the first time a dialog opens.
const ContentDialog = lazy(() => import('./ContentDialog'));

/** A button that opens a content dialog; focus returns to the button when the dialog closes. */
export function ContentDialogButton({
  spec,
  params,
  closeLabel,
  className,
}: {
  spec: ContentDialogSpec;
  params: RouteParams;
  closeLabel: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Focus back on the button once the dialog has closed (Fluent does this only for a DialogTrigger,
  // or with its focus-restore hooks, which would bring the focus library into every page).
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const timer = setTimeout(() => button.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [open]);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        ref={button}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {spec.label}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <ContentDialog spec={spec} params={params} open={open} closeLabel={closeLabel} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
