import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { generate as totpCode } from 'otplib';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, demoEmail } from '../../server/studio/demo.ts';
import type { Role } from '../../server/studio/rights.ts';

/**
 * A studio publish from outside the server, as a person's browser makes it: a content repository for
 * the git record (a bare remote and a clone of it), a signed-in studio session that saves a draft and
 * publishes it through the editor API, and the public price a visitor sees. Used by
 * tests/scale/studio-publish.spec.ts and `npm run bench:publish`.
 */

export const SHOP_PLANS = 'content/shop-plans.json';
/** The pages' layouts, a release's file too. */
export const LAYOUT = 'pages.config.json';
type Layout = { pages: Array<{ path: string; sections: Array<{ type: string; props?: Record<string, unknown> }> }> };

/** Runs git in `dir` as a test user, without signing (local paths only: nothing to prompt for); returns its output. */
export const git = (dir: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@localhost', '-c', 'commit.gpgsign=false', ...args], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/**
 * A bare repository `remote.git` in `dir` holding the project's content files (content/media
 * aside) in one commit on main, and its clone `record`: CONTENT_GIT_REMOTE and CONTENT_GIT_DIR.
 */
export function contentRepos(root: string, dir: string): { remote: string; clone: string } {
  const remote = path.join(dir, 'remote.git');
  mkdirSync(remote, { recursive: true });
  git(remote, 'init', '--quiet', '--bare', '-b', 'main');
  const clone = path.join(dir, 'record');
  git(dir, 'clone', '--quiet', remote, clone);
  const media = path.join(root, 'content', 'media');
  cpSync(path.join(root, 'content'), path.join(clone, 'content'), { recursive: true, filter: (src) => !src.startsWith(media) });
  git(clone, 'checkout', '--quiet', '-B', 'main');
  git(clone, 'add', '-A');
  git(clone, 'commit', '--quiet', '-m', 'The content');
  git(clone, 'push', '--quiet', 'origin', 'main');
  return { remote, clone };
}

/** The commits of a branch, newest first. */
export const commitCount = (repo: string, ref = 'main'): number => Number(git(repo, 'rev-list', '--count', ref).trim());

interface ProjectView {
  release: number;
  files: Record<string, { value: unknown; hash: string }>;
}

/** A signed-in studio session (the cookie) that calls the editor API with the studio's Origin and CSRF header. */
export class StudioSession {
  private constructor(
    readonly studio: string,
    private readonly cookie: string,
  ) {}

  /** Signs in as the demo account of `role` with its password and the current TOTP code. */
  static async signIn(studio: string, role: Role = 'editor', now = Date.now()): Promise<StudioSession> {
    const answer = await fetch(`${studio}/api/studio/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: studio, 'x-studio-csrf': '1' },
      body: JSON.stringify({
        email: demoEmail(role),
        password: DEMO_PASSWORD,
        code: await totpCode({ secret: DEMO_TOTP_SECRET, epoch: Math.floor(now / 1000) }),
      }),
    });
    if (!answer.ok) throw new Error(`studio sign-in: ${answer.status} ${await answer.text()}`);
    const cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0];
    return new StudioSession(studio, cookie);
  }

  async call<T>(method: string, route: string, body?: unknown): Promise<{ status: number; body: T }> {
    const answer = await fetch(`${this.studio}/api/studio/editor/${route}`, {
      method,
      headers: {
        cookie: this.cookie,
        origin: this.studio,
        'x-studio-csrf': '1',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: answer.status, body: (await answer.json()) as T };
  }

  /** Saves into the draft the shop plans with `plan`'s price changed; returns the release the draft is on. */
  savePrice(plan: string, price: number): Promise<number> {
    return this.saveEdit(SHOP_PLANS, (value) => {
      const item = (value as { items: Array<{ name: string; price: number }> }).items.find((entry) => entry.name === plan);
      if (!item) throw new Error(`no plan '${plan}' in ${SHOP_PLANS}`);
      item.price = price;
    });
  }

  /** Saves into the draft the title of the first `type` section of the page at `path` (pages.config.json); returns the draft's release. */
  saveSectionTitle(pagePath: string, type: string, title: string): Promise<number> {
    return this.saveEdit(LAYOUT, (value) => {
      const page = (value as Layout).pages.find((entry) => entry.path === pagePath);
      const section = page?.sections.find((entry) => entry.type === type);
      if (!section) throw new Error(`no ${type} section on ${pagePath} in ${LAYOUT}`);
      section.props = { ...section.props, title };
    });
  }

  /** Saves into the draft `file` as the editor sees it with `edit` made; returns the release the draft is on. */
  private async saveEdit(file: string, edit: (value: unknown) => void): Promise<number> {
    const { body: project } = await this.call<ProjectView>('GET', 'project');
    const value = structuredClone(project.files[file].value);
    edit(value);
    const saved = await this.call('POST', 'save', { files: { [file]: { value, baseHash: project.files[file].hash } } });
    if (saved.status !== 200) throw new Error(`save: ${saved.status} ${JSON.stringify(saved.body)}`);
    return project.release;
  }

  /** Publishes the draft made from `baseRelease`: the answer and when it came (performance.now()). */
  async publish(baseRelease: number) {
    const started = performance.now();
    const answer = await this.call<{ release?: number; message?: string }>('POST', 'publish', { baseRelease });
    return { ...answer, started, answered: performance.now() };
  }
}

/** The price of a plan as the site's API answers it at `base`. */
export async function apiPrice(base: string, plan: string): Promise<number | undefined> {
  const answer = await fetch(`${base}/api/v1/shop-plans`, { headers: { accept: 'application/json' } });
  const { data } = (await answer.json()) as { data: Array<{ name: string; price: number }> };
  return data.find((entry) => entry.name === plan)?.price;
}

/** Whether the public /shop page at `base` shows `price` (written with thousands separators, as the page does). */
export async function shopShows(base: string, price: number): Promise<boolean> {
  const answer = await fetch(`${base}/shop`, { headers: { accept: 'text/html' } });
  return (await answer.text()).includes(price.toLocaleString('en-US'));
}

/** Polls `check` every 20 ms until it holds; the ms it took after `since` (performance.now()), or undefined past `ms`. */
export async function msUntil(check: () => Promise<boolean>, since: number, ms = 10_000): Promise<number | undefined> {
  while (performance.now() - since < ms) {
    if (await check().catch(() => false)) return performance.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

/** Whether the public page at `url` shows `text`. */
export async function pageShows(url: string, text: string): Promise<boolean> {
  const answer = await fetch(url, { headers: { accept: 'text/html' } });
  return (await answer.text()).includes(text);
}
