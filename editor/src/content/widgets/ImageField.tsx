import { Button, Field, Input, Label, makeStyles, mergeClasses, shorthands, Spinner, Text, tokens } from '@fluentui/react-components';
import { Delete20Regular, ImageAdd20Regular, ImageMultiple20Regular } from '@fluentui/react-icons';
import { getUiOptions, type FieldProps } from '@rjsf/utils';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useEditorHost } from '../../core/host';
import WORDS from '../../messages.json';
import { LibraryDialog } from './LibraryDialog';
import { IMAGE_ACCEPT, type UploadResult } from '../../core/upload';

/** The image field's words (editor/src/messages.json). */
const T = WORDS.imageField;

/** The image object of content items (`background_image`): its URL and, where the schema has it, its alt text. */
export type ContentImage = { main?: string; alt?: string; [key: string]: unknown };

/** The alt text's message when the image carries meaning and the text is missing. */
export const ALT_REQUIRED_MESSAGE = WORDS.imageField.altRequired;

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalS, marginBottom: tokens.spacingVerticalM },
  zone: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingVerticalM,
    border: `2px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    flexWrap: 'wrap',
  },
  over: { ...shorthands.borderColor(tokens.colorCompoundBrandStroke), backgroundColor: tokens.colorBrandBackground2 },
  preview: {
    width: '160px',
    height: '100px',
    objectFit: 'contain',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusSmall,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
  error: { color: tokens.colorPaletteRedForeground1 },
  hidden: { display: 'none' },
});

/** The file a drop carries, if any. */
function droppedFile(event: DragEvent): File | undefined {
  return event.dataTransfer?.files?.[0];
}

/**
 * rjsf field for an image object `{ main, alt? }`: the current image, a drop zone and a "Choose an
 * image" button that store the file through the editor's media endpoint and set `main` to its URL,
 * the endpoint's refusal in its own words at the field, an alt-text input once there is an image (when the schema has `alt`;
 * required when the uiSchema option `altRequired` says the image carries meaning) and "Remove image".
 * A host with a library (the studio) offers "Upload an image" and "Choose from the library" instead,
 * and shows images where its `imageSrc` says.
 * Options: `upload` (a function replacing the host's, for tests); else the host's (host.ts).
 */
export function ImageField({
  schema,
  uiSchema,
  formData,
  fieldPathId,
  name,
  required,
  disabled,
  readonly,
  rawErrors,
  errorSchema,
  onChange,
}: FieldProps<ContentImage>) {
  const styles = useStyles();
  const options = getUiOptions(uiSchema);
  const host = useEditorHost();
  const upload = (typeof options.upload === 'function' ? options.upload : host.upload) as (file: File) => Promise<UploadResult>;
  const altRequired = options.altRequired === true;
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const hasAlt = 'alt' in properties;
  const id = fieldPathId.$id;
  const labelId = `${id}-label`;
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();
  const [choosing, setChoosing] = useState(false);
  const locked = disabled || readonly || busy;
  const value = formData ?? {};
  const url = typeof value.main === 'string' ? value.main : '';
  const alt = typeof value.alt === 'string' ? value.alt : '';
  const title = typeof options.title === 'string' ? options.title : (schema.title ?? name);

  const set = (next: ContentImage | undefined) => onChange(next, fieldPathId.path);

  const take = async (file: File | undefined) => {
    if (!file || locked) return;
    setMessage(undefined);
    setBusy(true);
    const result = await upload(file);
    setBusy(false);
    if (!result.ok) {
      setMessage(result.message);
      return;
    }
    set({ ...value, main: result.image.url });
  };

  // The alt text's own message shows at the alt input, not twice.
  const mainErrors = [...(rawErrors ?? []), ...((errorSchema?.main?.__errors as string[] | undefined) ?? [])].filter(
    (error) => error !== ALT_REQUIRED_MESSAGE,
  );
  const altErrors = (errorSchema?.alt?.__errors as string[] | undefined) ?? [];
  const altMessage = altErrors[0] ?? (altRequired && url && !alt.trim() ? ALT_REQUIRED_MESSAGE : undefined);

  return (
    <div className={styles.root} role="group" aria-labelledby={labelId}>
      <Label id={labelId} required={required} weight="semibold">
        {title}
      </Label>
      <div
        className={mergeClasses(styles.zone, over && styles.over)}
        onDragOver={(event) => {
          if (locked) return;
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          void take(droppedFile(event));
        }}
        data-testid={`${id}-dropzone`}
      >
        {url ? <img src={host.imageSrc?.(url) ?? url} alt={alt || T.current} className={styles.preview} /> : <Text>{T.none}</Text>}
        <div className={styles.actions}>
          <Button icon={<ImageAdd20Regular />} disabled={locked} onClick={() => input.current?.click()} aria-describedby={hintId}>
            {host.library ? WORDS.imageLibrary.upload : url ? T.replace : T.choose}
          </Button>
          {host.library && (
            <Button icon={<ImageMultiple20Regular />} disabled={locked} onClick={() => setChoosing(true)}>
              {WORDS.imageLibrary.choose}
            </Button>
          )}
          {url && (
            <Button icon={<Delete20Regular />} appearance="subtle" disabled={locked} onClick={() => set(undefined)}>
              {T.remove}
            </Button>
          )}
          {busy && <Spinner size="tiny" label={T.uploading} />}
        </div>
        <Text id={hintId} size={200}>
          {T.hint}
        </Text>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept={IMAGE_ACCEPT}
          className={styles.hidden}
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            void take(file);
          }}
        />
      </div>
      {host.library && (
        <LibraryDialog
          open={choosing}
          load={host.library}
          src={host.imageSrc ?? ((image) => image)}
          onPick={(image) => {
            setChoosing(false);
            setMessage(undefined);
            set({ ...value, main: image.url });
          }}
          onClose={() => setChoosing(false)}
        />
      )}
      {message && (
        <Text role="alert" className={styles.error}>
          {message}
        </Text>
      )}
      {mainErrors.length > 0 && !message && <Text className={styles.error}>{mainErrors[0]}</Text>}
      {hasAlt && url && (
        <Field
          label={T.alt}
          required={altRequired}
          validationMessage={altMessage}
          hint={altRequired ? T.altHintRequired : T.altHintDecoration}
        >
          <Input
            id={`${id}_alt`}
            value={alt}
            maxLength={300}
            disabled={disabled || readonly}
            onChange={(_, data) => {
              const next: ContentImage = { ...value };
              if (data.value) next.alt = data.value;
              else delete next.alt;
              set(next);
            }}
          />
        </Field>
      )}
    </div>
  );
}
