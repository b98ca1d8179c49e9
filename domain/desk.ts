/**
 * The staff desk's records as the studio's API sends them (JSON), and the bounds of what it takes:
 * written once, for the server's desk services (server/desk/), which build them, and the studio's
 * screens (studio/), which read them. Times are ISO strings; amounts are integer centavos.
 */

/** What an order was bought through. */
export type OrderKind = 'standard' | 'merchant' | 'promotion' | 'reseller';
export type OrderStatus = 'pending' | 'paid' | 'cancelled';
/** Why a cancelled order was cancelled: by the buyer (at the provider) or at its expiry. */
export type CancelReason = 'buyer' | 'expired';
/** What an e-mail reports: an order's access keys, a form submission sent to staff, a studio enrolment link. */
export type MailKind = 'keys' | 'form' | 'studio';
export type OutboxStatus = 'pending' | 'sent' | 'failed';
/** Why a confirmed payment could not be matched to keys and waits for staff. */
export type ReviewReason = 'paid-after-buyer-cancel' | 'second-payment';

/** A submission's statuses, in the order a record goes through them. */
export const SUBMISSION_STATUSES = ['new', 'in progress', 'done'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** The longest internal note on a submission. */
export const MAX_NOTE_LENGTH = 2000;
/** The most submissions a page of a list holds. */
export const MAX_PAGE_SIZE = 100;
/** The longest search of a submission list (name or e-mail). */
export const MAX_SEARCH_LENGTH = 100;
/** The longest order search (an e-mail, an order number or an access key). */
export const MAX_ORDER_QUERY_LENGTH = 254;
/** The longest resolution of a payment to review. */
export const MAX_RESOLUTION_LENGTH = 500;

/** A submission as a list shows it: no personal data beyond the name and e-mail. */
export interface SubmissionListItem {
  id: number;
  name: string;
  email: string;
  status: SubmissionStatus;
  assignee: string | null;
  /** When it was submitted. */
  submittedAt: string;
  /** Seconds since it was submitted. */
  ageSeconds: number;
}

export interface SubmissionList {
  form: string;
  items: SubmissionListItem[];
  /** How many match the filters, over every page. */
  total: number;
  page: number;
  pageSize: number;
}

export interface SubmissionFile {
  id: number;
  filename: string;
  /** The type the server checked the bytes against on upload. */
  mime: string;
  size: number;
  /** When it was removed at the end of its retention (its bytes are gone), else null. */
  removedAt: string | null;
}

export interface SubmissionNote {
  id: number;
  author: string;
  at: string;
  text: string;
}

/** A submission opened: every field under its label, its files (no bytes), its notes, oldest first. */
export interface OpenedSubmission extends SubmissionListItem {
  form: string;
  statusChangedAt: string | null;
  fields: Array<{ name: string; label: string; value: string }>;
  files: SubmissionFile[];
  notes: SubmissionNote[];
}

/** An order as a search lists it. */
export interface OrderListItem {
  id: number;
  email: string;
  status: OrderStatus;
  plan: string;
  quantity: number;
  total: number;
  currency: string;
  createdAt: string;
}

/** A provider notification applied to an order. */
export interface PaymentEvent {
  eventId: string;
  type: string;
  outcome: string;
  receivedAt: string;
}

/** A payment the provider confirmed that issued no keys: staff refund it or issue keys by hand. */
export interface PaymentReview {
  id: number;
  event_id: string;
  order_id: number;
  reason: ReviewReason;
  amount: number;
  currency: string;
  received_at: string;
  resolved_at: string | null;
  resolution: string | null;
  /** Who closed it: a staff account's e-mail, or the command ('command:payments'). */
  resolved_by: string | null;
}

/** A review with its reason in words and its order's buyer and plan, as the desk lists it. */
export interface ReviewListItem extends PaymentReview {
  why: string;
  order: {
    id: number;
    status: OrderStatus;
    cancel_reason: CancelReason | null;
    plan_name: string;
    quantity: number;
    email: string;
  } | null;
}

/** An e-mail as the desk lists it: who it goes to and why it waits or failed, never its text. */
export interface EmailListItem {
  id: number;
  kind: MailKind;
  to: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  orderId: number | null;
  submissionId: number | null;
  writtenAt: string;
  nextAttemptAt: string | null;
  sentAt: string | null;
  failedAt: string | null;
  /** The last SMTP error (a failed one: why it failed for good). */
  reason: string | null;
}

/** An order's key pair as the desk shows it: the activation code masked. */
export interface DeskKey {
  accessKey: string;
  activationCode: string;
  status: 'unused' | 'used';
  issuedAt: string;
  activatedAt: string | null;
}

/** An order opened: its buyer and lines, what the provider told, its e-mails (no text) and keys (codes masked). */
export interface OpenedOrder extends OrderListItem {
  kind: OrderKind;
  billing: Record<string, unknown>;
  lines: {
    plan: string;
    quantity: number;
    members: number;
    unitAmount: number;
    subtotal: number;
    vat: number;
    discount: number;
    total: number;
  };
  paidAt: string | null;
  cancelledAt: string | null;
  cancelReason: CancelReason | null;
  payments: PaymentEvent[];
  reviews: PaymentReview[];
  emails: EmailListItem[];
  keys: DeskKey[];
}

/**
 * What a desk action answers: what it did, and a short before and after. `changed` false: the record
 * already was as asked (the second of two staff closing one review at once), so nothing was written.
 */
export interface DeskActionSummary {
  /** e.g. 'submission.status', 'submission.assign', 'submission.note', 'payment.resolve', 'email.resend'. */
  action: string;
  changed: boolean;
  before: Record<string, string | number | null>;
  after: Record<string, string | number | null>;
}
