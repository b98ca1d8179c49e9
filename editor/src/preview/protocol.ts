import type { PageValue } from '../core/types';

/** The messages between the editor and its preview frame (editor/preview.html), same origin. */

/** Editor -> preview: render this page (presets resolved, unsaved edits in) at this address. */
export interface RenderMessage {
  type: 'render';
  page: PageValue;
  /** The address the page is rendered at: its path with sample params. */
  url: string;
  selected: number | null;
  /** Each section's name as the editor shows it (the selected box's label); its block type when absent. */
  labels?: string[];
}

/** Editor -> preview: the selected section changed (scrolled into view and outlined). */
export interface SelectMessage {
  type: 'select';
  index: number | null;
}

/** Editor -> preview: the preview's API has new unsaved content: every request is made again. */
export interface ContentMessage {
  type: 'content';
}

export type ToPreview = RenderMessage | SelectMessage | ContentMessage;

/** Preview -> editor: the frame is ready for a page; a section was clicked; a section failed to render. */
export type FromPreview = { type: 'ready' } | { type: 'select'; index: number } | { type: 'error'; message: string };

export function isFromPreview(data: unknown): data is FromPreview {
  const type = (data as { type?: unknown } | null)?.type;
  return type === 'ready' || type === 'select' || type === 'error';
}

export function isToPreview(data: unknown): data is ToPreview {
  const type = (data as { type?: unknown } | null)?.type;
  return type === 'render' || type === 'select' || type === 'content';
}
