import type { FieldView } from './form-read';
import type { Change, Diagnostic, FormContext } from './types';

export interface FieldCardProps {
  field: FieldView;
  index: number;
  count: number;
  ctx: FormContext;
  change: Change;
  problems: readonly Diagnostic[];
  expanded: boolean;
  /** Prefix of the element ids (FormEditor's useId). */
  idBase: string;
  onToggle: () => void;
  onMove: (offset: -1 | 1) => void;
  onRemove: () => void;
  /** The form's default required message (messages.required), if any. */
  defaultRequired?: string;
}

/** An element id for a field: ids may hold any character but spaces. */
export function fieldElementId(idBase: string, part: string, name: string): string {
  return `${idBase}-${part}-${encodeURIComponent(name)}`;
}

/** A value shown in a text input: a string as it is, anything else as ''. */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
