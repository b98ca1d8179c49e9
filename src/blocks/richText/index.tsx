import type { Terms } from '../../generated/api';
import { RichText } from '../../lib/RichText';
import type { BlockHooks, BlockRenderProps } from '../types';

/**
 * A section without `emptyText` is about its entry (the terms of the page's slug): an unknown slug makes
 * the page the not-found page, the one every unknown address shares, not an empty page of its own.
 */
function itemRequired(props: BlockRenderProps<'richText'>['props']): boolean {
  return !props.emptyText;
}

/** What the engine needs beside the component (BlockHooks, src/blocks/types.ts). */
export const block: BlockHooks<'richText'> = {
  itemRequired,
};

/** A title over sanitised HTML from the content service (Terms and conditions by slug). */
export default function RichTextBlock({ props, items }: BlockRenderProps<'richText', Terms>) {
  const entry = items[0];
  return (
    <section className="content-section">
      {props.title && <h1 className="section-title">{props.title}</h1>}
      {entry ? <RichText html={entry.description} /> : props.emptyText && <p>{props.emptyText}</p>}
    </section>
  );
}
