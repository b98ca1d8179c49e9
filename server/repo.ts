import { PLAN_RESOURCES } from './content/rules';
import type { Db } from './db';

/** A stored API item: the JSON object the API returns. */
export type Item = Record<string, unknown> & { id: number };

export type Order = 'ASC' | 'DESC';

export interface ListOptions {
  /** Only items of this owner (reseller, merchant or promotion id). */
  resellerId?: number;
  /** Precedence order (then id); default ASC. */
  order?: Order;
}

export interface ArticleQuery {
  /** Calendar year of post_date (post dates are Manila dates). */
  year?: number;
  /** post_date order (then id); default DESC. */
  order?: Order;
}

interface Row {
  body: string;
}

const parse = <T>(row: Row | undefined): T | undefined => (row ? (JSON.parse(row.body) as T) : undefined);
const parseAll = <T>(rows: Row[]): T[] => rows.map((row) => JSON.parse(row.body) as T);

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The thin data-access layer over the generic content table. */
export class Repo {
  constructor(readonly db: Db) {}

  list<T = Item>(resource: string, options: ListOptions = {}): T[] {
    const dir = options.order === 'DESC' ? 'DESC' : 'ASC';
    const owner = options.resellerId !== undefined ? 'AND reseller_id = @resellerId' : '';
    const rows = this.db
      .prepare(
        `SELECT body FROM content WHERE resource = @resource ${owner}
         ORDER BY precedence IS NULL, precedence ${dir}, id ${dir}`,
      )
      .all({ resource, resellerId: options.resellerId ?? null }) as Row[];
    return parseAll<T>(rows);
  }

  get<T = Item>(resource: string, id: number): T | undefined {
    return parse<T>(this.db.prepare('SELECT body FROM content WHERE resource = ? AND id = ?').get(resource, id) as Row | undefined);
  }

  bySlug<T = Item>(resource: string, slug: string): T | undefined {
    return parse<T>(this.db.prepare('SELECT body FROM content WHERE resource = ? AND slug = ?').get(resource, slug) as Row | undefined);
  }

  /** Case-insensitive lookup on the `code` field. */
  byCode<T = Item>(resource: string, code: string, options: { resellerId?: number } = {}): T | undefined {
    const owner = options.resellerId !== undefined ? 'AND reseller_id = @resellerId' : '';
    return parse<T>(
      this.db
        .prepare(`SELECT body FROM content WHERE resource = @resource AND code = @code ${owner} ORDER BY id LIMIT 1`)
        .get({ resource, code: code.trim(), resellerId: options.resellerId ?? null }) as Row | undefined,
    );
  }

  /** A plan of any plan list, by its (globally unique) id. */
  plan<T = Item>(id: number): (T & { resource: string }) | undefined {
    const row = this.db
      .prepare(`SELECT resource, body FROM content WHERE id = ? AND resource IN (${PLAN_RESOURCES.map(() => '?').join(', ')})`)
      .get(id, ...PLAN_RESOURCES) as (Row & { resource: string }) | undefined;
    return row ? { ...(JSON.parse(row.body) as T), resource: row.resource } : undefined;
  }

  articles<T = Item>(query: ArticleQuery = {}): T[] {
    const dir = query.order === 'ASC' ? 'ASC' : 'DESC';
    const year = query.year !== undefined ? 'AND substr(post_date, 1, 4) = @year' : '';
    const rows = this.db
      .prepare(`SELECT body FROM content WHERE resource = 'articles' ${year} ORDER BY post_date ${dir}, id ${dir}`)
      .all({ year: query.year !== undefined ? String(query.year).padStart(4, '0') : null }) as Row[];
    return parseAll<T>(rows);
  }

  insert(resource: string, item: Item): void {
    this.db
      .prepare(
        `INSERT INTO content (resource, id, precedence, reseller_id, slug, code, post_date, body)
         VALUES (@resource, @id, @precedence, @reseller_id, @slug, @code, @post_date, @body)`,
      )
      .run({
        resource,
        id: item.id,
        precedence: num(item.precedence),
        reseller_id: num(item.reseller_id),
        slug: str(item.slug),
        code: str(item.code),
        post_date: str(item.post_date),
        body: JSON.stringify(item),
      });
  }

  count(resource?: string): number {
    const row = resource
      ? this.db.prepare('SELECT count(*) AS n FROM content WHERE resource = ?').get(resource)
      : this.db.prepare('SELECT count(*) AS n FROM content').get();
    return (row as { n: number }).n;
  }

  getMeta(key: string): string | undefined {
    return (this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
  }

  setMeta(key: string, value: string): void {
    this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
  }
}
