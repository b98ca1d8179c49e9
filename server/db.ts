import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export type Db = Database.Database;

/**
 * Schema migrations, applied in order on start; `PRAGMA user_version` records the last one applied.
 * Later features append their own migration here (never edit one that has shipped).
 */
export interface Migration {
  version: number;
  name: string;
  up: (db: Db) => void;
}

export const migrations: Migration[] = [
  {
    version: 1,
    name: 'content and meta',
    up: (db) =>
      db.exec(`
        -- Every content resource of the API in one table: the JSON body is what the API returns;
        -- the other columns are copies of body fields that queries filter or sort on.
        CREATE TABLE content (
          resource    TEXT    NOT NULL,
          id          INTEGER NOT NULL,
          precedence  INTEGER,
          reseller_id INTEGER,
          slug        TEXT,
          code        TEXT COLLATE NOCASE,
          post_date   TEXT,
          body        TEXT    NOT NULL CHECK (json_valid(body)),
          PRIMARY KEY (resource, id)
        ) WITHOUT ROWID;
        CREATE INDEX content_by_owner ON content (resource, reseller_id, precedence);
        CREATE UNIQUE INDEX content_by_slug ON content (resource, slug) WHERE slug IS NOT NULL;
        CREATE INDEX content_by_code ON content (resource, code) WHERE code IS NOT NULL;
        CREATE INDEX content_by_date ON content (resource, post_date) WHERE post_date IS NOT NULL;

        CREATE TABLE meta (
          key   TEXT PRIMARY KEY,
          value TEXT NOT NULL
        ) WITHOUT ROWID;
      `),
  },
  {
    version: 2,
    name: 'form submissions',
    up: (db) =>
      db.exec(`
        -- POST form-emails/{key}: each accepted submission (data = the validated form data as JSON),
        -- stored before the reply; uploaded files (the job application's CV) beside it.
        CREATE TABLE form_submissions (
          id         INTEGER PRIMARY KEY AUTOINCREMENT,
          form_key   TEXT    NOT NULL,
          data       TEXT    NOT NULL CHECK (json_valid(data)),
          created_at TEXT    NOT NULL,
          ip         TEXT
        );
        CREATE INDEX form_submissions_by_form ON form_submissions (form_key, id);

        CREATE TABLE submission_files (
          id            INTEGER PRIMARY KEY AUTOINCREMENT,
          submission_id INTEGER NOT NULL REFERENCES form_submissions (id) ON DELETE CASCADE,
          filename      TEXT    NOT NULL,
          mime          TEXT    NOT NULL,
          size          INTEGER NOT NULL,
          content       BLOB    NOT NULL
        );
        CREATE INDEX submission_files_by_submission ON submission_files (submission_id);
      `),
  },
  {
    version: 3,
    name: 'orders, access keys, outbox',
    up: (db) =>
      db.exec(`
        -- A billing POST (standard, merchant, promotion or reseller checkout) whose amounts the server
        -- recomputed. Money in integer centavos; billing = the validated billing form as JSON.
        CREATE TABLE orders (
          id             INTEGER PRIMARY KEY AUTOINCREMENT,
          kind           TEXT    NOT NULL CHECK (kind IN ('standard', 'merchant', 'promotion', 'reseller')),
          plan_id        INTEGER NOT NULL,
          plan_name      TEXT    NOT NULL,
          reseller_id    INTEGER,
          quantity       INTEGER NOT NULL CHECK (quantity >= 1),
          members        INTEGER NOT NULL DEFAULT 0 CHECK (members >= 0),
          promo_id       INTEGER,
          plan_total     INTEGER NOT NULL,
          members_total  INTEGER,
          subtotal       INTEGER NOT NULL,
          vat            INTEGER NOT NULL,
          total_cost     INTEGER NOT NULL,
          promo_discount INTEGER NOT NULL DEFAULT 0,
          total          INTEGER NOT NULL CHECK (total >= 0),
          unit_amount    INTEGER NOT NULL,
          currency       TEXT    NOT NULL DEFAULT 'PHP',
          billing        TEXT    NOT NULL CHECK (json_valid(billing)),
          email          TEXT    NOT NULL,
          status         TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'cancelled')),
          token          TEXT    NOT NULL UNIQUE,
          created_at     TEXT    NOT NULL,
          paid_at        TEXT,
          cancelled_at   TEXT
        );

        -- One access key and activation code per purchased unit, issued when the order is paid
        -- (order_id NULL: a key not tied to an order). member = who activated it (key assignment).
        CREATE TABLE access_keys (
          id              INTEGER PRIMARY KEY AUTOINCREMENT,
          order_id        INTEGER REFERENCES orders (id),
          access_key      TEXT    NOT NULL UNIQUE,
          activation_code TEXT    NOT NULL,
          status          TEXT    NOT NULL DEFAULT 'unused' CHECK (status IN ('unused', 'used')),
          created_at      TEXT    NOT NULL,
          activated_at    TEXT,
          member          TEXT    CHECK (member IS NULL OR json_valid(member))
        );
        CREATE INDEX access_keys_by_order ON access_keys (order_id);

        -- E-mails the server would send (read in demo mode at /dev/outbox).
        CREATE TABLE outbox (
          id         INTEGER PRIMARY KEY AUTOINCREMENT,
          to_address TEXT    NOT NULL,
          subject    TEXT    NOT NULL,
          body       TEXT    NOT NULL,
          order_id   INTEGER REFERENCES orders (id),
          created_at TEXT    NOT NULL
        );
      `),
  },
  {
    version: 4,
    name: 'payment notifications, order expiry, key lockouts',
    up: (db) =>
      db.exec(`
        -- A pending order waits for its payment until expires_at; then it is cancelled (cancel_reason 'expired').
        ALTER TABLE orders ADD COLUMN expires_at TEXT;
        ALTER TABLE orders ADD COLUMN cancel_reason TEXT;
        CREATE INDEX orders_pending_by_expiry ON orders (expires_at) WHERE status = 'pending';

        -- Every signed provider notification handled, by the provider's event id: a notification seen
        -- before (a replay or a retry) changes nothing.
        CREATE TABLE payment_notifications (
          event_id    TEXT    PRIMARY KEY,
          type        TEXT    NOT NULL,
          order_id    INTEGER,
          outcome     TEXT    NOT NULL,
          received_at TEXT    NOT NULL
        ) WITHOUT ROWID;

        -- Wrong activation codes per access key (whatever the IP): 5 lock the key for a while.
        CREATE TABLE key_attempts (
          access_key   TEXT    PRIMARY KEY,
          failures     INTEGER NOT NULL,
          locked_until TEXT,
          updated_at   TEXT    NOT NULL
        ) WITHOUT ROWID;
      `),
  },
  {
    version: 5,
    name: 'outbox delivery',
    up: (db) =>
      db.exec(`
        -- The outbox is the one place an e-mail is written, in the transaction of what it reports; a
        -- sender (server/mail/sender.ts) delivers each row through SMTP. status: 'pending' (to send),
        -- 'sent', 'failed' (refused for good, or out of attempts). A sender claims a due row until
        -- claimed_until; a row whose claim ran out (its sender died) is due again and is sent with
        -- the same message_id, so a receiver sees a repeat, never a loss.
        ALTER TABLE outbox ADD COLUMN html TEXT;
        ALTER TABLE outbox ADD COLUMN reply_to TEXT;
        ALTER TABLE outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'keys';
        ALTER TABLE outbox ADD COLUMN submission_id INTEGER REFERENCES form_submissions (id);
        ALTER TABLE outbox ADD COLUMN message_id TEXT;
        ALTER TABLE outbox ADD COLUMN status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed'));
        ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE outbox ADD COLUMN next_attempt_at TEXT;
        ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
        ALTER TABLE outbox ADD COLUMN claimed_until TEXT;
        ALTER TABLE outbox ADD COLUMN sent_at TEXT;
        ALTER TABLE outbox ADD COLUMN failed_at TEXT;
        ALTER TABLE outbox ADD COLUMN last_error TEXT;
        -- Rows written before this migration get a Message-ID of their own.
        UPDATE outbox SET message_id = '<outbox-' || id || '-' || lower(hex(randomblob(8))) || '@outbox.invalid>',
          next_attempt_at = created_at;
        CREATE INDEX outbox_due ON outbox (next_attempt_at, id) WHERE status = 'pending';
        CREATE INDEX outbox_by_status ON outbox (status, id);
      `),
  },
];

function migrate(db: Db, list: readonly Migration[] = migrations): void {
  const sorted = [...list].sort((a, b) => a.version - b.version);
  for (const migration of sorted) {
    // Read the version inside an immediate (write-locked) transaction: of several processes that
    // open one database at once, one applies each migration and the others see it applied.
    db.transaction(() => {
      const current = db.pragma('user_version', { simple: true }) as number;
      if (migration.version <= current) return;
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
}

/** The server's database file in a data directory. */
export const databaseFile = (dataDir: string): string => join(dataDir, 'app.db');

/** The last migration: a database below it was not yet opened by this version of the server. */
export const SCHEMA_VERSION = Math.max(...migrations.map((m) => m.version));

/** Opens (creating if needed) `${dataDir}/app.db` in WAL mode and brings its schema up to date. */
export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(databaseFile(dataDir));
  db.pragma('journal_mode = WAL');
  // FULL: a transaction that committed (an order, a payment, an issued key, a stored submission)
  // survives a power cut too, not only a crash of the process.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}
