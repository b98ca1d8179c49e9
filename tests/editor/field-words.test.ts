import { describe, expect, it } from 'vitest';
import { fieldLabel, fieldWords, problemPlace } from '../../editor/src/core/field-words';
import { itemLabel } from '../../editor/src/core/content-model';
import { withoutDescriptions } from '../../editor/src/content/ItemForm';
import type { ContentMeta } from '../../editor/src/core/types';

/** Content fields and problems in an editor's words: labels and help of messages.json, places without paths. */
describe('content fields in words', () => {
  const promos: ContentMeta = {
    file: 'content/demo/promos.json',
    resource: 'promos',
    kind: 'promo-code',
    name: 'Promo codes (demo)',
    group: 'Demo partners and codes',
    schema: { title: 'PromoCode', type: 'object', properties: { name: { type: 'string' }, valid_end: { type: 'string' } } },
    labelField: 'name',
  };
  const context = {
    content: [promos],
    files: {
      'content/demo/promos.json': {
        items: [
          { id: 1, name: 'Welcome offer' },
          { id: 2, name: '{product} friends' },
        ],
      },
      'pages.config.json': { site: { product: { name: 'Bantay Doc', short: 'bantaydoc' } }, pages: [{ name: 'AboutUs', path: '/about' }] },
    },
  };

  it('labels an article’s body “Article text” and gives help only from the editor’s words', () => {
    expect(fieldLabel('Article', 'description')).toBe('Article text');
    expect(fieldLabel('Article', 'post_date')).toBe('Publication date');
    expect(fieldLabel('Job', 'description')).toBe('Description');
    expect(fieldWords('Article').id?.help).toMatch(/^Given by the editor/);
    expect(fieldWords('Job').title).toBeUndefined();
  });

  it('drops the schema’s developer descriptions at every depth, keeping a property named description', () => {
    const schema = {
      type: 'object',
      description: 'A media article.',
      properties: {
        id: { type: 'integer', description: 'Record id.' },
        description: { type: 'string', description: 'Article body as HTML (sanitize before rendering).' },
        image: { type: 'object', properties: { main: { type: 'string', description: 'Image URL' } } },
      },
    };
    expect(withoutDescriptions(schema)).toEqual({
      type: 'object',
      properties: {
        id: { type: 'integer' },
        description: { type: 'string' },
        image: { type: 'object', properties: { main: { type: 'string' } } },
      },
    });
  });

  it('names a problem’s place by the content’s name, the item’s title and the field’s label, never a path or a line', () => {
    expect(problemPlace({ file: 'content/demo/promos.json', pointer: '/items/0/valid_end' }, context)).toBe(
      'Promo codes (demo) › Welcome offer › Valid end',
    );
    expect(problemPlace({ file: 'content/demo/promos.json', pointer: '/items/1' }, context)).toBe(
      'Promo codes (demo) › Bantay Doc friends',
    );
    expect(problemPlace({ file: 'pages.config.json', pointer: '/pages/0/title' }, context)).toBe('Pages › About us');
    expect(problemPlace({ file: 'forms/contact.json', pointer: '/schema' }, context)).toBe('Form: Contact');
  });

  it('fills the product’s names into an item’s label as the site does', () => {
    expect(itemLabel(promos, { id: 2, name: 'Why {product}? ({short})' }, { product: 'Bantay Doc', short: 'bantaydoc' })).toBe(
      'Why Bantay Doc? (bantaydoc)',
    );
    expect(itemLabel(promos, { id: 2, name: 'Why {product}?' })).toBe('Why {product}?');
  });
});
