import {
  PostgresAdapter,
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  type Migration,
  type RawBuilder,
} from 'kysely';
import { hashActivationCode, isCodeHash } from './keys/code-hash';

/**
 * Schema migrations, one definition each for both engines, applied in name order by kysely's
 * Migrator on start (server/db.ts), which records each in the kysely_migration table. A name is its
 * number, four digits, and what it does; the number is the schema version. A migration branches by
 * engine only where the two differ: an identity column for AUTOINCREMENT, BYTEA for BLOB, a jsonb
 * cast for json_valid, lower(code) for COLLATE NOCASE, WITHOUT ROWID. Later features add their own
 * migration at the end (never edit one that has shipped).
 *
 * Migrations 0001 to 0008 came before the Migrator: a database the server made then records them in
 * `PRAGMA user_version` (SQLite) or the schema_migrations table (PostgreSQL). Each of these
 * migrations first asks that record, and one it lists is taken as applied: the Migrator records it
 * without running it again.
 */

// The migrations change tables they do not describe as types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each migration names tables no type describes
type Schema = Kysely<any>;

const isPostgres = (db: Schema): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** The last migration the server recorded before the Migrator (0: none; a database the Migrator made). */
async function preMigratorVersion(db: Schema): Promise<number> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ recorded: boolean }>`SELECT to_regclass('schema_migrations') IS NOT NULL AS recorded`.execute(db);
    if (!rows[0].recorded) return 0;
    const recorded = await sql<{ version: number | null }>`SELECT max(version) AS version FROM schema_migrations`.execute(db);
    return recorded.rows[0]?.version ?? 0;
  }
  const { rows } = await sql<{ user_version: number }>`PRAGMA user_version`.execute(db);
  return rows[0].user_version;
}

/** A migration of the pre-Migrator history: skipped where that history lists its version. */
const shipped = (version: number, up: (db: Schema, postgres: boolean) => Promise<void>): Migration => ({
  up: async (db) => {
    if ((await preMigratorVersion(db)) >= version) return;
    await up(db, isPostgres(db));
  },
});

/** A CHECK that a column holds JSON text. */
const json = (postgres: boolean, column: string): RawBuilder<unknown> =>
  postgres ? sql`${sql.ref(column)}::jsonb IS NOT NULL` : sql`json_valid(${sql.ref(column)})`;

/** A table looked up by its primary key alone: SQLite stores it without a rowid. */
const withoutRowid =
  (postgres: boolean) =>
  <T extends string, C extends string>(table: CreateTableBuilder<T, C>): CreateTableBuilder<T, C> =>
    postgres ? table : table.modifyEnd(sql`WITHOUT ROWID`);

