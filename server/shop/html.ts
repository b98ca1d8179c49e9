/**
 * Small server-rendered pages (sandbox payment, demo outbox). They run under the site's CSP: no
 * scripts at all; styles in one <style> element (style-src allows 'unsafe-inline'). Every value is
 * escaped with `escapeHtml` (domain/html.ts).
 */
import { escapeHtml } from '../../domain/html';

/** A tagged template that escapes every interpolated value, except those already rendered with it (SafeHtml). */
export class SafeHtml {
  constructor(readonly html: string) {}
  toString(): string {
    return this.html;
  }
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0];
  values.forEach((value, i) => {
    const rendered = Array.isArray(value)
      ? value.map((v) => (v instanceof SafeHtml ? v.html : escapeHtml(v))).join('')
      : value instanceof SafeHtml
        ? value.html
        : escapeHtml(value);
    out += rendered + strings[i + 1];
  });
  return new SafeHtml(out);
}

const STYLE = `
  :root { color-scheme: light; --primary: #258bf5; --primary-dark: #0b5cad; --ink: #1f2d3d; --muted: #5b6b7b; --line: #d6dee8; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f3f6fa; line-height: 1.5; }
  header { background: var(--primary-dark); color: #fff; padding: 12px 24px; }
  header p { margin: 0; font-weight: 600; }
  main { max-width: 640px; margin: 32px auto; padding: 0 16px; }
  .card { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 24px; margin-bottom: 16px; }
  h1 { font-size: 1.6rem; margin: 0 0 16px; }
  h2 { font-size: 1.15rem; margin: 0 0 8px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 8px 16px; margin: 0 0 24px; }
  dt { color: var(--muted); }
  dd { margin: 0; font-weight: 600; }
  .amount { white-space: nowrap; }
  .actions { display: flex; gap: 12px; flex-wrap: wrap; }
  .actions form { margin: 0; }
  button, .button { font: inherit; font-weight: 600; border-radius: 4px; padding: 10px 24px; cursor: pointer; border: 2px solid var(--primary-dark); text-decoration: none; display: inline-block; }
  .pay { background: var(--primary-dark); color: #fff; }
  .cancel { background: #fff; color: var(--primary-dark); }
  button:focus-visible, a:focus-visible { outline: 3px solid #000; outline-offset: 2px; }
  .note { color: var(--muted); font-size: 0.9rem; margin: 16px 0 0; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f7f9fc; border: 1px solid var(--line); border-radius: 4px; padding: 12px; margin: 8px 0 0; font-size: 0.9rem; }
  .meta { color: var(--muted); margin: 0; }
`;

/** A whole page: lang, title, a banner with the brand, and the content in <main>. */
export function page(options: { title: string; brand: string; content: SafeHtml }): string {
  return `<!doctype html>${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${options.title}</title>
<style>${new SafeHtml(STYLE)}</style>
</head>
<body>
<header><p>${options.brand}</p></header>
<main>
${options.content}
</main>
</body>
</html>
`}`;
}
