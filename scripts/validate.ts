/**
 * `npm run validate`: the QA gate for all JSON of the project (pages.config.json, forms/*.json and
 * the schemas they rely on). Prints every problem as `file:line:column  /pointer  message` (or as
 * GitHub annotations with `--format github`), then a summary; exits 1 on any problem.
 *
 *   tsx scripts/validate.ts [--root <dir>] [--format text|github]
 */
import path from 'node:path';
import { formatDiagnostic, formatSummary, type OutputFormat } from './lib/diagnostics';
import { checkProject } from './lib/validate-project';

function parseArgs(argv: string[]): { root: string; format: OutputFormat } {
  let root = process.cwd();
  let format: OutputFormat = 'text';
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--root') root = path.resolve(value() ?? '.');
    else if (flag === '--format') {
      const wanted = value();
      if (wanted !== 'text' && wanted !== 'github') throw new Error(`--format must be 'text' or 'github', not '${wanted}'`);
      format = wanted;
    } else throw new Error(`unknown argument '${argv[i]}' (usage: validate [--root <dir>] [--format text|github])`);
  }
  return { root, format };
}

try {
  const { root, format } = parseArgs(process.argv.slice(2));
  const { diagnostics, filesChecked } = checkProject(root);
  const lines = diagnostics.map((d) => formatDiagnostic(d, format));
  lines.push(formatSummary(diagnostics, filesChecked));
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exitCode = diagnostics.length > 0 ? 1 : 0;
} catch (error) {
  process.stderr.write(`validate: ${(error as Error).message}\n`);
  process.exitCode = 2;
}
