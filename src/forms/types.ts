/** Types that a module and the part it loads lazily both use (kept here so neither imports the other). */

/** The confirmation dialog (ConfirmDialog.tsx, drawn by ConfirmDialogSurface.tsx). */
export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  busy?: boolean;
  onYes: () => void;
  onNo: () => void;
}
