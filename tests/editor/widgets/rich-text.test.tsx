// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ComponentProps } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { Editor } from '@tiptap/react';
import type { WidgetProps } from '@rjsf/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RichTextEditor from '../../../editor/src/content/widgets/RichTextEditor';
import { checkLinkAddress } from '../../../editor/src/content/widgets/LinkDialog';
import { richTextExtensions } from '../../../editor/src/content/widgets/rich-text-extensions';
import { RichTextWidget } from '../../../editor/src/content/widgets/RichTextWidget';
import { cleanRichText, toEditorHtml } from '../../../editor/src/content/widgets/rich-text-html';
import { RICH_TEXT_ALLOWLIST, sanitizeRichText } from '../../../src/lib/RichText';

// The project root (vitest runs there; under jsdom import.meta.url is no file URL).
const REPO = process.cwd();
const articles = (
  JSON.parse(readFileSync(path.join(REPO, 'content/articles.json'), 'utf8')) as { items: { id: number; description: string }[] }
).items;

afterEach(cleanup);

// jsdom has no ClipboardEvent, which ProseMirror's pasteHTML creates; a paste event carrying no clipboard is enough.
globalThis.ClipboardEvent ??= class extends Event {
  clipboardData = null;
} as unknown as typeof ClipboardEvent;
// jsdom lays nothing out; ProseMirror asks for rectangles when it scrolls the selection into view.
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
document.elementFromPoint ??= () => null;

/** The editor's pipeline without React: what the editor makes of HTML, as it would store it. */
function throughEditor(html: string): string {
  const element = document.createElement('div');
  const editor = new Editor({ element, extensions: richTextExtensions(), content: toEditorHtml(html) });
  const out = cleanRichText(editor.getHTML());
  editor.destroy();
  return out;
}

/** Every element and attribute of some HTML, checked against the site's allowlist. */
function outsideAllowlist(html: string): string[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  const found: string[] = [];
  for (const element of template.content.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    const allowed = RICH_TEXT_ALLOWLIST[tag];
    if (!allowed) found.push(tag);
    for (const attribute of element.attributes) if (!allowed?.includes(attribute.name)) found.push(`${tag}[${attribute.name}]`);
  }
  return found;
}

/** The stored text is a fixed point of the site's sanitiser (less the target/rel the site adds when rendering). */
const siteKeeps = (html: string) => sanitizeRichText(html).replace(/ target="_blank" rel="noopener noreferrer"/g, '');

describe('the rich-text editor writes only what the site keeps', () => {
  it('keeps headings 2 to 4, lists, links and images with alt; other markup loses its tags', () => {
    const out = throughEditor(
      '<h1>Top</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5>' +
        '<ul><li>one</li></ul><ol><li>first</li></ol><blockquote><p>Said</p></blockquote>' +
        '<p><strong>b</strong> <em>i</em> <u>u</u> <code>code</code> <s>gone</s> <a href="https://example.org" target="_blank" class="x">web</a> <a href="/shop">shop</a></p>' +
        '<p><img src="/content-images/a.svg" alt="A picture" width="40" height="30" title="t"></p><hr><pre><code>x = 1</code></pre>',
    );
    expect(out).toBe(
      '<p>Top</p><h2>Two</h2><h3>Three</h3><h4>Four</h4><p>Five</p>' +
        '<ul><li>one</li></ul><ol><li>first</li></ol><blockquote><p>Said</p></blockquote>' +
        '<p><strong>b</strong> <em>i</em> <u>u</u> code gone <a href="https://example.org">web</a> <a href="/shop">shop</a></p>' +
        '<p><img src="/content-images/a.svg" alt="A picture" width="40" height="30"></p><p>x = 1</p>',
    );
    expect(outsideAllowlist(out)).toEqual([]);
    expect(siteKeeps(out)).toBe(out);
  });

  it('drops scripts, event handlers, javascript: links and style attributes', () => {
    const out = throughEditor(
      '<p style="color:red" onclick="x()">Hi <a href="javascript:alert(1)">bad</a> <a href="java\tscript:alert(1)">tab</a> <span style="font-size:40px">big</span></p>' +
        '<img src="x" onerror="alert(1)"><img src="javascript:alert(2)" alt="j"><script>alert(3)</script><style>p{}</style><iframe src="https://evil.example"></iframe>',
    );
    expect(out).not.toMatch(/script|onerror|onclick|style|iframe|javascript/i);
    expect(outsideAllowlist(out)).toEqual([]);
  });

  it('opens plain text (job and section descriptions) as paragraphs, escaped', () => {
    expect(throughEditor('Fees & costs: 1 < 2\n\nSecond')).toBe('<p>Fees &amp; costs: 1 &lt; 2</p><p>Second</p>');
  });

  it('round-trips every article of content/articles.json: what the site keeps stays, nothing is added', () => {
    for (const article of articles) {
      const kept = siteKeeps(article.description);
      expect(throughEditor(article.description), `article ${article.id}`).toBe(kept);
      expect(throughEditor(kept), `article ${article.id}, a second time`).toBe(kept);
    }
  });

  it('checks a link address by the site rule before it becomes a link', () => {
    expect(checkLinkAddress('https://example.org')).toBeUndefined();
    expect(checkLinkAddress('/shop')).toBeUndefined();
    expect(checkLinkAddress('mailto:help@example.org')).toBeUndefined();
    expect(checkLinkAddress('javascript:alert(1)')).toMatch(/web address/);
    expect(checkLinkAddress('//evil.example')).toMatch(/web address/);
    expect(checkLinkAddress(' ')).toBe('Enter the address the link goes to.');
  });
});

