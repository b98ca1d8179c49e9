import { PLAN_RESOURCES } from './content/rules';
import { all, one, run, sql, storableText, type Db, type Queryable } from './db';

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

  private get q(): Queryable {
    return this.db.query;
  }

  async list<T = Item>(resource: string, options: ListOptions = {}): Promise<T[]> {
    const dir = sql.raw(options.order === 'DESC' ? 'DESC' : 'ASC');
    const owner = options.resellerId !== undefined ? sql`AND reseller_id = ${options.resellerId}` : sql``;
    const rows = await all<Row>(
      this.q,
      sql`SELECT body FROM content WHERE resource = ${resource} ${owner}
          ORDER BY precedence IS NULL, precedence ${dir}, id ${dir}`,
    );
    return parseAll<T>(rows);
  }

  async get<T = Item>(resource: string, id: number, q: Queryable = this.q): Promise<T | undefined> {
    return parse<T>(await one<Row>(q, sql`SELECT body FROM content WHERE resource = ${resource} AND id = ${id}`));
  }

  async bySlug<T = Item>(resource: string, slug: string): Promise<T | undefined> {
    if (!storableText(slug)) return undefined;
    return parse<T>(await one<Row>(this.q, sql`SELECT body FROM content WHERE resource = ${resource} AND slug = ${slug}`));
  }

  /** Case-insensitive lookup on the `code` field. */
  async byCode<T = Item>(resource: string, code: string, options: { resellerId?: number } = {}): Promise<T | undefined> {
    if (!storableText(code)) return undefined;
    const owner = options.resellerId !== undefined ? sql`AND reseller_id = ${options.resellerId}` : sql``;
    return parse<T>(
      await one<Row>(
        this.q,
        sql`SELECT body FROM content WHERE resource = ${resource} AND lower(code) = lower(${code.trim()}) ${owner} ORDER BY id LIMIT 1`,
      ),
    );
  }

  /** A plan of any plan list, by its (globally unique) id. */
  async plan<T = Item>(id: number): Promise<(T & { resource: string }) | undefined> {
    const row = await one<Row & { resource: string }>(
      this.q,
      sql`SELECT resource, body FROM content WHERE id = ${id} AND resource IN (${sql.join(PLAN_RESOURCES)})`,
    );
    return row ? { ...(JSON.parse(row.body) as T), resource: row.resource } : undefined;
  }

  async articles<T = Item>(query: ArticleQuery = {}): Promise<T[]> {
    const dir = sql.raw(query.order === 'ASC' ? 'ASC' : 'DESC');
    const year = query.year !== undefined ? sql`AND substr(post_date, 1, 4) = ${String(query.year).padStart(4, '0')}` : sql``;
    const rows = await all<Row>(
      this.q,
      sql`SELECT body FROM content WHERE resource = 'articles' ${year} ORDER BY post_date ${dir}, id ${dir}`,
    );
    return parseAll<T>(rows);
  }

  async insert(resource: string, item: Item, q: Queryable = this.q): Promise<void> {
    await run(
      q,
      sql`INSERT INTO content (resource, id, precedence, reseller_id, slug, code, post_date, body)
          VALUES (${resource}, ${item.id}, ${num(item.precedence)}, ${num(item.reseller_id)}, ${str(item.slug)}, ${str(item.code)},
            ${str(item.post_date)}, ${JSON.stringify(item)})`,
    );
  }

  async count(resource?: string, q: Queryable = this.q): Promise<number> {
    const row = await one<{ n: number }>(
      q,
      resource
        ? sql`SELECT CAST(count(*) AS INTEGER) AS n FROM content WHERE resource = ${resource}`
        : sql`SELECT CAST(count(*) AS INTEGER) AS n FROM content`,
    );
    return row!.n;
  }

  async getMeta(key: string, q: Queryable = this.q): Promise<string | undefined> {
    return (await one<{ value: string }>(q, sql`SELECT value FROM meta WHERE key = ${key}`))?.value;
  }

  async setMeta(key: string, value: string, q: Queryable = this.q): Promise<void> {
    await run(q, sql`INSERT INTO meta (key, value) VALUES (${key}, ${value}) ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
  }
}
