import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkImports } from './lib/import-check';

/** `npm run lint:imports`: the import boundaries of the design (scripts/lib/import-rules.ts). */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { files, problems } = await checkImports(root);
for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(`\n${problems.length} import problem(s) in ${files} files`);
  process.exit(1);
}
console.log(`imports follow the boundaries (${files} files)`);
