import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';
import { hrefKind } from '../../../../src/lib/href';

/**
 * The editor's schema is the site's allowlist (src/lib/RichText.tsx `RICH_TEXT_ALLOWLIST`): paragraphs,
 * line breaks, bold, italic, underline, links, bullet and numbered lists, headings 2 to 4, quotes and
 * images. Every other node and mark of the starter kit is off, so nothing else can be typed, pasted or
 * produced by a shortcut (no code, code blocks, strike-through, rules, h1/h5/h6).
 */
export function richTextExtensions() {
  return [
    StarterKit.configure({
      code: false,
      codeBlock: false,
      strike: false,
      horizontalRule: false,
      // An empty paragraph after a final list or heading would be stored: none is added.
      trailingNode: false,
      heading: { levels: [2, 3, 4] },
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'https',
        // The site's one URL rule: http(s), mailto:, tel:, site paths and anchors; nothing else becomes a link.
        isAllowedUri: (url) => hrefKind(url) !== null,
        shouldAutoLink: (url) => hrefKind(url) === 'web' || hrefKind(url) === 'contact',
        // Only href (and title) are written: the site adds target and rel when it renders a link.
        HTMLAttributes: { target: null, rel: null, class: null },
      },
    }),
    // Inline, as the site's content writes images (inside a paragraph); no data: URLs.
    Image.configure({ inline: true, allowBase64: false }),
  ];
}
