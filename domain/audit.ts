/**
 * A row of the studio's audit trail as its API lists it (`GET /api/studio/audit`): written once, for
 * the server, which stores it with its hash chain, and the studio's audit screen, which reads it.
 * `before` and `after` are short JSON texts.
 */
export interface AuditEntryRow {
  id: number;
  at: string;
  actor: string | null;
  ip: string | null;
  request_id: string | null;
  action: string;
  target: string | null;
  before: string | null;
  after: string | null;
}
