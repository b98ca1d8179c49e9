import type { ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { createContext, useContext } from 'react';
import { uploadImage, type UploadResult } from './upload';

/**
 * What differs between the two hosts of the editor's Content, Pages and Forms tabs: `npm run edit` (the
 * default) and the studio's Content, Pages and Forms screens. The components are the same; the host gives
 * how an item's or a section's form is checked in the browser and where an image goes.
 */
export interface EditorHost {
  /**
   * The item and section forms' validator. The dev editor's is Ajv, which compiles each schema into code at run
   * time; a page whose CSP forbids that (the studio's) gives one that runs no compiled code.
   */
  validator: ValidatorType;
  /** Stores an image and answers its URL, or why not in words. */
  upload: (file: File) => Promise<UploadResult>;
  /** The images an image field may choose from (the studio's media library); without it, no library is offered. */
  library?: () => Promise<LibraryImage[]>;
  /** Where the page loads an image's URL from, where it is not the URL itself (the studio's CSP). */
  imageSrc?: (url: string) => string;
  /** The nonce the page's CSP asks of a `<style>` tag (the rich-text editor writes one), where it asks one. */
  styleNonce?: string;
  /**
   * The form preview's validator, a new one for each schema, where the page may compile code
   * (`npm run edit`: Ajv, editor/src/DevFormsTab.tsx). Without it the preview runs no schema
   * (serverCheckedValidator) and shows what `checkForm` answers.
   */
  formValidator?: () => ValidatorType;
  /**
   * The form preview's check where the page runs no compiled code (the studio): the errors per field
   * ('a.b', '' for the form) that form file `file` (`value`: as the editor holds it) gives for
   * `formData`. Without it, the preview compiles the form in the browser (Ajv, `npm run edit`).
   */
  checkForm?: (file: string, value: unknown, formData: unknown) => Promise<Record<string, string[]>>;
}

/** An image of a host's library: its name and the URL content names it by. */
export interface LibraryImage {
  name: string;
  url: string;
}

/** Ajv compiles the item schemas in the browser of `npm run edit`. */
export const DEV_HOST: EditorHost = { validator: customizeValidator(), upload: (file) => uploadImage(file) };

export const HostContext = createContext<EditorHost>(DEV_HOST);

export const useEditorHost = (): EditorHost => useContext(HostContext);
