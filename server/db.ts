import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, fchmodSync, mkdirSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { hashActivationCode, isCodeHash } from './keys/code-hash';

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
  {
    version: 6,
    name: 'payment reviews',
    up: (db) =>
      db.exec(`
        -- A payment the provider confirmed that issued no keys (the buyer had cancelled the order, or
        -- it was already paid): kept for an operator (npm run payments), who refunds it or issues keys.
        CREATE TABLE payment_reviews (
          id          INTEGER PRIMARY KEY AUTOINCREMENT,
          event_id    TEXT    NOT NULL UNIQUE,
          order_id    INTEGER NOT NULL REFERENCES orders (id),
          reason      TEXT    NOT NULL CHECK (reason IN ('paid-after-buyer-cancel', 'second-payment')),
          amount      INTEGER NOT NULL,
          currency    TEXT    NOT NULL,
          received_at TEXT    NOT NULL,
          resolved_at TEXT,
          resolution  TEXT
        );
      `),
  },
  {
    version: 7,
    name: 'hashed activation codes, key attempts per client',
    up: (db) => {
      // Activation codes are kept only as scrypt hashes (keys/code-hash.ts): the codes stored in clear
      // until now are hashed in place.
      db.exec('ALTER TABLE access_keys RENAME COLUMN activation_code TO activation_code_hash');
      const update = db.prepare('UPDATE access_keys SET activation_code_hash = ? WHERE id = ?');
      const rows = db.prepare('SELECT id, activation_code_hash AS code FROM access_keys').all() as Array<{ id: number; code: string }>;
      for (const row of rows) if (!isCodeHash(row.code)) update.run(hashActivationCode(row.code), row.id);
      db.exec(`
        -- Wrong activation codes per access key as typed (known or not) and client (an IP address, an
        -- IPv6 /64; '*': all clients together), counted from window_start; enough lock the key for
        -- that client (or for everyone) until locked_until. Rows untouched for an hour are deleted.
        ALTER TABLE key_attempts RENAME TO key_attempts_per_key;
        CREATE TABLE key_attempts (
          access_key   TEXT    NOT NULL,
          client       TEXT    NOT NULL,
          failures     INTEGER NOT NULL,
          window_start TEXT    NOT NULL,
          locked_until TEXT,
          updated_at   TEXT    NOT NULL,
          PRIMARY KEY (access_key, client)
        ) WITHOUT ROWID;
        CREATE INDEX key_attempts_by_age ON key_attempts (updated_at);
        -- The counts so far were for all clients together: they stay so, locks included.
        INSERT INTO key_attempts (access_key, client, failures, window_start, locked_until, updated_at)
          SELECT access_key, '*', failures, updated_at, locked_until, updated_at FROM key_attempts_per_key;
        DROP TABLE key_attempts_per_key;
      `);
    },
  },
  {
    version: 8,
    name: 'upload retention',
    up: (db) =>
      db.exec(`
        -- An uploaded file past UPLOAD_RETENTION_DAYS is removed: its bytes are emptied and removed_at
        -- says when; the row (name, type, size) and its submission stay. The quota (UPLOAD_QUOTA_MB)
        -- counts the files not removed (submission_files_stored); the sweep finds old submissions by date.
        ALTER TABLE submission_files ADD COLUMN removed_at TEXT;
        CREATE INDEX submission_files_stored ON submission_files (removed_at, size);
        CREATE INDEX form_submissions_by_date ON form_submissions (created_at);
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

/** Where the database lives by default: production's, and the demo's own (never the same file). */
export const DATA_DIR = './data';
export const DEMO_DATA_DIR = './data/demo';

/** The server's database file in a data directory. */
export const databaseFile = (dataDir: string): string => join(dataDir, 'app.db');

/** The last migration: a database below it was not yet opened by this version of the server. */
export const SCHEMA_VERSION = Math.max(...migrations.map((m) => m.version));

/** Modes of what holds buyers' data and CVs: the owner (the server's user) alone reads and writes them. */
const PRIVATE_DIR_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;

/** `path` set to `mode`, with a warning, when others than its owner may use it. */
function tighten(path: string, mode: number, warn: (message: string) => void): void {
  const current = statSync(path).mode & 0o777;
  if ((current & 0o077) === 0) return;
  try {
    chmodSync(path, mode);
    warn(`${path} was readable by other users (mode ${current.toString(8)}): set to ${mode.toString(8)}`);
  } catch (error) {
    warn(
      `${path} is readable by other users (mode ${current.toString(8)}) and could not be set to ${mode.toString(8)}: ${(error as Error).message}`,
    );
  }
}

/**
 * The data directory (0700) and the database file with its -wal and -shm (0600), created with these
 * modes whatever the umask; existing ones that others may read are tightened, with a warning. SQLite
 * creates the -wal and -shm files with the mode of the database file.
 */
function preparePrivateFiles(dataDir: string, warn: (message: string) => void): void {
  if (existsSync(dataDir)) tighten(dataDir, PRIVATE_DIR_MODE, warn);
  else {
    mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    chmodSync(dataDir, PRIVATE_DIR_MODE);
  }
  const file = databaseFile(dataDir);
  if (existsSync(file)) tighten(file, PRIVATE_FILE_MODE, warn);
  else {
    // 'a': created if missing, never truncated (another process may have created it meanwhile).
    const fd = openSync(file, 'a', PRIVATE_FILE_MODE);
    try {
      fchmodSync(fd, PRIVATE_FILE_MODE);
    } finally {
      closeSync(fd);
    }
  }
  for (const suffix of ['-wal', '-shm']) if (existsSync(file + suffix)) tighten(file + suffix, PRIVATE_FILE_MODE, warn);
}

/**
 * Opens (creating if needed) `${dataDir}/app.db` in WAL mode and brings its schema up to date. The
 * directory and the files are private to the server's user (preparePrivateFiles); `warn` hears of
 * any that had to be tightened.
 */
export function openDatabase(dataDir: string, options: { warn?: (message: string) => void } = {}): Db {
  preparePrivateFiles(dataDir, options.warn ?? ((message) => console.warn(message)));
  const db = new Database(databaseFile(dataDir));
  db.pragma('journal_mode = WAL');
  // FULL: a transaction that committed (an order, a payment, an issued key, a stored submission)
  // survives a power cut too, not only a crash of the process.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Deleted and overwritten content (an uploaded file past its retention) is overwritten with zeros,
  // also where a page is rewritten, instead of lingering in free space of the file.
  db.pragma('secure_delete = ON');
  migrate(db);
  return db;
}