/** An INTEGER key the database numbers: an identity column, or SQLite's AUTOINCREMENT (never reused). */
const serialKey =
  (postgres: boolean) =>
  (col: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();

export const migrations: Record<string, Migration> = {
  '0001-content-and-meta': shipped(1, async (db, postgres) => {
    // Every content resource of the API in one table: the JSON body is what the API returns; the
    // other columns are copies of body fields that queries filter or sort on. A code is looked up
    // whatever its case.
    await db.schema
      .createTable('content')
      .addColumn('resource', 'text', (col) => col.notNull())
      .addColumn('id', 'integer', (col) => col.notNull())
      .addColumn('precedence', 'integer')
      .addColumn('reseller_id', 'integer')
      .addColumn('slug', 'text')
      .addColumn('code', 'text', (col) => (postgres ? col : col.modifyEnd(sql`COLLATE NOCASE`)))
      .addColumn('post_date', 'text')
      .addColumn('body', 'text', (col) => col.notNull().check(json(postgres, 'body')))
      .addPrimaryKeyConstraint('content_pkey', ['resource', 'id'])
      .$call(withoutRowid(postgres))
      .execute();
    await db.schema.createIndex('content_by_owner').on('content').columns(['resource', 'reseller_id', 'precedence']).execute();
    await db.schema
      .createIndex('content_by_slug')
      .unique()
      .on('content')
      .columns(['resource', 'slug'])
      .where(sql.ref('slug'), 'is not', null)
      .execute();
    await db.schema
      .createIndex('content_by_code')
      .on('content')
      .column('resource')
      .expression(postgres ? sql`lower(code)` : sql.ref('code'))
      .where(sql.ref('code'), 'is not', null)
      .execute();
    await db.schema
      .createIndex('content_by_date')
      .on('content')
      .columns(['resource', 'post_date'])
      .where(sql.ref('post_date'), 'is not', null)
      .execute();

    await db.schema
      .createTable('meta')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('value', 'text', (col) => col.notNull())
      .$call(withoutRowid(postgres))
      .execute();
  }),

  '0002-form-submissions': shipped(2, async (db, postgres) => {
    // POST form-emails/{key}: each accepted submission (data = the validated form data as JSON),
    // stored before the reply; uploaded files (the job application's CV) beside it.
    await db.schema
      .createTable('form_submissions')
      .addColumn('id', 'integer', serialKey(postgres))
      .addColumn('form_key', 'text', (col) => col.notNull())
      .addColumn('data', 'text', (col) => col.notNull().check(json(postgres, 'data')))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('ip', 'text')
      .execute();
    await db.schema.createIndex('form_submissions_by_form').on('form_submissions').columns(['form_key', 'id']).execute();

    await db.schema
      .createTable('submission_files')
      .addColumn('id', 'integer', serialKey(postgres))
      .addColumn('submission_id', 'integer', (col) => col.notNull().references('form_submissions.id').onDelete('cascade'))
      .addColumn('filename', 'text', (col) => col.notNull())
      .addColumn('mime', 'text', (col) => col.notNull())
      .addColumn('size', 'integer', (col) => col.notNull())
      .addColumn('content', postgres ? 'bytea' : 'blob', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('submission_files_by_submission').on('submission_files').column('submission_id').execute();
  }),

  '0003-orders-access-keys-outbox': shipped(3, async (db, postgres) => {
    // A billing POST (standard, merchant, promotion or reseller checkout) whose amounts the server
    // recomputed. Money in integer centavos; billing = the validated billing form as JSON.
    await db.schema
      .createTable('orders')
      .addColumn('id', 'integer', serialKey(postgres))
      .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind IN ('standard', 'merchant', 'promotion', 'reseller')`))
      .addColumn('plan_id', 'integer', (col) => col.notNull())
      .addColumn('plan_name', 'text', (col) => col.notNull())
      .addColumn('reseller_id', 'integer')
      .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 1`))
      .addColumn('members', 'integer', (col) =>
        col
          .notNull()
          .defaultTo(0)
          .check(sql`members >= 0`),
      )
      .addColumn('promo_id', 'integer')
      .addColumn('plan_total', 'integer', (col) => col.notNull())
      .addColumn('members_total', 'integer')
      .addColumn('subtotal', 'integer', (col) => col.notNull())
      .addColumn('vat', 'integer', (col) => col.notNull())
      .addColumn('total_cost', 'integer', (col) => col.notNull())
      .addColumn('promo_discount', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('total', 'integer', (col) => col.notNull().check(sql`total >= 0`))
      .addColumn('unit_amount', 'integer', (col) => col.notNull())
      .addColumn('currency', 'text', (col) => col.notNull().defaultTo('PHP'))
      .addColumn('billing', 'text', (col) => col.notNull().check(json(postgres, 'billing')))
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) =>
        col
          .notNull()
          .defaultTo('pending')
          .check(sql`status IN ('pending', 'paid', 'cancelled')`),
      )
      .addColumn('token', 'text', (col) => col.notNull().unique())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('paid_at', 'text')
      .addColumn('cancelled_at', 'text')
      .execute();

    // One access key and activation code per purchased unit, issued when the order is paid
    // (order_id NULL: a key not tied to an order). member = who activated it (key assignment).
    await db.schema
      .createTable('access_keys')
      .addColumn('id', 'integer', serialKey(postgres))
      .addColumn('order_id', 'integer', (col) => col.references('orders.id'))
      .addColumn('access_key', 'text', (col) => col.notNull().unique())
      .addColumn('activation_code', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) =>
        col
          .notNull()
          .defaultTo('unused')
          .check(sql`status IN ('unused', 'used')`),
      )
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('activated_at', 'text')
      .addColumn('member', 'text', (col) => col.check(sql`member IS NULL OR ${json(postgres, 'member')}`))
      .execute();
    await db.schema.createIndex('access_keys_by_order').on('access_keys').column('order_id').execute();

    // E-mails the server sends (read in demo mode at /dev/outbox).
    await db.schema
      .createTable('outbox')
      .addColumn('id', 'integer', serialKey(postgres))
      .addColumn('to_address', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('order_id', 'integer', (col) => col.references('orders.id'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
  }),

  '0004-payment-notifications-order-expiry-key-lockouts': shipped(4, async (db, postgres) => {
    // A pending order waits for its payment until expires_at; then it is cancelled (cancel_reason 'expired').
    await db.schema.alterTable('orders').addColumn('expires_at', 'text').execute();
    await db.schema.alterTable('orders').addColumn('cancel_reason', 'text').execute();
    await db.schema
      .createIndex('orders_pending_by_expiry')
      .on('orders')
      .column('expires_at')
      .where(sql.ref('status'), '=', sql.lit('pending'))
      .execute();

    // Every signed provider notification handled, by the provider's event id: a notification seen
    // before (a replay or a retry) changes nothing.
    await db.schema
      .createTable('payment_notifications')
      .addColumn('event_id', 'text', (col) => col.primaryKey())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('order_id', 'integer')
      .addColumn('outcome', 'text', (col) => col.notNull())
      .addColumn('received_at', 'text', (col) => col.notNull())
      .$call(withoutRowid(postgres))
      .execute();

    // Wrong activation codes per access key (whatever the IP): 5 lock the key for a while.
    await db.schema
      .createTable('key_attempts')
      .addColumn('access_key', 'text', (col) => col.primaryKey())
      .addColumn('failures', 'integer', (col) => col.notNull())
      .addColumn('locked_until', 'text')
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .$call(withoutRowid(postgres))
      .execute();
  }),

  '0005-outbox-delivery': shipped(5, async (db, postgres) => {
    // The outbox is the one place an e-mail is written, in the transaction of what it reports; a
    // sender (server/mail/sender.ts) delivers each row through SMTP. status: 'pending' (to send),
    // 'sent', 'failed' (refused for good, or out of attempts). A sender claims a due row until
    // claimed_until; a row whose claim ran out (its sender died) is due again and is sent with
    // the same message_id, so a receiver sees a repeat, never a loss. SQLite adds one column a statement.
    const add = async (column: string, type: 'text' | 'integer', build = (col: ColumnDefinitionBuilder) => col) =>
      db.schema.alterTable('outbox').addColumn(column, type, build).execute();
    await add('html', 'text');
    await add('reply_to', 'text');
    await add('kind', 'text', (col) => col.notNull().defaultTo('keys'));
    await add('submission_id', 'integer', (col) => col.references('form_submissions.id'));
    await add('message_id', 'text');
    await add('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status IN ('pending', 'sent', 'failed')`),
    );
    await add('attempts', 'integer', (col) => col.notNull().defaultTo(0));
    for (const column of ['next_attempt_at', 'claimed_by', 'claimed_until', 'sent_at', 'failed_at', 'last_error'])
      await add(column, 'text');
    // Rows written before this migration get a Message-ID of their own.
    const random = postgres ? sql`substr(md5(random()::text), 1, 16)` : sql`lower(hex(randomblob(8)))`;
    await sql`UPDATE outbox SET message_id = '<outbox-' || id || '-' || ${random} || '@outbox.invalid>', next_attempt_at = created_at`.execute(
      db,
    );
    await db.schema
      .createIndex('outbox_due')
      .on('outbox')
      .columns(['next_attempt_at', 'id'])
      .where(sql.ref('status'), '=', sql.lit('pending'))
      .execute();
    await db.schema.createIndex('outbox_by_status').on('outbox').columns(['status', 'id']).execute();
  }),

  '0006-payment-reviews': shipped(6, async (db, postgres) => {
    // A payment the provider confirmed that issued no keys (the buyer had cancelled the order, or
    // it was already paid): kept for an operator (npm run payments), who refunds it or issues keys.
    await db.schema
      .createTable('payment_reviews')
      .addColumn('id', 'integer', serialKey(postgres))
      .addColumn('event_id', 'text', (col) => col.notNull().unique())
      .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id'))
      .addColumn('reason', 'text', (col) => col.notNull().check(sql`reason IN ('paid-after-buyer-cancel', 'second-payment')`))
      .addColumn('amount', 'integer', (col) => col.notNull())
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('received_at', 'text', (col) => col.notNull())
      .addColumn('resolved_at', 'text')
      .addColumn('resolution', 'text')
      .execute();
  }),

  '0007-hashed-activation-codes-key-attempts-per-client': shipped(7, async (db, postgres) => {
    // Activation codes are kept only as scrypt hashes (keys/code-hash.ts): the codes stored in clear
    // until now are hashed in place.
    await db.schema.alterTable('access_keys').renameColumn('activation_code', 'activation_code_hash').execute();
    const keys = await db.selectFrom('access_keys').select(['id', 'activation_code_hash as code']).execute();
    for (const { id, code } of keys as Array<{ id: number; code: string }>) {
      if (!isCodeHash(code))
        await db
          .updateTable('access_keys')
          .set({ activation_code_hash: hashActivationCode(code) })
          .where('id', '=', id)
          .execute();
    }

    // Wrong activation codes per access key as typed (known or not) and client (an IP address, an
    // IPv6 /64; '*': all clients together), counted from window_start; enough lock the key for that
    // client (or for everyone) until locked_until. Rows untouched for an hour are deleted.
    // No longer written: the lockouts count on rate-limiter-flexible (keys/lockout.ts). The table
    // stays for instances of the release before during a rolling deploy; a later migration drops it.
    await db.schema.alterTable('key_attempts').renameTo('key_attempts_per_key').execute();
    await db.schema
      .createTable('key_attempts')
      .addColumn('access_key', 'text', (col) => col.notNull())
      .addColumn('client', 'text', (col) => col.notNull())
      .addColumn('failures', 'integer', (col) => col.notNull())
      .addColumn('window_start', 'text', (col) => col.notNull())
      .addColumn('locked_until', 'text')
      .addColumn('updated_at', 'text', (col) => col.notNull())
      // The table it replaces still holds the name key_attempts_pkey: PostgreSQL named this key so.
      .addPrimaryKeyConstraint('key_attempts_pkey1', ['access_key', 'client'])
      .$call(withoutRowid(postgres))
      .execute();
    await db.schema.createIndex('key_attempts_by_age').on('key_attempts').column('updated_at').execute();
    // The counts so far were for all clients together: they stay so, locks included.
    await sql`INSERT INTO key_attempts (access_key, client, failures, window_start, locked_until, updated_at)
      SELECT access_key, '*', failures, updated_at, locked_until, updated_at FROM key_attempts_per_key`.execute(db);
    await db.schema.dropTable('key_attempts_per_key').execute();
  }),

  '0008-upload-retention': shipped(8, async (db) => {
    // An uploaded file past UPLOAD_RETENTION_DAYS is removed: its bytes are emptied and removed_at
    // says when; the row (name, type, size) and its submission stay. The quota (UPLOAD_QUOTA_MB)
    // counts the files not removed (submission_files_stored); the sweep finds old submissions by date.
    await db.schema.alterTable('submission_files').addColumn('removed_at', 'text').execute();
    await db.schema.createIndex('submission_files_stored').on('submission_files').columns(['removed_at', 'size']).execute();
    await db.schema.createIndex('form_submissions_by_date').on('form_submissions').column('created_at').execute();
  }),

  '0009-desk-submission-status': shipped(9, async (db, postgres) => {
    // The staff desk (server/desk/): a submission's status ('new', 'in progress', 'done'), who it is
    // assigned to (an account's e-mail; NULL: nobody) and when its status last changed; internal notes
    // on it, each by one account; and who resolved a payment review.
    await db.schema
      .alterTable('form_submissions')
      .addColumn('status', 'text', (col) =>
        col
          .notNull()
          .defaultTo('new')
          .check(sql`status IN ('new', 'in progress', 'done')`),
      )
      .execute();
    await db.schema.alterTable('form_submissions').addColumn('assignee', 'text').execute();
    await db.schema.alterTable('form_submissions').addColumn('status_changed_at', 'text').execute();
    await db.schema.createIndex('form_submissions_open').on('form_submissions').columns(['form_key', 'status', 'created_at']).execute();
    await db.schema
      .createTable('submission_notes')
      .addColumn('id', 'integer', serialKey(postgres))
      .addColumn('submission_id', 'integer', (col) => col.notNull().references('form_submissions.id').onDelete('cascade'))
      .addColumn('author', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull().check(sql`length(body) BETWEEN 1 AND 2000`))
      .execute();
    await db.schema.createIndex('submission_notes_by_submission').on('submission_notes').columns(['submission_id', 'id']).execute();
    await db.schema.alterTable('payment_reviews').addColumn('resolved_by', 'text').execute();
  }),

  '0010-studio-accounts': shipped(10, async (db, postgres) => {
    // The studio's accounts (server/studio): staff who sign in with an e-mail, an argon2id password
    // hash and a TOTP secret; roles a JSON array ('admin', 'editor', 'staff'); recovery_codes the
    // SHA-256 hashes of the unused recovery codes (JSON array). totp_last_step: the last time step a
    // code was accepted for, so one code signs in once.
    await db.schema
      .createTable('studio_accounts')
      .addColumn('id', 'integer', serialKey(postgres))
      .addColumn('email', 'text', (col) =>
        col
          .notNull()
          .unique()
          .check(sql`email = lower(email)`),
      )
      .addColumn('roles', 'text', (col) => col.notNull().check(json(postgres, 'roles')))
      .addColumn('disabled', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('password_hash', 'text')
      .addColumn('totp_secret', 'text')
      .addColumn('totp_last_step', 'integer')
      .addColumn('recovery_codes', 'text', (col) => col.notNull().defaultTo('[]').check(json(postgres, 'recovery_codes')))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();

    // Signed-in sessions, by the SHA-256 of the cookie's random id (the id itself is never stored).
    await db.schema
      .createTable('studio_sessions')
      .addColumn('id_hash', 'text', (col) => col.primaryKey())
      .addColumn('account_id', 'integer', (col) => col.notNull().references('studio_accounts.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('last_seen_at', 'text', (col) => col.notNull())
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text')
      .$call(withoutRowid(postgres))
      .execute();
    await db.schema.createIndex('studio_sessions_by_account').on('studio_sessions').column('account_id').execute();

    // Single-use enrolment links (an invitation, the first admin, a reset of an account's factors), by
    // the SHA-256 of their token. totp_secret: the secret offered to the person enrolling, confirmed
    // by a code before the account takes it.
    await db.schema
      .createTable('studio_invitations')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('roles', 'text', (col) => col.notNull().check(json(postgres, 'roles')))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .addColumn('used_at', 'text')
      .addColumn('totp_secret', 'text')
      .$call(withoutRowid(postgres))
      .execute();

    // The audit trail, only ever appended to: each row's hash is the SHA-256 of the previous row's
    // hash and its own fields (server/studio/audit.ts), so a row changed or removed breaks the chain.
    await db.schema
      .createTable('studio_audit')
      .addColumn('id', 'integer', serialKey(postgres))
      .addColumn('at', 'text', (col) => col.notNull())
      .addColumn('actor', 'text')
      .addColumn('ip', 'text')
      .addColumn('request_id', 'text')
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('target', 'text')
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .addColumn('prev_hash', 'text', (col) => col.notNull())
      .addColumn('hash', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('studio_audit_by_action').on('studio_audit').columns(['action', 'id']).execute();
  }),

  '0011-studio-passkeys': shipped(11, async (db, postgres) => {
    // Passkeys (WebAuthn) of the studio's accounts. webauthn_user_id: the account's user handle
    // (random, base64url), the same for each of its passkeys, set by its first one. A passkey: its
    // credential id (unique over all accounts), its COSE public key (base64url), the signature
    // counter it last showed (bigint: it counts to 2^32), its transports (JSON array), the name the
    // person gave it (1 to 60 characters), when it was added and last signed in.
    // SQLite adds no UNIQUE column to a table: a unique index does it, on both engines.
    await db.schema.alterTable('studio_accounts').addColumn('webauthn_user_id', 'text').execute();
    await db.schema.createIndex('studio_accounts_by_webauthn_user').unique().on('studio_accounts').column('webauthn_user_id').execute();
    await db.schema
      .createTable('studio_passkeys')
      .addColumn('id', 'integer', serialKey(postgres))
      .addColumn('account_id', 'integer', (col) => col.notNull().references('studio_accounts.id').onDelete('cascade'))
      .addColumn('credential_id', 'text', (col) => col.notNull().unique())
      .addColumn('public_key', 'text', (col) => col.notNull())
      .addColumn('counter', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('transports', 'text', (col) => col.notNull().defaultTo('[]').check(json(postgres, 'transports')))
      .addColumn('name', 'text', (col) => col.notNull().check(sql`length(name) BETWEEN 1 AND 60`))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('last_used_at', 'text')
      .execute();
    await db.schema.createIndex('studio_passkeys_by_account').on('studio_passkeys').column('account_id').execute();

    // WebAuthn challenges handed out and not yet answered, in the database so that any instance
    // can check the answer. Each is used once (deleted when answered) and expires after 5 minutes.
    // purpose: 'sign-in' (no account: the passkey tells), 'register' (a signed-in account adds a
    // passkey: account_id) or 'enrol' (an enrolment link: the SHA-256 of its token); user_id: the
    // user handle a new passkey is made for.
    await db.schema
      .createTable('studio_webauthn_challenges')
      .addColumn('challenge', 'text', (col) => col.primaryKey())
      .addColumn('purpose', 'text', (col) => col.notNull().check(sql`purpose IN ('sign-in', 'register', 'enrol')`))
      .addColumn('account_id', 'integer', (col) => col.references('studio_accounts.id').onDelete('cascade'))
      .addColumn('invitation_hash', 'text')
      .addColumn('user_id', 'text')
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .$call(withoutRowid(postgres))
      .execute();
    await db.schema.createIndex('studio_webauthn_challenges_by_expiry').on('studio_webauthn_challenges').column('expires_at').execute();
  }),
  '0012-content-releases': shipped(12, async (db, postgres) => {
    // Every published version of the content files, numbered from 1, never changed once written:
    // files is the whole set as JSON ({ "content/articles.json": "<text>", ... }), changed the
    // paths this release changed (JSON array), summary its change in words (JSON array of lines).
    // author_*: the studio account that published it (null for a release made from the files at a
    // start, source 'files'); reviewer: who approved it, when review is on. recorded_commit and
    // recorded_at: the git commit that records it, once the git record has written it; pushed_at:
    // when that commit reached CONTENT_GIT_REMOTE. meta 'content_release' holds the live number.
    await db.schema
      .createTable('content_releases')
      .addColumn('number', 'integer', (col) => col.primaryKey())
      .addColumn('files', 'text', (col) => col.notNull().check(json(postgres, 'files')))
      .addColumn('changed', 'text', (col) => col.notNull().defaultTo('[]').check(json(postgres, 'changed')))
      .addColumn('summary', 'text', (col) => col.notNull().defaultTo('[]').check(json(postgres, 'summary')))
      .addColumn('source', 'text', (col) => col.notNull().check(sql`source IN ('studio', 'files', 'rollback')`))
      .addColumn('author_id', 'integer', (col) => col.references('studio_accounts.id').onDelete('set null'))
      .addColumn('author_name', 'text')
      .addColumn('author_email', 'text')
      .addColumn('reviewer', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('recorded_commit', 'text')
      .addColumn('recorded_at', 'text')
      .addColumn('pushed_at', 'text')
      .execute();
    // One draft per account: the content files it changed ({ path: text }), the release it started
    // from, and when it was last saved (autosave).
    await db.schema
      .createTable('content_drafts')
      .addColumn('account_id', 'integer', (col) => col.primaryKey().references('studio_accounts.id').onDelete('cascade'))
      .addColumn('files', 'text', (col) => col.notNull().check(json(postgres, 'files')))
      .addColumn('base_release', 'integer', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
  }),
  '0013-content-schedules': shipped(13, async (db, postgres) => {
    // Content changes to publish at a time: changes is { path: text | null } (null removes the file),
    // made from base_release; summary their words (JSON array). state: waiting until run_at, running
    // while an instance publishes it (claimed_at), then done (release: the release it made), failed
    // (error: why, in words) or cancelled.
    await db.schema
      .createTable('content_schedules')
      .addColumn('id', 'integer', serialKey(postgres))
      .addColumn('account_id', 'integer', (col) => col.references('studio_accounts.id').onDelete('set null'))
      .addColumn('author_name', 'text')
      .addColumn('author_email', 'text')
      .addColumn('changes', 'text', (col) => col.notNull().check(json(postgres, 'changes')))
      .addColumn('summary', 'text', (col) => col.notNull().defaultTo('[]').check(json(postgres, 'summary')))
      .addColumn('base_release', 'integer', (col) => col.notNull())
      .addColumn('run_at', 'text', (col) => col.notNull())
      .addColumn('state', 'text', (col) =>
        col
          .notNull()
          .defaultTo('waiting')
          .check(sql`state IN ('waiting', 'running', 'done', 'failed', 'cancelled')`),
      )
      .addColumn('error', 'text')
      .addColumn('release', 'integer')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('claimed_at', 'text')
      .addColumn('finished_at', 'text')
      .execute();
    await db.schema.createIndex('content_schedules_due').on('content_schedules').columns(['state', 'run_at']).execute();
  }),
  '0014-content-locks': {
    up: async (db) => {
      // Who edits which content item now: one row per item (its file and id), the account holding
      // it, since when, and its last heartbeat (seen_at). A row whose heartbeat is older than the
      // lock's lifetime is free to take; a lock goes with its account.
      await db.schema
        .createTable('content_locks')
        .addColumn('file', 'text', (col) => col.notNull())
        .addColumn('item_id', 'text', (col) => col.notNull())
        .addColumn('account_id', 'integer', (col) => col.notNull().references('studio_accounts.id').onDelete('cascade'))
        .addColumn('since', 'text', (col) => col.notNull())
        .addColumn('seen_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('content_locks_key', ['file', 'item_id'])
        .$call(withoutRowid(isPostgres(db)))
        .execute();
      await db.schema.createIndex('content_locks_by_account').on('content_locks').column('account_id').execute();
    },
  },

  '0015-content-media': shipped(15, async (db, postgres) => {
    // The images uploaded through the studio, so that every instance serves them and the git record
    // can write them under content/media/: name is the file's name there (<slug>-<hash8>.<ext>),
    // bytes the file, type its MIME type, size its length, uploaded_by the account's e-mail.
    await db.schema
      .createTable('content_media')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('bytes', postgres ? 'bytea' : 'blob', (col) => col.notNull())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('size', 'integer', (col) => col.notNull())
      .addColumn('uploaded_by', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
  }),

  '0016-content-reviews': {
    up: async (db) => {
      const postgres = isPostgres(db);
      // Review before publish: a request keeps exactly what would be published (changes: { path:
      // text | null } made from base_release, with summary and changed as JSON arrays), who asked
      // (author_*), their message, and how it ended: state open until approved (release: the one
      // it made, decided_by: the publisher), sent back or withdrawn.
      await db.schema
        .createTable('content_reviews')
        .addColumn('id', 'integer', serialKey(postgres))
        .addColumn('author_id', 'integer', (col) => col.references('studio_accounts.id').onDelete('set null'))
        .addColumn('author_email', 'text', (col) => col.notNull())
        .addColumn('message', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('changes', 'text', (col) => col.notNull().check(json(postgres, 'changes')))
        .addColumn('summary', 'text', (col) => col.notNull().check(json(postgres, 'summary')))
        .addColumn('base_release', 'integer', (col) => col.notNull())
        .addColumn('state', 'text', (col) =>
          col
            .notNull()
            .defaultTo('open')
            .check(sql`state IN ('open', 'approved', 'sent-back', 'withdrawn')`),
        )
        .addColumn('decided_by', 'text')
        .addColumn('release', 'integer')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('decided_at', 'text')
        .execute();
      await db.schema.createIndex('content_reviews_by_state').on('content_reviews').columns(['state', 'id']).execute();
      // The comments of a request, in order: who wrote them (e-mail) and when.
      await db.schema
        .createTable('content_review_comments')
        .addColumn('id', 'integer', serialKey(postgres))
        .addColumn('review_id', 'integer', (col) => col.notNull().references('content_reviews.id').onDelete('cascade'))
        .addColumn('author_email', 'text', (col) => col.notNull())
        .addColumn('text', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('content_review_comments_by_review').on('content_review_comments').columns(['review_id', 'id']).execute();
    },
  },
};

/** The schema version a migration's name starts with. */
export const migrationVersion = (name: string): number => Number.parseInt(name, 10);

/** The last migration: a database below it was not yet opened by this version of the server. */
export const SCHEMA_VERSION = Math.max(...Object.keys(migrations).map(migrationVersion));
