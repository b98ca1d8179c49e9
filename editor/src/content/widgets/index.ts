import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { DateTimeWidget } from './DateTimeWidget';
import { DateWidget } from './DateWidget';
import { ImageField } from './ImageField';
import { PesoWidget } from './PesoWidget';
import { RichTextWidget } from './RichTextWidget';
import { FIELD, WIDGET } from './ui-schema';

/** The content widgets by the names `contentUiSchema` gives them: `<Form widgets={contentWidgets} …>`. */
export const contentWidgets: RegistryWidgetsType = {
  [WIDGET.richText]: RichTextWidget,
  [WIDGET.date]: DateWidget,
  [WIDGET.dateTime]: DateTimeWidget,
  [WIDGET.peso]: PesoWidget,
};

/** The content fields by name: `<Form fields={contentFields} …>`. */
export const contentFields: RegistryFieldsType = {
  [FIELD.image]: ImageField,
};

export { contentUiSchema, validateImageAlt, RICH_TEXT_FIELDS, ALT_REQUIRED, type ContentSchema } from './ui-schema';
export { ALT_REQUIRED_MESSAGE, type ContentImage } from './ImageField';
export { uploadImage, IMAGE_TYPES, type UploadResult, type UploadedImage } from '../../core/upload';
