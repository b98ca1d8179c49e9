import type { Db } from '../db';
import { OpsError } from '../ops/cli';
import { accountByEmail, accountEmail, createInvitation } from './accounts';
import { appendAudit, STUDIO_LOCK, verifyAuditChain, type ChainCheck } from './audit';
import { enrolmentLink } from './invite';

/**
 * What `npm run studio` does (scripts/studio.ts): the first admin's enrolment link, and the check
 * of the audit chain.
 */

/** A plain address: something@somewhere, no spaces. */
const ADDRESS = /^[^@\s]{1,64}@[^@\s]{1,190}$/;

/**
 * Writes a single-use enrolment link (48 hours) for an admin account of `email` and returns it; the
 * audit trail records it with no actor (the command line). An e-mail that has an account already is
 * refused: an admin resets its factors in the studio.
 */
export async function addAdmin(db: Db, email: string, studioUrl: string, now: Date): Promise<string> {
  const address = accountEmail(email);
  if (!ADDRESS.test(address)) throw new OpsError(`'${email.slice(0, 100)}' is not an e-mail address.`, 2);
  if (await accountByEmail(db.query, address))
    throw new OpsError(`${address} has an account already: another admin can reset its factors in the studio.`);
  const token = await db.write(STUDIO_LOCK, async (q) => {
    const created = await createInvitation(q, address, ['admin'], now);
    await appendAudit(
      q,
      { actor: null, ip: null, requestId: null, action: 'invitation.command-line', target: address, after: { roles: ['admin'] } },
      now,
    );
    return created;
  });
  return enrolmentLink(studioUrl, token);
}

/** The chain's check in words, and whether it holds. */
export async function verifyAudit(db: Db): Promise<{ ok: boolean; report: string }> {
  const check: ChainCheck = await verifyAuditChain(db.query);
  if (check.ok) return { ok: true, report: `OK: ${check.rows} audit rows, chain unbroken; last hash ${check.last}` };
  return {
    ok: false,
    report:
      check.problem === 'changed'
        ? `Audit row ${check.id} was changed after it was written (its hash does not match).`
        : `Audit row ${check.id} was removed (the chain skips from the row before it).`,
  };
}
