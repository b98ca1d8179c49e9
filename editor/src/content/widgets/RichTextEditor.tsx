import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  shorthands,
  Toolbar,
  ToolbarButton,
  ToolbarDivider,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import {
  ArrowRedo20Regular,
  ArrowUndo20Regular,
  Image20Regular,
  Link20Regular,
  TextBold20Regular,
  TextBulletList20Regular,
  TextItalic20Regular,
  TextNumberListLtr20Regular,
  TextQuote20Regular,
} from '@fluentui/react-icons';
import { useEffect, useId, useRef, useState, type ReactElement } from 'react';
import { hrefKind } from '../../../../src/lib/href';
import { sanitizeRichText } from '../../../../src/lib/RichText';
import { cleanRichText, toEditorHtml } from './rich-text-html';
import { useEditorHost } from '../../core/host';
import { IMAGE_ACCEPT, type UploadResult } from '../../core/upload';

export type RichTextEditorProps = {
  /** The id of the editable area (rjsf's field id, so that its label points at it). */
  id: string;
  /** The id of the visible label that names the editable area. */
  labelId: string;
  /** HTML, or plain text with paragraphs separated by blank lines. */
  value: unknown;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** The stored HTML after every change: already reduced to what the site keeps ('' when empty). */
  onChange: (html: string) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  /** Stores a picked image (the media endpoint); tests pass their own. */
  upload?: (file: File) => Promise<UploadResult>;
};

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

