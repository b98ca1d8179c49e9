import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleForm } from '../../domain/form-bundle';
import { generate } from '../../scripts/lib/generate/run';
import { readJson } from '../../scripts/lib/json-file';
import config from '../../pages.config.json';

const ROOT = path.resolve(__dirname, '../..');
const DIR = path.join(ROOT, 'src/generated/form-files');
type Json = Record<string, any>;

const formNames = readdirSync(path.join(ROOT, 'forms'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => path.basename(f, '.json'));
const resolved = (name: string) => JSON.parse(readFileSync(path.join(DIR, `${name}.json`), 'utf8')) as Json;
/** forms/<name>.json with its fragments resolved and default messages expanded (what generate fills in). */
const source = (name: string) => bundleForm(`forms/${name}.json`, (file) => readJson(ROOT, file)).data as Json;

/** The source-of-information options, with the product's name. */
const SOURCES = ['Colleague', 'Company', `${config.site.product.name} Employee`, 'Newsletter', 'Search Engine', 'Social Media'];

/** The options of the billing form's source: the schema's enum, or the select's ui:options choices (merchant form). */
function sourceOptions(form: Json): string[] {
  const choices = form.uiSchema?.source?.['ui:options']?.choices as { value: string }[] | undefined;
  return choices ? choices.map((choice) => choice.value) : (form.schema.properties.source.enum as string[]);
}

beforeAll(() => generate(ROOT));

describe('the form files the site and the server run (src/generated/form-files)', () => {
  it('exist for every form of forms/, with no {product} or {short} left', () => {
    expect(readdirSync(DIR).sort()).toEqual(formNames.map((name) => `${name}.json`).sort());
    for (const name of formNames) expect(JSON.stringify(resolved(name)), name).not.toMatch(/\{(product|short)\}/);
  });

  it.each(['billing', 'billing-promo', 'billing-merchant', 'billing-reseller'])(
    "%s: the source options follow the product name setting ('{product} Employee' in the form file)",
    (name) => {
      expect(sourceOptions(source(name))).toContain('{product} Employee');
      expect(sourceOptions(resolved(name))).toEqual(SOURCES);
    },
  );

  it('are the bundled form files otherwise unchanged (but for $schema and formatVersion, which are for editors, and mail, for the server)', () => {
    for (const name of formNames) {
      const { $schema: _ignored, formatVersion: _version, mail: _server, ...rest } = source(name);
      const text = JSON.stringify(rest).replaceAll('{product}', config.site.product.name).replaceAll('{short}', config.site.product.short);
      expect(resolved(name), name).toEqual(JSON.parse(text));
    }
  });
});
