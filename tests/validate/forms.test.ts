import { afterAll, describe, expect, it } from 'vitest';
import { validateProject } from '../../scripts/lib/validate-project';
import { makeProject, positionOf, removeProjects } from './helpers';

afterAll(removeProjects);

const FORM = 'forms/contact.json';
const lines = (root: string) => validateProject(root).map((d) => `${d.file} ${d.pointer} ${d.message}`);

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
      p.replace(FORM, success, '"success": { "title": "Thank you!", "message": "Sent.", "link": { "label": "Back to shop", "href": "/shop" }, "persistent": true }'),
    );
    expect(lines(ok)).toEqual([]);
    const root = makeProject((p) =>
      p.replace(FORM, success, '"success": { "title": "Thank you!", "message": "Sent.", "link": { "label": "Back to shop", "href": "/shpo" }, "persistent": "yes" }'),
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
    const root = makeProject((p) => p.replace(FORM, '"required": { "name": "This field is required", "email": "This field is required" }', '"required": "This field is required"'));
    expect(validateProject(root)).toEqual([]);
  });

  it('reports unknown keywords and formats in a form schema', () => {
    const root = makeProject((p) => {
      p.replace(FORM, '"format": "email"', '"format": "emial"');
      p.replace(FORM, '"name": { "type": "string", "title": "Name" }', '"name": { "type": "string", "title": "Name", "maxlength": 40 }');
    });
    expect(lines(root)).toEqual([
      `${FORM} /schema/properties/name/maxlength unknown keyword 'maxlength' — did you mean 'maxLength'?`,
      `${FORM} /schema/properties/email/format unknown format 'emial' — did you mean 'email'?`,
    ]);
  });

  it('reports a $ref that resolves nowhere', () => {
    const root = makeProject((p) => p.replace(FORM, '"city": { "type": "string" }', '"city": { "$ref": "#/definitions/City" }'));
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

  it('reports two forms with the same key', () => {
    const root = makeProject((p) => p.write('forms/quote.json', p.read(FORM)));
    expect(lines(root)).toEqual(["forms/quote.json /key form key 'contact-us' is also the key of forms/contact.json"]);
  });
});
