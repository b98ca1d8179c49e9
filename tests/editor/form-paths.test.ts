import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formTitle, formUses, formUseWords } from '../../editor/src/core/form-paths';
import type { BlockMeta, PagesConfigValue } from '../../editor/src/core/types';

const config = JSON.parse(readFileSync('pages.config.json', 'utf8')) as PagesConfigValue;
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as BlockMeta['schema'];
const blocks: BlockMeta[] = ['form', 'multiAssignment'].map((type) => ({ type, schema: read(`src/blocks/${type}/schema.json`) }));

describe('the Forms list in words', () => {
  it("names a form by its file's name in words", () => {
    expect(formTitle('forms/apply-now.json')).toBe('Apply now');
    expect(formTitle('forms/contact.json')).toBe('Contact');
  });

  it('says which pages show each form, presets and block defaults applied', () => {
    const uses = formUses(config, blocks);
    expect(formUseWords(uses.get('forms/contact.json'))).toBe('On Contact');
    // The key assignment block's card form is its schema's default; a preset names the other one.
    expect(formUseWords(uses.get('forms/member-card.json'))).toBe(
      'On Key assignment single, Key assignment family, Key assignment family plus',
    );
    expect(uses.get('forms/key-assignment.json')?.length).toBeGreaterThan(0);
  });

  it('says so when no page shows a form', () => {
    const page = { name: 'Home', path: '/', sections: [{ type: 'form', props: { form: 'contact' } }] };
    const uses = formUses({ ...config, presets: {}, pages: [page, { ...page, name: 'Home2' }] } as PagesConfigValue, blocks);
    expect(formUseWords(uses.get('forms/contact.json'))).toBe('On Home, Home2');
    expect(formUseWords(uses.get('forms/quote.json'))).toBe("Not in a page's sections");
    expect(formUses(undefined, blocks).size).toBe(0);
  });
});
