import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { refusesControlCharacters } from '../../scripts/lib/form-text';
import { validateProject } from '../../scripts/lib/validate-project';
import { makeProject, positionOf, removeProjects } from './helpers';

afterAll(removeProjects);

const FORM = 'forms/contact.json';
const p = (root: string) => readFileSync(path.join(root, FORM), 'utf8');
const lines = (root: string) => validateProject(root).map((d) => `${d.file} ${d.pointer} ${d.message}`);
const NO_MAX_LENGTH = 'text field has no maxLength: give it the bound of what it holds (e.g. 100 for a name, 254 for an e-mail)';
const CONTROL_CHARACTERS =
  'text field accepts control characters: add "x-text": "single-line" ("multi-line" for a textarea) or a pattern that refuses them';
const NAME =
  '"name": { "type": "string", "title": "Name", "maxLength": 100, "x-text": "single-line", "errorMessage": "Enter a name of at most 100 characters" }';

describe('validateProject: forms', () => {
  it('checks a form file against schemas/form.schema.json', () => {
    const root = makeProject((p) => {
      p.replace(FORM, '"submitLabel": "Send",', '');
      p.replace(FORM, '"key": "contact-us"', '"key": "Contact Us"');
      p.replace(FORM, '"title": "Continue", ', '');
      p.replace(FORM, '"target": "form-emails/contact-us"', '"target": "form-emails/contact-us", "onDone": "close"');
    });
    expect(lines(root)).toEqual([
      `${FORM} /key must match the pattern ^[a-z0-9][a-z0-9-]*$`,
      `${FORM} /flow must have required property 'submitLabel'`,
      `${FORM} /flow/confirm must have required property 'title'`,
      `${FORM} /flow/onDone unknown property 'onDone'`,
    ]);
  });

  it("checks the success dialog's link and persistence, and that the link reaches a page", () => {
    const success = '"success": { "title": "Thank you!", "message": "You have successfully submitted your message." }';
    const ok = makeProject((p) =>
      p.replace(
        FORM,
        success,
        '"success": { "title": "Thank you!", "message": "Sent.", "link": { "label": "Back to shop", "href": "/shop" }, "persistent": true }',
      ),
    );
    expect(lines(ok)).toEqual([]);
    const root = makeProject((p) =>
      p.replace(
        FORM,
        success,
        '"success": { "title": "Thank you!", "message": "Sent.", "link": { "label": "Back to shop", "href": "/shpo" }, "persistent": "yes" }',
      ),
    );
    expect(lines(root)).toEqual([
      `${FORM} /flow/success/link/href no page serves the link '/shpo' — did you mean '/shop'?`,
      `${FORM} /flow/success/persistent must be true or false`,
    ]);
  });

  it('checks that every client-only confirmation is a field of the form, and the submit modes', () => {
    const ok = makeProject((p) => p.replace(FORM, '"key": "contact-us",', '"key": "contact-us", "clientOnly": ["wantsCall"],'));
    expect(lines(ok)).toEqual([]);
    const root = makeProject((p) => {
      p.replace(FORM, '"key": "contact-us",', '"key": "contact-us", "clientOnly": ["wantsCal", "email"],');
      p.replace(FORM, '"target": "form-emails/contact-us"', '"target": "form-emails/contact-us", "submitMode": "field"');
    });
    expect(lines(root)).toEqual([
      `${FORM} /clientOnly/0 'wantsCal' is not a field of the form — did you mean 'wantsCall'?`,
      `${FORM} /flow/submitMode must be one of: json, multipart, fields — did you mean 'fields'?`,
    ]);
  });

  it("requires the form's schema to be an object schema with properties", () => {
    const root = makeProject((p) => p.replace(FORM, '"schema": {\n    "type": "object",', '"schema": {\n    "type": "objct",'));
    expect(lines(root)).toEqual([
      `${FORM} /schema/type must be "object"`,
      `${FORM} /schema/type must be one of: array, boolean, integer, null, number, object, string — did you mean 'object'?`,
    ]);
  });

  it('reports a required field without a message at its entry in `required`', () => {
    const root = makeProject((p) => p.replace(FORM, ', "email": "This field is required" }', ' }'));
    expect(validateProject(root)).toEqual([
      {
        file: FORM,
        ...positionOf(root, FORM, '"email"]'),
        pointer: '/schema/required/1',
        message: "required field 'email' has no message (errorMessage.required.email)",
      },
    ]);
  });

  it('looks for messages of required fields inside then, allOf and nested objects', () => {
    const root = makeProject((p) => {
      p.replace(FORM, ', "errorMessage": { "required": { "company": "Company is needed for a call" } }', '');
      p.replace(FORM, ',\n        "errorMessage": { "required": { "city": "Enter a city" } }', '');
    });
    expect(lines(root)).toEqual([
      `${FORM} /schema/properties/address/required/0 required field 'city' has no message (errorMessage.required.city)`,
      `${FORM} /schema/allOf/0/then/required/0 required field 'company' has no message (errorMessage.required.company)`,
    ]);
  });

  it('accepts a single errorMessage.required text for every required field', () => {
    const root = makeProject((p) =>
      p.replace(
        FORM,
        '"required": { "name": "This field is required", "email": "This field is required" }',
        '"required": "This field is required"',
      ),
    );
    expect(validateProject(root)).toEqual([]);
  });

  it('reports unknown keywords and formats in a form schema', () => {
    const root = makeProject((p) => {
      p.replace(FORM, '"format": "email"', '"format": "emial"');
      p.replace(FORM, '"title": "Name", "maxLength": 100', '"title": "Name", "maxLength": 100, "maxlength": 40');
    });
    expect(lines(root)).toEqual([
      `${FORM} /schema/properties/name/maxlength unknown keyword 'maxlength' — did you mean 'maxLength'?`,
      // An unknown format checks nothing: the field is free text again.
      `${FORM} /schema/properties/email ${CONTROL_CHARACTERS}`,
      `${FORM} /schema/properties/email/format unknown format 'emial' — did you mean 'email'?`,
    ]);
  });

  it('reports a $ref that resolves nowhere', () => {
    const root = makeProject((p) =>
      p.replace(
        FORM,
        '"city": { "type": "string", "maxLength": 100, "x-text": "single-line", "errorMessage": "Enter a city of at most 100 characters" }',
        '"city": { "$ref": "#/definitions/City" }',
      ),
    );
    expect(lines(root)).toEqual([`${FORM} /schema/properties/address/properties/city/$ref cannot resolve $ref '#/definitions/City'`]);
  });

  it('reports uiSchema entries that name no field', () => {
    const root = makeProject((p) => {
      p.replace(FORM, '"email": { "ui:autocomplete": "email" }', '"emial": { "ui:autocomplete": "email" }');
      p.replace(FORM, '"ui:order": ["title", "name", "*"]', '"ui:order": ["title", "nmae", "*"]');
    });
    expect(lines(root)).toEqual([
      `${FORM} /uiSchema/ui:order/1 ui:order names unknown field 'nmae' — did you mean 'name'?`,
      `${FORM} /uiSchema/emial uiSchema names unknown field 'emial' — did you mean 'email'?`,
    ]);
  });

  it('refuses a ui:order that misses a field or repeats an entry (rjsf would print the schema on the page)', () => {
    const root = makeProject((p) => p.replace(FORM, '"ui:order": ["title", "name", "*"]', '"ui:order": ["title", "name", "title"]'));
    const fields = JSON.parse(p(root)) as { schema: { properties: Record<string, unknown> } };
    const rest = Object.keys(fields.schema.properties).filter((name) => name !== 'title' && name !== 'name');
    expect(rest.length).toBeGreaterThan(0);
    const diagnostics = validateProject(root);
    expect(diagnostics.map((d) => `${d.file} ${d.pointer} ${d.message}`)).toEqual([
      `${FORM} /uiSchema/ui:order ui:order misses fields ${rest.map((name) => `'${name}'`).join(', ')}: add them, or '*' for the rest`,
      `${FORM} /uiSchema/ui:order/2 ui:order: 'title' is already in ui:order`,
    ]);
    expect(diagnostics[0]).toMatchObject(positionOf(root, FORM, '["title", "name", "title"]'));
    const twice = makeProject((p) => p.replace(FORM, '"ui:order": ["title", "name", "*"]', '"ui:order": ["*", "title", "*"]'));
    expect(lines(twice)).toEqual([`${FORM} /uiSchema/ui:order/2 ui:order: '*' may appear only once`]);
  });

  it('reports a problem of a fragment once, at its line in the fragment, with the forms that use it', () => {
    const NAME_FIELD =
      '"name": { "type": "string", "title": "Name", "maxLength": 100, "x-text": "single-line", "errorMessage": "Enter a name of at most 100 characters" }';
    const FRAGMENT = 'forms/fragments/fields.json';
    const root = makeProject((p) => {
      p.write(
        FRAGMENT,
        '{\n  "name": {\n    "type": "string",\n    "title": "Name",\n    "maxLength": 100,\n    "pattern": "^[a-z]+$",\n    "x-text": "single-line"\n  }\n}\n',
      );
      p.replace(FORM, NAME_FIELD, '"name": { "$ref": "fragments/fields.json#/name" }');
      p.write('forms/quote.json', p.read(FORM).replace('"key": "contact-us"', '"key": "quote"'));
    });
    const diagnostics = validateProject(root);
    expect(diagnostics.map((d) => `${d.file} ${d.pointer} ${d.message}`)).toEqual([
      `${FRAGMENT} /name/maxLength 'maxLength' has no message (errorMessage["maxLength"]) (used by forms/contact.json, forms/quote.json)`,
      `${FRAGMENT} /name/pattern 'pattern' has no message (errorMessage["pattern"]) (used by forms/contact.json, forms/quote.json)`,
      `${FRAGMENT} /name/x-text 'x-text' has no message (errorMessage["x-text"]) (used by forms/contact.json, forms/quote.json)`,
    ]);
    expect(diagnostics[1]).toMatchObject({ ...positionOf(root, FRAGMENT, '"^[a-z]+$"') });
    const broken = makeProject((p) => p.replace(FORM, NAME_FIELD, '"name": { "$ref": "fragments/fields.json#/nmae" }'));
    expect(lines(broken)).toEqual([
      `${FORM} /schema/properties/name/$ref cannot resolve $ref 'fragments/fields.json#/nmae': no file forms/fragments/fields.json`,
    ]);
  });

  it('expands the default required message of `messages` into the fields that state none', () => {
    const root = makeProject((p) => {
      p.write('forms/fragments/messages.json', '{ "required": "This field is required" }\n');
      p.replace(FORM, '"key": "contact-us",', '"key": "contact-us", "messages": { "$ref": "fragments/messages.json" },');
      p.replace(FORM, '"required": { "name": "This field is required", "email": "This field is required" },', '');
    });
    expect(lines(root)).toEqual([]);
    const without = makeProject((p) =>
      p.replace(FORM, '"required": { "name": "This field is required", "email": "This field is required" },', ''),
    );
    expect(lines(without).length).toBe(2);
  });

  it('reports two forms with the same key', () => {
    const root = makeProject((p) => p.write('forms/quote.json', p.read(FORM)));
    expect(lines(root)).toEqual(["forms/quote.json /key form key 'contact-us' is also the key of forms/contact.json"]);
  });

  it('refuses a form file whose name is not lowercase letters, digits and hyphens', () => {
    const root = makeProject((p) => p.write('forms/Call_Back.json', p.read(FORM).replace('"key": "contact-us"', '"key": "call-back"')));
    expect(lines(root)).toEqual([
      "forms/Call_Back.json  form name 'Call_Back' must be lowercase letters, digits and hyphens, at most 64: rename the file",
    ]);
  });
});

