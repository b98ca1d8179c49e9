import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import config from '../../pages.config.json' with { type: 'json' };
import { sampleRoutes } from '../../scripts/lib/sample-routes';

/**
 * Valid HTML on every page: the W3C's Nu HTML checker (npm's vnu-jar, run by the machine's Java) reads
 * the served HTML of every route, and the checkout as a visitor with a plan in the cart sees it, in one
 * run of the checker. Any error fails the test, named with its page.
 */

const VNU_JAR = fileURLToPath(import.meta.resolve('vnu-jar/build/dist/vnu.jar'));

/** Every page of the config, the payment page with the other status the provider sends, and an unknown path. */
const ROUTES = [...sampleRoutes(config), '/shop/payment?status=cancelled', '/no-such-page'];

/** A message of the checker that is about the checker, not the page. */
interface CheckerGap {
  /** The message's exact text. */
  message: string;
  /** A piece of the source the message quotes, where the text alone would match more than the gap. */
  extract?: string;
  reason: string;
}

/**
 * The CSS messages left out (the checker's CSS grammar is older than what the site's CSS and Fluent UI's
 * use; browsers without a feature skip it). Only these: any other message, CSS or not, fails the test.
 */
const CHECKER_GAPS: readonly CheckerGap[] = [
  { message: 'CSS: Unrecognized at-rule “@starting-style”', reason: '@starting-style (CSS Transitions 2): the menu drawer slides in' },
  {
    message: 'CSS: “transition”: “allow-discrete” is not a “transition” value.',
    reason: 'allow-discrete (CSS Transitions 2): the menu drawer stays shown while it slides out',
  },
  {
    message: "CSS: “line-clamp”: Property “line-clamp” doesn't exist.",
    reason: "line-clamp (CSS Overflow 4) beside -webkit-line-clamp: the media cards' excerpts",
  },
  { message: "CSS: “anchor-name”: Property “anchor-name” doesn't exist.", reason: 'anchor positioning: the call menu' },
  { message: "CSS: “position-anchor”: Property “position-anchor” doesn't exist.", reason: 'anchor positioning: the call menu' },
  { message: 'CSS: “left”: “anchor(center)” is not a “left” value.', reason: 'anchor positioning: the call menu' },
  { message: 'CSS: “top”: Parse Error.', extract: 'anchor(', reason: 'anchor positioning: anchor() inside calc()' },
  {
    message: 'CSS: “width”: The types are incompatible.',
    reason: "Fluent UI's calc(16px + 2 * var(--spacing…)): the checker cannot tell the type of a var()",
  },
  {
    message: 'CSS: “height”: The types are incompatible.',
    reason: "Fluent UI's calc(16px + 2 * var(--spacing…)): the checker cannot tell the type of a var()",
  },
  {
    message: 'CSS: “height”: “max(var(--strokeWidthThick), var(--borderRadiusMedium))” is not a “height” value.',
    reason: "Fluent UI's max() of two var(): the checker cannot tell the type of a var()",
  },
];

interface VnuMessage {
  type: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/** The checker's messages (errors only) on the given files, from one start of Java. */
function runChecker(files: string[]): Promise<VnuMessage[]> {
  // C1 alone halves the checker's start-up work on a short run; its deeper stack frames need a larger
  // stack than the checker's 512 kB. Language detection gives warnings only.
  const java = ['-Xss8m', '-XX:TieredStopAtLevel=1', '-jar', VNU_JAR];
  const args = [...java, '--errors-only', '--no-langdetect', '--format', 'json', '--stdout', ...files];
  return new Promise((resolve, reject) => {
    // The checker exits with 1 when it reports an error: its report is still on stdout.
    execFile('java', args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
        reject(new Error('the Nu HTML checker needs Java 11 or later on the PATH (Debian: default-jre-headless)'));
      } else if (!stdout.trim()) {
        reject(new Error(`the Nu HTML checker gave no report: ${stderr || error?.message}`));
      } else {
        resolve((JSON.parse(stdout) as { messages: VnuMessage[] }).messages);
      }
    });
  });
}

const isGap = (m: VnuMessage) =>
  CHECKER_GAPS.some((gap) => m.message === gap.message && (gap.extract === undefined || (m.extract ?? '').includes(gap.extract)));

test('every page is valid HTML (the Nu HTML checker)', async ({ page, request }) => {
  test.setTimeout(60_000);
  const documents = new Map<string, string>();
  await Promise.all(
    ROUTES.map(async (route) => {
      const response = await request.get(route, { headers: { accept: 'text/html' } });
      expect(response.headers()['content-type'], route).toContain('text/html');
      documents.set(route, await response.text());
    }),
  );

  // The checkout's form, cart and total show only in the browser, once a plan is in the cart.
  await page.goto('/shop');
  await page.getByRole('button', { name: 'Add to cart' }).first().click();
  await page.getByRole('button', { name: /^Cart/ }).click();
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page.locator('.checkout__form').getByRole('checkbox').first()).toBeVisible();
  // Checked once every part is in, so that every run checks the same markup.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  documents.set('/shop/checkout (a plan in the cart, in the browser)', await page.content());

  const dir = await mkdtemp(path.join(tmpdir(), 'vnu-'));
  try {
    const names = [...documents.keys()];
    const files = names.map((_, i) => path.join(dir, `${i}.html`));
    await Promise.all(names.map((name, i) => writeFile(files[i], documents.get(name)!)));
    const messages = await runChecker(files);
    const pageOf = (url = '') => names[Number(/(\d+)\.html$/.exec(url)?.[1] ?? NaN)] ?? url;
    const problems = messages
      .filter((m) => !isGap(m))
      .map((m) => `${pageOf(m.url)}${m.lastLine ? ` line ${m.lastLine}` : ''}: ${m.message}${m.extract ? `  [${m.extract.trim()}]` : ''}`);
    expect(problems, problems.join('\n')).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
