import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Renders HTML from the content service after sanitising it (scripts, handlers and the like removed). */
export function RichText({ html, className }: { html: string | null | undefined; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html ?? '', { USE_PROFILES: { html: true } }), [html]);
  return <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: clean }} />;
}