describe('validateProject: text fields of forms (maxLength, control characters)', () => {
  it('refuses a string field without maxLength, at the field, with its pointer', () => {
    const root = makeProject((p) =>
      p.replace(FORM, NAME, '"name": { "type": "string", "title": "Name", "x-text": "single-line", "errorMessage": "Enter a name" }'),
    );
    expect(validateProject(root)).toEqual([
      { file: FORM, ...positionOf(root, FORM, '"name": {'), pointer: '/schema/properties/name', message: NO_MAX_LENGTH },
    ]);
  });

  it('needs no maxLength for a choice, a fixed value, a date or a pattern of bounded length', () => {
    const root = makeProject((p) => {
      p.replace(
        FORM,
        '"Mr."] }',
        '"Mr."] },\n      "code": { "type": "string", "pattern": "^[0-9]{4}(-[A-Z]{2})?$", "errorMessage": "Four digits" },\n      "day": { "type": "string", "format": "date" },\n      "kind": { "type": "string", "const": "person" }',
      );
    });
    expect(validateProject(root)).toEqual([]);
  });

  it('bounds a field equal to another (`const` with $data) like any text', () => {
    const root = makeProject((p) =>
      p.replace(FORM, '"Mr."] }', '"Mr."] },\n      "confirm": { "type": "string", "format": "email", "const": { "$data": "1/email" } }'),
    );
    expect(lines(root)).toEqual([`${FORM} /schema/properties/confirm ${NO_MAX_LENGTH}`]);
  });

  it('refuses free text that accepts control characters, unless x-text, a format or the pattern refuses them', () => {
    const root = makeProject((p) => {
      p.replace(
        FORM,
        '"maxLength": 100, "x-text": "single-line", "errorMessage": "Enter a name',
        '"maxLength": 100, "errorMessage": "Enter a name',
      );
      p.replace(
        FORM,
        '"Mr."] }',
        '"Mr."] },\n      "digits": { "type": "string", "maxLength": 11, "pattern": "^[0-9]*$", "errorMessage": "Digits" },\n      "mail": { "type": "string", "maxLength": 254, "pattern": "^[^\\\\s@]+@[^\\\\s@.]+(?:\\\\.[^\\\\s@.]+)+$", "errorMessage": "E-mail" }',
      );
    });
    // The digits pattern refuses control characters; the e-mail pattern's negated classes do not.
    expect(validateProject(root)).toEqual([
      { file: FORM, ...positionOf(root, FORM, '"mail"'), pointer: '/schema/properties/mail', message: CONTROL_CHARACTERS },
      { file: FORM, ...positionOf(root, FORM, '"name": {'), pointer: '/schema/properties/name', message: CONTROL_CHARACTERS },
    ]);
  });

  it('keeps multi-line text for textareas', () => {
    const multi = (p: { replace(file: string, from: string, to: string): void }) =>
      p.replace(FORM, '"x-text": "single-line", "errorMessage": "Enter a name', '"x-text": "multi-line", "errorMessage": "Enter a name');
    const root = makeProject(multi);
    expect(validateProject(root)).toEqual([
      {
        file: FORM,
        ...positionOf(root, FORM, '"multi-line"'),
        pointer: '/schema/properties/name/x-text',
        message: 'only a textarea takes multi-line text: use "single-line"',
      },
    ]);
    const textarea = makeProject((p) => {
      multi(p);
      p.replace(
        FORM,
        '"email": { "ui:autocomplete": "email" }',
        '"email": { "ui:autocomplete": "email" },\n    "name": { "ui:widget": "textarea" }',
      );
    });
    expect(validateProject(textarea)).toEqual([]);
  });

  it("refuses an unknown x-text value, and maxLength, pattern or x-text without the form's message", () => {
    const root = makeProject((p) => {
      p.replace(FORM, '"x-text": "single-line", "errorMessage": "Enter a name of at most 100 characters" }', '"x-text": "one-line" }');
      p.replace(
        FORM,
        '"x-text": "single-line", "errorMessage": "Enter a company of at most 200 characters" }',
        '"x-text": "single-line", "pattern": "^[A-Z]" }',
      );
    });
    expect(lines(root)).toEqual([
      `${FORM} /schema/properties/name schema does not compile: keyword "x-text" value is invalid at path "#/properties/name": data must be equal to one of the allowed values`,
      `${FORM} /schema/properties/name/maxLength 'maxLength' has no message (errorMessage["maxLength"])`,
      `${FORM} /schema/properties/name/x-text 'x-text' has no message (errorMessage["x-text"])`,
      `${FORM} /schema/properties/company/maxLength 'maxLength' has no message (errorMessage["maxLength"])`,
      `${FORM} /schema/properties/company/x-text 'x-text' has no message (errorMessage["x-text"])`,
      `${FORM} /schema/properties/company/pattern 'pattern' has no message (errorMessage["pattern"])`,
    ]);
  });
});

