/**
 * `npm run validate`: the QA gate for all JSON of the project. Prints every problem as
 * `file:line:column  /json/pointer  message` (GitHub annotations with `--format github`), then
 * "✔ N files valid" or "✖ N errors in M files"; exits 1 on any problem (2 on a usage error).
 *
 *   node scripts/run-script.mjs scripts/validate.ts [--root <dir>] [--format text|github] [--generate]
 *
 * `--generate` first runs `npm run generate` in the same process (its output, and exit 1 without
 * validating when it fails): `npm run validate` is that, one Node process instead of two
 * (scripts/run-script.mjs runs it without tsx; `tsx scripts/validate.ts` works as well).
 *
 * What it checks (scripts/lib/validate-project.ts; the schemas come from the root being checked):
 * - every JSON file read: syntax (with the offending character's position) and keys given twice;
 * - pages.config.json against schemas/pages.schema.json, and each section's `props` against its
 *   block's src/blocks/<type>/schema.json;
 * - cross-references: known block type, existing form (`form` prop), unique page paths (after
 *   '{short}') and names, unique section ids per page, known source (schemas/api/sources.json),
 *   x-source required/none, x-item equal to the source's item, the source's ':param's among the
 *   page's route params, query keys among the source's, redirect targets that are page paths, and
 *   in-app links (`href` starting with '/', except files and /api/) served by some page;
 * - forms/*.json against schemas/form.schema.json; the form's `schema` compiles with Ajv as rjsf and
 *   the server set it up; every `required` field has an ajv-errors message; uiSchema keys name fields;
 * - the schema files themselves: draft-07 meta-schema, unknown keywords (typos; `x-*` is free),
 *   unknown formats, unresolvable $refs; of a block schema its x-source, x-item (a resource kind) and
 *   x-skeleton, and every `default` the engine would never apply (under anyOf, oneOf, if, ...);
 * - every regular expression of the schema files and forms (`pattern`, `patternProperties` keys) runs
 *   in linear time: recheck's verdict, cached by pattern source (lib/pattern-safety.ts);
 * - every text field of a form has a bound (`maxLength`, or a choice, date or bounded pattern) and
 *   refuses control characters (`x-text` or a pattern that does), and its `maxLength`, `pattern`
 *   and `x-text` have the form's own messages (lib/form-text.ts).
 * Unknown names come with the nearest known one ("did you mean 'banner'?") when it is close.
 */
import path from 'node:path';
import { formatDiagnostic, formatSummary, type OutputFormat } from './lib/diagnostics';
import { generateAndReport } from './lib/generate/run';
import { checkProject } from './lib/validate-project';

function parseArgs(argv: string[]): { root: string; format: OutputFormat; generateFirst: boolean } {
  let root = process.cwd();
  let format: OutputFormat = 'text';
  let generateFirst = false;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--root') root = path.resolve(value() ?? '.');
    else if (flag === '--generate' && inline === undefined) generateFirst = true;
    else if (flag === '--format') {
      const wanted = value();
      if (wanted !== 'text' && wanted !== 'github') throw new Error(`--format must be 'text' or 'github', not '${wanted}'`);
      format = wanted;
    } else throw new Error(`unknown argument '${argv[i]}' (usage: validate [--root <dir>] [--format text|github] [--generate])`);
  }
  return { root, format, generateFirst };
}

try {
  const { root, format, generateFirst } = parseArgs(process.argv.slice(2));
  if (generateFirst && !(await generateAndReport(root))) process.exitCode = 1;
  else {
    const { diagnostics, filesChecked } = checkProject(root);
    const lines = diagnostics.map((d) => formatDiagnostic(d, format));
    lines.push(formatSummary(diagnostics, filesChecked));
    process.stdout.write(`${lines.join('\n')}\n`);
    process.exitCode = diagnostics.length > 0 ? 1 : 0;
  }
} catch (error) {
  process.stderr.write(`validate: ${(error as Error).message}\n`);
  process.exitCode = 2;
}
