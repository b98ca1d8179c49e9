import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');

/** The rules ESLint (eslint.config.js) reports for `code` as the file `file`. */
async function rulesFor(code: string, file: string): Promise<(string | null)[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.map((message) => message.ruleId);
}

const SUPPRESSED = `
import { useEffect } from 'react';
export function useProbe(value: number) {
  useEffect(() => {
    console.log(value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the value says when
  }, []);
}
`;

describe('no suppressed hook dependencies (eslint.config.js)', () => {
  it.each(['editor/src/core/use-probe.ts', 'editor/src/pages/Probe.tsx', 'studio/src/content/Probe.tsx', 'src/lib/use-probe.ts'])(
    'refuses turning exhaustive-deps off in %s',
    async (file) => {
      expect(await rulesFor(SUPPRESSED, file)).toContain('eslint-comments/no-restricted-disable');
    },
  );

  it('reports a missing dependency of a hook in a .ts file', async () => {
    const missing = SUPPRESSED.replace(/^\s*\/\/ eslint-disable.*$/m, '');
    expect(await rulesFor(missing, 'editor/src/core/use-probe.ts')).toEqual(['react-hooks/exhaustive-deps']);
  });
});
