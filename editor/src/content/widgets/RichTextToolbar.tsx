import { makeStyles, Toolbar, ToolbarButton, ToolbarDivider, tokens, Tooltip } from '@fluentui/react-components';
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
import { useEditorState, type Editor } from '@tiptap/react';
import type { ReactElement } from 'react';

const useStyles = makeStyles({
  toolbar: {
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    flexWrap: 'wrap',
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalXS}`,
  },
  heading: { fontWeight: tokens.fontWeightSemibold, minWidth: '32px' },
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

/** What the toolbar shows pressed or available at the selection. */
export function activeState(editor: Editor | null): Active {
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

/**
 * The rich-text editor's toolbar: marks, headings, lists and quote toggle at the selection (pressed
 * when on), link and image open their dialogs, and Undo and Redo step through TipTap's history.
 */
export function RichTextToolbar({
  editor,
  id,
  controls,
  disabled,
  onLink,
  onImage,
}: {
  editor: Editor;
  id: string;
  /** The id of the editable area the toolbar acts on. */
  controls: string;
  disabled?: boolean;
  onLink: () => void;
  onImage: () => void;
}) {
  const styles = useStyles();
  const active = useEditorState({ editor, selector: ({ editor }) => activeState(editor) }) ?? activeState(null);
  const chain = () => editor.chain().focus();
  return (
    <Toolbar aria-label="Formatting" aria-controls={controls} id={id} size="small" className={styles.toolbar}>
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
      <Tool label="Link" shortcut={`${mod}+K`} icon={<Link20Regular />} pressed={active.link} disabled={disabled} onClick={onLink} />
      <Tool label="Image" icon={<Image20Regular />} disabled={disabled} onClick={onImage} />
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
  );
}
