import type { ReactNode } from 'react';

/**
 * Stands in for markdown-to-jsx, which @rjsf/core imports for `ui:enableMarkdownInDescription`.
 * Our forms never enable markdown (their texts are plain), so descriptions render as given; the
 * alias in vite.config.ts keeps ~25 kB of compressed JS off every page with a form.
 */
export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <>{children}</>;
}
export default Markdown;
