import { describe, expect, it } from 'vitest';
import { studioEditorApi } from '../../studio/src/content/editor-host';

describe("the studio's editor API", () => {
  it('sends unsaved content, pages.config.json and form files to the preview, not fragments or other files', () => {
    const api = studioEditorApi(() => undefined);
    const previews = api.previewsFile!;
    expect(['content/articles.json', 'content/demo/promos.json', 'pages.config.json', 'forms/contact.json'].map(previews)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['forms/fragments/email.json', 'schemas/form.schema.json'].map(previews)).toEqual([false, false]);
  });
});
