/**
 * What the staff desk's services (server/desk/) share: who acts, what an action reports, and why one
 * is refused. The services are the one place the desk's rules live: the operator commands
 * (scripts/submissions.ts, payments.ts, outbox.ts) and the studio's routes both call them. They
 * decide nothing about rights (the studio's roles do) and write no audit row (the studio writes each
 * DeskAction it gets into its trail).
 */

import type { DeskActionSummary } from '../../domain/desk';

/** Who does an action: an account of the studio, or an operator command (`id` 'command:<name>'). */
export interface Actor {
  id: string;
  /** The account's e-mail address; empty for a command. */
  email: string;
}

/** How an actor is named in what it leaves in the database (an assignee, a note's author, a review's resolver). */
export const actorName = (actor: Actor): string => actor.email || actor.id;

/**
 * What a desk action did, for the audit trail: what it acted on, by whom, when, and a short before and
 * after of what changed (never a file's bytes, an activation code or a note's whole text). `changed`
 * false: the record already was as asked (a second "resolve" of one review, by two staff at once), so
 * nothing was written.
 */
export interface DeskAction extends DeskActionSummary {
  /** The record acted on: 'submission', 'payment-review', 'order' or 'email', and its id. */
  target: { kind: 'submission' | 'payment-review' | 'order' | 'email'; id: number };
  actor: Actor;
  /** ISO time of the action. */
  at: string;
}

/**
 * Why the desk refused: 'not-found' (no such record), 'invalid' (a value it does not take), 'gone' (the
 * data is no longer kept: a removed file, a key e-mail's forgotten codes), 'conflict' (the record is
 * not in a state that allows it). The studio answers 404, 400, 410 and 409; the message is for logs.
 */
export class DeskError extends Error {
  constructor(
    readonly reason: 'not-found' | 'invalid' | 'gone' | 'conflict',
    message: string,
  ) {
    super(message);
    this.name = 'DeskError';
  }
}

/** An action's summary; `changed` is whether any value differs. */
export function deskAction(
  action: string,
  target: DeskAction['target'],
  actor: Actor,
  at: Date,
  before: DeskAction['before'],
  after: DeskAction['after'],
  changed = Object.keys(after).some((key) => before[key] !== after[key]),
): DeskAction {
  return { action, target, actor, at: at.toISOString(), changed, before, after };
}