describe('refusesControlCharacters', () => {
  it('proves anchored patterns of printable characters, and nothing looser', () => {
    const proven = [
      '^[0-9]*$',
      '^(0[1-9]|1[0-2])/(0[1-9]|[12][0-9]|3[01])/[0-9]{4}$',
      '^[ -~]*$',
      '^[a-z0-9][a-z0-9-]*$',
      '^\\w+(\\.\\w+)*$',
      '^[\\--~]+$',
    ];
    const notProven = [
      '^[^\\s@]+@[^\\s@.]+(?:\\.[^\\s@.]+)+$', // negated classes admit control characters
      '^.*$',
      '^a|b$', // 'b$' is not anchored at the start
      '^[a-z]+', // not anchored at the end
      '^[~-\u00a1]*$', // printable ends, but the range spans DEL and C1
      '^[\\b]$', // a backspace
      '^\\s*$',
      '^\\u0041$',
      '^\\p{L}+$',
      '^a\\$',
    ];
    for (const source of proven) expect(refusesControlCharacters(source), source).toBe(true);
    for (const source of notProven) expect(refusesControlCharacters(source), source).toBe(false);
  });
});

describe("validateProject: e-mail (a form's recipients, the e-mail texts)", () => {
  const MAIL = '"mail": { "to": ["hello@example.com"], "subject": "Contact form", "replyTo": "email" }';

  it('requires the recipients of a form sent to form-emails/<key>, as plain addresses, and a Reply-To that is a field', () => {
    const missing = makeProject((p) => p.replace(FORM, `,\n  ${MAIL}`, ''));
    expect(lines(missing)).toEqual([
      `${FORM}  a form sent to form-emails/<key> must name its recipients: add "mail": { "to": ["..."], "subject": "..." }`,
    ]);
    const wrong = makeProject((p) =>
      p.replace(FORM, MAIL, '"mail": { "to": ["Staff <hello@example.com>", "a@b"], "subject": "Line\\nBcc: x@y.z", "replyTo": "emial" }'),
    );
    expect(lines(wrong)).toEqual([
      `${FORM} /mail/to/0 must be a plain e-mail address such as hello@example.com`,
      `${FORM} /mail/to/1 must be a plain e-mail address such as hello@example.com`,
      `${FORM} /mail/subject must be one line without control characters`,
      `${FORM} /mail/replyTo 'emial' is not a field of the form — did you mean 'email'?`,
    ]);
    // A form that sends nothing needs no recipients.
    const inert = makeProject((p) => {
      p.replace(FORM, `,\n  ${MAIL}`, '');
      p.replace(FORM, '"target": "form-emails/contact-us"', '"target": null');
    });
    expect(lines(inert)).toEqual([]);
  });

  it('checks the e-mail texts of pages.config.json: only their own placeholders, a logo mail clients show', () => {
    const root = makeProject((p) => {
      p.replace('pages.config.json', '"subject": "Your {product} access keys"', '"subject": "Your {prodcut} keys for {name}"');
      p.replace('pages.config.json', '"logo": "/logo.png"', '"logo": "/logo.svg"');
    });
    expect(lines(root)).toEqual([
      'pages.config.json /emails/logo must be a site path of a .png, .jpg or .gif image (mail clients do not show SVG)',
      'pages.config.json /emails/keys/subject may use only the placeholders {product}, {order}',
    ]);
    const none = makeProject((p) => p.replace('pages.config.json', '"emails": {', '"emails_": {'));
    expect(lines(none).some((line) => line.includes("must have required property 'emails'"))).toBe(true);
  });
});