function renderEditor(value: string, upload?: ComponentProps<typeof RichTextEditor>['upload']) {
  const onChange = vi.fn<(html: string) => void>();
  const view = render(
    <FluentProvider theme={webLightTheme}>
      <span id="label">Body</span>
      <RichTextEditor id="body" labelId="label" value={value} onChange={onChange} upload={upload} />
    </FluentProvider>,
  );
  const box = screen.getByRole('textbox', { name: 'Body' });
  const editor = (box as HTMLElement & { editor: Editor }).editor;
  return { onChange, box, editor, view };
}

describe('RichTextEditor', () => {
  it('reports nothing on opening, even when it writes the value its own way', () => {
    const { onChange } = renderEditor('<p>a <b>bold</b> word</p>');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a pasted script, onerror and style never reach the value', () => {
    const { onChange, editor } = renderEditor('<p>Start</p>');
    act(() => {
      editor.commands.setTextSelection(editor.state.doc.content.size - 1);
      editor.view.pasteHTML(
        '<p style="color:red">pasted <b>bold</b><img src="/x.png" alt="x" onerror="alert(1)"><script>alert(2)</script> <a href="javascript:alert(3)">j</a></p>',
      );
    });
    expect(onChange).toHaveBeenCalled();
    const value = onChange.mock.lastCall![0];
    expect(value).toContain('<strong>bold</strong>');
    expect(value).not.toMatch(/script|onerror|style|javascript/i);
    expect(outsideAllowlist(value)).toEqual([]);
  });

  it('typed markup is text, not HTML', () => {
    const { onChange, editor } = renderEditor('');
    act(() => {
      editor.commands.insertContent({ type: 'text', text: '<script>alert(1)</script><img src=x onerror=alert(1)>' });
    });
    const value = onChange.mock.lastCall![0];
    expect(value).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</p>');
  });

  it('a link set with a javascript: address is refused by the editor itself', () => {
    const { editor } = renderEditor('<p>click</p>');
    act(() => {
      editor.chain().selectAll().setLink({ href: 'javascript:alert(1)' }).run();
    });
    expect(editor.getHTML()).not.toContain('javascript');
  });

  it('toolbar buttons write headings, lists and quotes; emptying gives the empty string', () => {
    const { onChange, editor } = renderEditor('<p>Title</p>');
    act(() => void editor.commands.setTextSelection(2));
    fireEvent.click(screen.getByRole('button', { name: 'Heading 2' }));
    expect(onChange.mock.lastCall![0]).toBe('<h2>Title</h2>');
    fireEvent.click(screen.getByRole('button', { name: 'Heading 3' }));
    expect(onChange.mock.lastCall![0]).toBe('<h3>Title</h3>');
    fireEvent.click(screen.getByRole('button', { name: 'Heading 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Bullet list' }));
    expect(onChange.mock.lastCall![0]).toBe('<ul><li>Title</li></ul>');
    fireEvent.click(screen.getByRole('button', { name: 'Bullet list' }));
    fireEvent.click(screen.getByRole('button', { name: 'Numbered list' }));
    expect(onChange.mock.lastCall![0]).toBe('<ol><li>Title</li></ol>');
    fireEvent.click(screen.getByRole('button', { name: 'Numbered list' }));
    fireEvent.click(screen.getByRole('button', { name: 'Quote' }));
    expect(onChange.mock.lastCall![0]).toBe('<blockquote><p>Title</p></blockquote>');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onChange.mock.lastCall![0]).toBe('<p>Title</p>');
    act(() => void editor.commands.clearContent(true));
    expect(onChange.mock.lastCall![0]).toBe('');
  });

  it('a value changed from outside replaces the content without reporting a change', () => {
    const { onChange, view, box } = renderEditor('<p>one</p>');
    view.rerender(
      <FluentProvider theme={webLightTheme}>
        <span id="label">Body</span>
        <RichTextEditor id="body" labelId="label" value="<p>two</p>" onChange={onChange} />
      </FluentProvider>,
    );
    expect(box.innerHTML).toContain('two');
    expect(onChange).not.toHaveBeenCalled();
    // It is no step of the toolbar's undo.
    expect(
      screen.getByRole('button', { name: 'Undo' }).hasAttribute('disabled') ||
        screen.getByRole('button', { name: 'Undo' }).getAttribute('aria-disabled') === 'true',
    ).toBe(true);
  });

  // Each keystroke reaches onChange in its own act (no debounce); its time is logged, not asserted:
  // performance is for benchmarks, and a loaded machine would make a timed test flaky.
  it('reports each change of a long article at once (no debounce)', () => {
    const long = articles.map((article) => article.description).join('');
    const { onChange, editor } = renderEditor(long);
    const times: number[] = [];
    for (let index = 0; index < 20; index++) {
      const start = performance.now();
      act(() => void editor.commands.insertContent('x'));
      times.push(performance.now() - start);
    }
    expect(onChange).toHaveBeenCalledTimes(20);
    times.sort((a, b) => a - b);
    const median = times[10];
    console.log(`keystroke to onChange, ${long.length} characters of HTML: median ${median.toFixed(1)} ms`);
  });
});