const useStyles = makeStyles({
  box: {
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderBottomColor: tokens.colorNeutralStrokeAccessible,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus-within': { borderBottomColor: tokens.colorCompoundBrandStroke, outline: `1px solid ${tokens.colorCompoundBrandStroke}` },
  },
  invalid: { ...shorthands.borderColor(tokens.colorPaletteRedBorder2) },
  toolbar: {
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    flexWrap: 'wrap',
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalXS}`,
  },
  heading: { fontWeight: tokens.fontWeightSemibold, minWidth: '32px' },
  content: {
    '& .ProseMirror': {
      minHeight: '160px',
      maxHeight: '480px',
      overflowY: 'auto',
      padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
      fontFamily: tokens.fontFamilyBase,
      fontSize: tokens.fontSizeBase300,
      lineHeight: tokens.lineHeightBase300,
      outline: 'none',
    },
    '& .ProseMirror p': { margin: `0 0 ${tokens.spacingVerticalS}` },
    '& .ProseMirror img': { maxWidth: '100%', height: 'auto' },
    '& .ProseMirror img.ProseMirror-selectednode': { outline: `2px solid ${tokens.colorCompoundBrandStroke}` },
    '& .ProseMirror a': { color: tokens.colorBrandForegroundLink },
    '& .ProseMirror blockquote': {
      borderLeft: `3px solid ${tokens.colorNeutralStroke1}`,
      margin: '0',
      paddingLeft: tokens.spacingHorizontalM,
    },
  },
  error: { color: tokens.colorPaletteRedForeground1 },
});

type Active = {
  bold: boolean;
  italic: boolean;
  h2: boolean;
  h3: boolean;
  bullet: boolean;
  ordered: boolean;
  quote: boolean;
  link: boolean;
  canUndo: boolean;
  canRedo: boolean;
};

function activeState(editor: Editor | null): Active {
  const is = (name: string, attributes?: Record<string, unknown>) => editor?.isActive(name, attributes) ?? false;
  return {
    bold: is('bold'),
    italic: is('italic'),
    h2: is('heading', { level: 2 }),
    h3: is('heading', { level: 3 }),
    bullet: is('bulletList'),
    ordered: is('orderedList'),
    quote: is('blockquote'),
    link: is('link'),
    canUndo: editor?.can().undo() ?? false,
    canRedo: editor?.can().redo() ?? false,
  };
}

/** A toolbar button: its name is what a screen reader says, its tooltip adds the shortcut. */
function Tool({
  label,
  shortcut,
  icon,
  text,
  pressed,
  disabled,
  onClick,
  className,
}: {
  label: string;
  shortcut?: string;
  icon?: ReactElement;
  text?: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  className?: string;
}) {
  return (
    <Tooltip content={shortcut ? `${label} (${shortcut})` : label} relationship="description" withArrow>
      <ToolbarButton
        aria-label={label}
        aria-pressed={pressed}
        appearance={pressed ? 'primary' : 'subtle'}
        icon={icon}
        disabled={disabled}
        onClick={onClick}
        className={className}
      >
        {text}
      </ToolbarButton>
    </Tooltip>
  );
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const mod = isMac ? '⌘' : 'Ctrl';

/** A link's address: one the site makes a link of (hrefKind), or a plain-words reason. */
export function checkLinkAddress(address: string): string | undefined {
  const trimmed = address.trim();
  if (!trimmed) return 'Enter the address the link goes to.';
  if (trimmed.length > 2000) return 'Use an address of at most 2000 characters.';
  if (hrefKind(trimmed) === null)
    return 'Use a web address (https://…), a page of this site (/shop), an anchor (#promo), an e-mail (mailto:…) or a phone number (tel:…).';
  return undefined;
}

function LinkDialog({
  open,
  initial,
  onDone,
  onRemove,
}: {
  open: boolean;
  initial: string;
  onDone: (address: string | null) => void;
  onRemove?: () => void;
}) {
  const [address, setAddress] = useState(initial);
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (open) {
      setAddress(initial);
      setError(undefined);
    }
  }, [open, initial]);
  const submit = () => {
    const problem = checkLinkAddress(address);
    if (problem) setError(problem);
    else onDone(address.trim());
  };
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onDone(null)}>
      <DialogSurface>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <DialogBody>
            <DialogTitle>Link</DialogTitle>
            <DialogContent>
              <Field
                label="Address"
                required
                validationMessage={error}
                hint="For example https://example.com, /shop or mailto:help@example.com"
              >
                <Input value={address} onChange={(_, data) => setAddress(data.value)} />
              </Field>
            </DialogContent>
            <DialogActions>
              {onRemove && (
                <Button appearance="subtle" onClick={onRemove}>
                  Remove link
                </Button>
              )}
              <Button appearance="secondary" onClick={() => onDone(null)}>
                Cancel
              </Button>
              <Button appearance="primary" type="submit">
                Set link
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

function ImageDialog({
  open,
  upload,
  onDone,
}: {
  open: boolean;
  upload: (file: File) => Promise<UploadResult>;
  onDone: (image: { src: string; alt: string; width?: number; height?: number } | null) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [fileError, setFileError] = useState<string>();
  const [altError, setAltError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setFile(null);
      setAlt('');
      setFileError(undefined);
      setAltError(undefined);
      setBusy(false);
    }
  }, [open]);
  const submit = async () => {
    const missingFile = file ? undefined : 'Choose an image.';
    const missingAlt = alt.trim() ? undefined : 'Describe the image for people who cannot see it.';
    setFileError(missingFile);
    setAltError(missingAlt);
    if (!file || missingAlt) return;
    setBusy(true);
    const result = await upload(file);
    setBusy(false);
    if (!result.ok) {
      setFileError(result.message);
      return;
    }
    onDone({ src: result.image.url, alt: alt.trim(), width: result.image.width, height: result.image.height });
  };
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onDone(null)}>
      <DialogSurface>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <DialogBody>
            <DialogTitle>Image</DialogTitle>
            <DialogContent style={{ display: 'grid', gap: tokens.spacingVerticalM }}>
              <Field label="Image file" required validationMessage={fileError} hint="JPEG, PNG, WebP, AVIF or SVG">
                {(fieldProps) => (
                  // A native file input: the Field's label, hint and message reach it through these props.
                  <input
                    {...fieldProps}
                    type="file"
                    accept={IMAGE_ACCEPT}
                    onChange={(event) => {
                      setFile(event.target.files?.[0] ?? null);
                      setFileError(undefined);
                    }}
                  />
                )}
              </Field>
              <Field label="Alt text" required validationMessage={altError} hint="What the image shows, read to people who cannot see it">
                <Input value={alt} maxLength={300} onChange={(_, data) => setAlt(data.value)} />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => onDone(null)}>
                Cancel
              </Button>
              <Button appearance="primary" type="submit" disabled={busy}>
                {busy ? 'Uploading…' : 'Insert image'}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * The rich-text editor (TipTap) with its toolbar. Every change is reported at once (no debounce),
 * already reduced by the site's sanitiser to what the site keeps; a value set from outside (the
 * editor's Ctrl+Z, which the app takes before TipTap sees it, or a file changed on disk) replaces the
 * content without reporting a change. The toolbar's Undo and Redo step through TipTap's history of
 * this text, and each of their steps is a change like any other.
 */
export default function RichTextEditor({
  id,
  labelId,
  value,
  disabled,
  invalid,
  describedBy,
  onChange,
  onBlur,
  onFocus,
  upload: ownUpload,
}: RichTextEditorProps) {
  const styles = useStyles();
  const host = useEditorHost();
  const upload = ownUpload ?? host.upload;
  const toolbarId = useId();
  const latest = useRef({ onChange, onBlur, onFocus });
  latest.current = { onChange, onBlur, onFocus };
  // The HTML last reported or received: a value equal to it is the editor's own, not a change from outside.
  const known = useRef<string>(typeof value === 'string' ? value : '');
  const [linkOpen, setLinkOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const openLink = useRef(() => {});
  openLink.current = () => setLinkOpen(true);

  const editor = useEditor({
    extensions: richTextExtensions(),
    // Tiptap writes its own <style> tag: a page whose CSP asks styles a nonce (the studio's) gives it.
    injectNonce: host.styleNonce,
    content: toEditorHtml(value),
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
      // Pasted HTML goes through the site's sanitiser before the editor reads it.
      transformPastedHTML: (html) => sanitizeRichText(html),
      handleKeyDown: (_view, event) => {
        if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          openLink.current();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor }) => {
      const html = cleanRichText(editor.getHTML());
      known.current = html;
      latest.current.onChange(html);
    },
    onBlur: () => latest.current.onBlur?.(),
    onFocus: () => latest.current.onFocus?.(),
  });

  useEffect(() => {
    const text = typeof value === 'string' ? value : '';
    if (text === known.current) return;
    known.current = text;
    // Not a step of the toolbar's undo: the editor's own history (Ctrl+Z) made or restored this value.
    editor.chain().setMeta('addToHistory', false).setContent(toEditorHtml(text), { emitUpdate: false }).run();
  }, [editor, value]);

  useEffect(() => {
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  const active = useEditorState({ editor, selector: ({ editor }) => activeState(editor) }) ?? activeState(null);
  const chain = () => editor.chain().focus();

  return (
    <div className={invalid ? `${styles.box} ${styles.invalid}` : styles.box}>
      <Toolbar aria-label="Formatting" aria-controls={id} id={toolbarId} size="small" className={styles.toolbar}>
        <Tool
          label="Bold"
          shortcut={`${mod}+B`}
          icon={<TextBold20Regular />}
          pressed={active.bold}
          disabled={disabled}
          onClick={() => chain().toggleBold().run()}
        />
        <Tool
          label="Italic"
          shortcut={`${mod}+I`}
          icon={<TextItalic20Regular />}
          pressed={active.italic}
          disabled={disabled}
          onClick={() => chain().toggleItalic().run()}
        />
        <ToolbarDivider />
        <Tool
          label="Heading 2"
          shortcut={`${mod}+Alt+2`}
          text="H2"
          className={styles.heading}
          pressed={active.h2}
          disabled={disabled}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        />
        <Tool
          label="Heading 3"
          shortcut={`${mod}+Alt+3`}
          text="H3"
          className={styles.heading}
          pressed={active.h3}
          disabled={disabled}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        />
        <ToolbarDivider />
        <Tool
          label="Bullet list"
          shortcut={`${mod}+Shift+8`}
          icon={<TextBulletList20Regular />}
          pressed={active.bullet}
          disabled={disabled}
          onClick={() => chain().toggleBulletList().run()}
        />
        <Tool
          label="Numbered list"
          shortcut={`${mod}+Shift+7`}
          icon={<TextNumberListLtr20Regular />}
          pressed={active.ordered}
          disabled={disabled}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <Tool
          label="Quote"
          shortcut={`${mod}+Shift+B`}
          icon={<TextQuote20Regular />}
          pressed={active.quote}
          disabled={disabled}
          onClick={() => chain().toggleBlockquote().run()}
        />
        <ToolbarDivider />
        <Tool
          label="Link"
          shortcut={`${mod}+K`}
          icon={<Link20Regular />}
          pressed={active.link}
          disabled={disabled}
          onClick={() => setLinkOpen(true)}
        />
        <Tool label="Image" icon={<Image20Regular />} disabled={disabled} onClick={() => setImageOpen(true)} />
        <ToolbarDivider />
        <Tool
          label="Undo"
          shortcut={`${mod}+Z`}
          icon={<ArrowUndo20Regular />}
          disabled={disabled || !active.canUndo}
          onClick={() => chain().undo().run()}
        />
        <Tool
          label="Redo"
          shortcut={`${mod}+Shift+Z`}
          icon={<ArrowRedo20Regular />}
          disabled={disabled || !active.canRedo}
          onClick={() => chain().redo().run()}
        />
      </Toolbar>
      <EditorContent editor={editor} className={styles.content} />
      <LinkDialog
        open={linkOpen}
        initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
        onRemove={active.link ? () => (setLinkOpen(false), chain().extendMarkRange('link').unsetLink().run()) : undefined}
        onDone={(address) => {
          setLinkOpen(false);
          if (address === null) return void editor.commands.focus();
          if (editor.state.selection.empty && !editor.isActive('link')) {
            chain()
              .insertContent({ type: 'text', text: address, marks: [{ type: 'link', attrs: { href: address } }] })
              .run();
          } else chain().extendMarkRange('link').setLink({ href: address }).run();
        }}
      />
      <ImageDialog
        open={imageOpen}
        upload={upload}
        onDone={(image) => {
          setImageOpen(false);
          if (image) chain().setImage(image).run();
          else editor.commands.focus();
        }}
      />
    </div>
  );
}
