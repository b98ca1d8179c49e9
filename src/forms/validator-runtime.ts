import * as equal from 'ajv/dist/runtime/equal';
import * as parseJson from 'ajv/dist/runtime/parseJson';
import * as quote from 'ajv/dist/runtime/quote';
import * as timestamp from 'ajv/dist/runtime/timestamp';
import * as ucs2length from 'ajv/dist/runtime/ucs2length';
import * as uri from 'ajv/dist/runtime/uri';
import * as validationError from 'ajv/dist/runtime/validation_error';
import * as formats from 'ajv-formats/dist/formats';

/**
 * Every runtime helper a precompiled validator may import (ALLOWED_REQUIRE of
 * scripts/lib/generate/validators.ts), by its module name. A validator the server compiles for a
 * content release's form (server/forms/release-forms.ts) imports this chunk by its built URL and
 * reads its helpers from this map: the browser runs it without anything compiled in the page.
 * The build emits it as a chunk of its own (definitions.ts imports it on demand).
 */
export const modules: Record<string, unknown> = {
  'ajv/dist/runtime/equal': equal,
  'ajv/dist/runtime/parseJson': parseJson,
  'ajv/dist/runtime/quote': quote,
  'ajv/dist/runtime/timestamp': timestamp,
  'ajv/dist/runtime/ucs2length': ucs2length,
  'ajv/dist/runtime/uri': uri,
  'ajv/dist/runtime/validation_error': validationError,
  'ajv-formats/dist/formats': formats,
};
