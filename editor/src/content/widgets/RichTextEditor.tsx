import { makeStyles, shorthands, tokens } from '@fluentui/react-components';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { useEffect, useId, useRef, useState } from 'react';
import { sanitizeRichText } from '../../../../src/lib/RichText';
import { useEditorHost } from '../../core/host';
import type { UploadResult } from '../../core/upload';
import { ImageDialog } from './ImageDialog';
import { LinkDialog } from './LinkDialog';
import { richTextExtensions } from './rich-text-extensions';
import { cleanRichText, toEditorHtml } from './rich-text-html';
import { RichTextToolbar } from './RichTextToolbar';

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

const useStyles = makeStyles({
  box: {
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderBottomColor: tokens.colorNeutralStrokeAccessible,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus-within': { borderBottomColor: tokens.colorCompoundBrandStroke, outline: `1px solid ${tokens.colorCompoundBrandStroke}` },
  },
  invalid: { ...shorthands.borderColor(tokens.colorPaletteRedBorder2) },
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

  const linked = useEditorState({ editor, selector: ({ editor }) => editor.isActive('link') });
  const chain = () => editor.chain().focus();

  return (
    <div className={invalid ? `${styles.box} ${styles.invalid}` : styles.box}>
      <RichTextToolbar
        editor={editor}
        id={toolbarId}
        controls={id}
        disabled={disabled}
        onLink={() => setLinkOpen(true)}
        onImage={() => setImageOpen(true)}
      />
      <EditorContent editor={editor} className={styles.content} />
      <LinkDialog
        open={linkOpen}
        initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
        onRemove={linked ? () => (setLinkOpen(false), chain().extendMarkRange('link').unsetLink().run()) : undefined}
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