describe('the toolbar dialogs', () => {
  it('Image asks for a file and alt text, stores the file and inserts it with its size', async () => {
    const upload = vi.fn(async () => ({ ok: true as const, image: { url: '/content-media/ward-1a2b3c4d.png', width: 640, height: 480 } }));
    const { onChange } = renderEditor('<p>Text</p>', upload);
    fireEvent.click(screen.getByRole('button', { name: 'Image' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert image' }));
    expect(within(dialog).getByText('Choose an image.')).toBeTruthy();
    expect(within(dialog).getByText('Describe the image for people who cannot see it.')).toBeTruthy();
    const file = new File([new Uint8Array([1])], 'ward.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText(/Image file/), { target: { files: [file] } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Alt text/ }), { target: { value: 'The ward at night' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Insert image' }));
    });
    expect(upload).toHaveBeenCalledWith(file);
    expect(onChange.mock.lastCall![0]).toContain(
      '<img src="/content-media/ward-1a2b3c4d.png" alt="The ward at night" width="640" height="480">',
    );
  });

  it("Image shows the server's refusal and inserts nothing", async () => {
    const upload = vi.fn(async () => ({ ok: false as const, message: 'This SVG contains a script, so it cannot be used.' }));
    const { onChange } = renderEditor('<p>Text</p>', upload);
    fireEvent.click(screen.getByRole('button', { name: 'Image' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Image file/), {
      target: { files: [new File(['<svg/>'], 'bad.svg', { type: 'image/svg+xml' })] },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Alt text/ }), { target: { value: 'Logo' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Insert image' }));
    });
    expect(within(dialog).getByText('This SVG contains a script, so it cannot be used.')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('Link sets an address the site keeps around the selection, stored without target', async () => {
    const { onChange, editor } = renderEditor('<p>our shop</p>');
    act(() => void editor.commands.setTextSelection({ from: 5, to: 9 }));
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const dialog = await screen.findByRole('dialog');
    const address = within(dialog).getByRole('textbox', { name: /Address/ });
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set link' }));
    expect(within(dialog).getByText(/Use a web address/)).toBeTruthy();
    fireEvent.change(address, { target: { value: 'https://shop.example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set link' }));
    expect(onChange.mock.lastCall![0]).toBe('<p>our <a href="https://shop.example">shop</a></p>');
  });
});

describe('RichTextWidget', () => {
  it('loads the editor lazily under a visible label', async () => {
    const onChange = vi.fn();
    const props = {
      id: 'root_description',
      name: 'description',
      label: 'Description',
      value: '<p>Hello</p>',
      required: true,
      options: { emptyValue: undefined },
      schema: { type: 'string' },
      onChange,
      onBlur: vi.fn(),
      onFocus: vi.fn(),
      rawErrors: [],
    } as unknown as WidgetProps;
    render(
      <FluentProvider theme={webLightTheme}>
        <RichTextWidget {...props} />
      </FluentProvider>,
    );
    expect(screen.getByText('Description')).toBeTruthy();
    const box = await screen.findByRole('textbox', { name: /Description/ }, { timeout: 10_000 });
    expect(box.innerHTML).toContain('Hello');
    act(() => void (box as HTMLElement & { editor: Editor }).editor.commands.clearContent(true));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });
});
