import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEXT_KINDS } from '../../scripts/lib/ajv-keywords';
import { checkPatterns, patternIssue, shortAttack } from '../../scripts/lib/pattern-safety';
import { validateProject } from '../../scripts/lib/validate-project';
import { makeProject, positionOf, REPO, removeProjects } from './helpers';

afterAll(removeProjects);

const FORM = 'forms/contact.json';
const BANNER = 'src/blocks/banner/schema.json';
/** The e-mail pattern the forms used until issue 12: 'a@' + 30,000 dots + '@' held the event loop 1.5 s. */
const OLD_EMAIL = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
const NEW_EMAIL = '^[^\\s@]+@[^\\s@.]+(?:\\.[^\\s@.]+)+$';
/** What the gate says about a super-linear pattern: its complexity and recheck's attack string, shortened. */
const SUPER_LINEAR =
  /^pattern takes super-linear time \((2nd degree polynomial|exponential)\) on an attack string like '.*' \+ '.*'\.repeat\(\d+\)( \+ '.*')?: rewrite it so that each character can be matched in one way only \(recheck\)$/;

/** The fixture's name field with a pattern (as JSON text: backslashes doubled). */
const withNamePattern = (pattern: string) =>
  makeProject((p) =>
    p.replace(FORM, '"title": "Name", "maxLength": 100', `"title": "Name", "maxLength": 100, "pattern": ${JSON.stringify(pattern)}`),
  );

describe('the gate against super-linear patterns (recheck)', () => {
  it('refuses the old e-mail pattern in a form, at the pattern, with the attack string', () => {
    const root = withNamePattern(OLD_EMAIL);
    const found = validateProject(root);
    expect(found).toHaveLength(1);
    const [d] = found;
    expect(d).toMatchObject({
      file: FORM,
      ...positionOf(root, FORM, JSON.stringify(OLD_EMAIL)),
      pointer: '/schema/properties/name/pattern',
    });
    expect(d.message).toMatch(SUPER_LINEAR);
    expect(d.message).toContain('(2nd degree polynomial)');
    // recheck's attack: '@' + '.'-led pumps + '@' (the quadratic split of the domain).
    expect(d.message).toMatch(/'[^']*@[^']*' \+ '\.[^']*'\.repeat\(\d+\) \+ '[^']*@[^']*'/);
  });

  it('prints it as file:line:column  pointer  message through npm run validate', () => {
    const root = withNamePattern(OLD_EMAIL);
    const at = positionOf(root, FORM, JSON.stringify(OLD_EMAIL));
    const result = spawnSync(path.join(REPO, 'node_modules/.bin/tsx'), [path.join(REPO, 'scripts/validate.ts'), '--root', root], {
      encoding: 'utf8',
      cwd: REPO,
    });
    const [line, summary] = result.stdout.trimEnd().split('\n');
    expect(
      line.startsWith(
        `${FORM}:${at.line}:${at.column}  /schema/properties/name/pattern  pattern takes super-linear time (2nd degree polynomial)`,
      ),
    ).toBe(true);
    expect(summary).toBe('✖ 1 error in 1 file');
    expect(result.status).toBe(1);
  });

  it('accepts the linear e-mail pattern the forms use now', () => {
    expect(validateProject(withNamePattern(NEW_EMAIL))).toEqual([]);
  });

  it('checks the schemas too: block props and patternProperties keys', () => {
    const root = makeProject((p) => {
      p.replace(
        BANNER,
        '"title": { "type": "string", "minLength": 1 }',
        '"title": { "type": "string", "minLength": 1, "pattern": "^([A-Za-z]+)+$" }',
      );
      p.replace(
        BANNER,
        '"additionalProperties": false,',
        '"additionalProperties": false,\n  "patternProperties": { "^(x|x)*y$": { "type": "string" } },',
      );
    });
    const found = validateProject(root);
    expect(found.map((d) => [d.file, d.pointer])).toEqual([
      [BANNER, '/patternProperties/^(x|x)*y$'],
      [BANNER, '/properties/title/pattern'],
    ]);
    expect(found[0]).toMatchObject(positionOf(root, BANNER, '"^(x|x)*y$"'));
    expect(found[1]).toMatchObject(positionOf(root, BANNER, '"^([A-Za-z]+)+$"'));
    expect(found[1].message).toMatch(SUPER_LINEAR);
    expect(found[1].message).toContain('(exponential)');
  });

  it('finds the real project clean: every pattern of forms/ and schemas/ is linear', () => {
    expect(validateProject(REPO)).toEqual([]);
  });

  it('keeps verdicts by pattern source in node_modules/.cache/recheck', () => {
    const verdicts = checkPatterns([OLD_EMAIL, NEW_EMAIL]);
    expect(verdicts.get(OLD_EMAIL)?.status).toBe('vulnerable');
    expect(verdicts.get(NEW_EMAIL)).toEqual({ status: 'safe' });
    const cache = JSON.parse(readFileSync(path.join(REPO, 'node_modules/.cache/recheck/verdicts.json'), 'utf8')) as {
      verdicts: Record<string, unknown>;
    };
    expect(cache.verdicts[`u/${NEW_EMAIL}`]).toEqual({ status: 'safe' });
    expect(cache.verdicts[`u/${OLD_EMAIL}`]).toMatchObject({ status: 'vulnerable', complexity: '2nd degree polynomial' });
  });

  it('finds the control-character checks of x-text linear', () => {
    for (const [kind, verdict] of checkPatterns(Object.values(TEXT_KINDS))) expect(verdict, kind).toEqual({ status: 'safe' });
  });

  it('reports a pattern recheck cannot decide, and shortens long attack strings', () => {
    expect(patternIssue({ pointer: '/pattern', source: 'x', at: 'value' }, { status: 'unknown', reason: 'timeout' })).toEqual({
      pointer: '/pattern',
      at: 'value',
      message: 'pattern could not be proven to run in linear time (recheck: timeout)',
    });
    expect(shortAttack(`'${'ab'.repeat(20)}' + 'a'.repeat(31) + '!'`)).toBe(`'${'ab'.repeat(12)}…' + 'a'.repeat(31) + '!'`);
  });
});
