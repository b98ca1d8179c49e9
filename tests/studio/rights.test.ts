import { describe, expect, it } from 'vitest';
import type { Role } from '../../server/studio/rights';
import { FROM_STUDIO, useStudio, type TestAccount } from './helpers';

/**
 * Who may call each studio route. Written here by hand, apart from the rules table it checks: a
 * route the studio has and this table lacks fails the test, so that no route ships unchecked.
 * 'public': anybody; 'signed-in': any account; else the roles that may.
 */
const EXPECTED: Record<string, 'public' | 'signed-in' | Role[]> = {
  'GET /api/studio/health': 'public',
  'POST /api/studio/sign-in': 'public',
  'POST /api/studio/enrolment/start': 'public',
  'POST /api/studio/enrolment/finish': 'public',
  'POST /api/studio/sign-in/passkey/options': 'public',
  'POST /api/studio/sign-in/passkey': 'public',
  'POST /api/studio/enrolment/passkey/options': 'public',
  'POST /api/studio/enrolment/passkey/finish': 'public',
  'GET /api/studio/me': 'signed-in',
  'POST /api/studio/sign-out': 'signed-in',
  'POST /api/studio/sign-out-everywhere': 'signed-in',
  'POST /api/studio/me/recovery-codes': 'signed-in',
  'GET /api/studio/me/passkeys': 'signed-in',
  'POST /api/studio/me/passkeys/options': 'signed-in',
  'POST /api/studio/me/passkeys': 'signed-in',
  'DELETE /api/studio/me/passkeys/:id': 'signed-in',
  'GET /api/studio/accounts': ['admin'],
  'GET /api/studio/invitations': ['admin'],
  'POST /api/studio/invitations': ['admin'],
  'PUT /api/studio/accounts/:id/roles': ['admin'],
  'PUT /api/studio/accounts/:id/disabled': ['admin'],
  'POST /api/studio/accounts/:id/reset-factors': ['admin'],
  'GET /api/studio/audit': ['admin'],
  'GET /api/studio/audit.csv': ['admin'],
  'GET /api/studio/desk/forms': ['staff'],
  'GET /api/studio/desk/forms/:form/submissions': ['staff'],
  'GET /api/studio/desk/forms/:form/submissions.csv': ['staff'],
  'GET /api/studio/desk/submissions/:id': ['staff'],
  'PUT /api/studio/desk/submissions/:id/status': ['staff'],
  'PUT /api/studio/desk/submissions/:id/assignee': ['staff'],
  'POST /api/studio/desk/submissions/:id/notes': ['staff'],
  'GET /api/studio/desk/submissions/:id/files/:file': ['staff'],
  'GET /api/studio/desk/orders': ['staff'],
  'GET /api/studio/desk/orders/:id': ['staff'],
  'POST /api/studio/desk/orders/:id/resend-keys': ['staff'],
  'GET /api/studio/desk/payment-reviews': ['staff'],
  'POST /api/studio/desk/payment-reviews/:id/resolve': ['staff'],
  'GET /api/studio/desk/emails': ['staff'],
  'POST /api/studio/desk/emails/:id/resend': ['staff'],
  'GET /api/studio/editor/project': ['editor'],
  'GET /api/studio/editor/hashes': ['editor'],
  'POST /api/studio/editor/check': ['editor'],
  'POST /api/studio/editor/save': ['editor'],
  'DELETE /api/studio/editor/draft': ['editor'],
  'GET /api/studio/editor/publish': ['editor'],
  'POST /api/studio/editor/publish': ['editor'],
  'GET /api/studio/editor/releases': ['editor'],
  'GET /api/studio/media': ['editor'],
  'POST /api/studio/media': ['editor'],
  'GET /api/studio/media/:name': ['editor'],
  'DELETE /api/studio/media/:name': ['editor'],
  'POST /api/studio/editor/preview': ['editor'],
  'POST /api/studio/editor/preview/drafts': ['editor'],
  'POST /api/studio/editor/forms/check': ['editor'],
  'POST /api/studio/editor/lock': ['editor'],
  'POST /api/studio/editor/lock/take-over': ['editor'],
  'DELETE /api/studio/editor/lock': ['editor'],
  'GET /api/studio/editor/releases/:number': ['editor'],
  'GET /api/studio/editor/history': ['editor'],
  'POST /api/studio/editor/history/draft': ['editor'],
  'POST /api/studio/editor/rollback': ['editor'],
  'GET /api/studio/schedules': ['editor'],
  'POST /api/studio/schedules': ['editor'],
  'DELETE /api/studio/schedules/:id': ['editor'],
  'GET /api/studio/reviews': ['editor', 'publisher'],
  'GET /api/studio/reviews/:id': ['editor', 'publisher'],
  'POST /api/studio/reviews': ['editor'],
  'POST /api/studio/reviews/:id/comments': ['editor', 'publisher'],
  'POST /api/studio/reviews/:id/approve': ['publisher'],
  'POST /api/studio/reviews/:id/send-back': ['publisher'],
  'POST /api/studio/reviews/:id/withdraw': ['editor'],
  'GET /api/studio/settings': ['admin'],
  'PUT /api/studio/settings': ['admin'],
};

const CALLERS = ['nobody', 'staff', 'editor', 'publisher', 'admin'] as const;

describe('studio rights: every route as nobody, staff, editor, publisher and admin', () => {
  const studio = useStudio();
  const accounts = {} as Record<Role, TestAccount>;

  it('has a rule in this table for every route, and every route of the table exists', async () => {
    const routes = studio.started.studio.studioRoutes!.map((route) => `${route.method} ${route.url}`);
    expect(routes.filter((route) => !(route in EXPECTED))).toEqual([]);
    expect(Object.keys(EXPECTED).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('refuses to register a route that declares no access', () => {
    expect(() => studio.started.studio.get('/api/studio/undeclared', async () => ({ leaked: true }))).toThrow(/declares no access/);
  });

  it('answers each route to whom its rule allows: 401 without a session, 403 to a role it does not allow', async () => {
    for (const role of ['staff', 'editor', 'publisher', 'admin'] as const)
      accounts[role] = await studio.account(`${role}@rights.example`, [role]);
    const target = await studio.account('target@rights.example', ['staff']);
    const outcomes: string[] = [];
    const wrong: string[] = [];
    const sessions = new Map<Role, string>();
    for (const role of ['staff', 'editor', 'publisher', 'admin'] as const) sessions.set(role, await studio.signIn(accounts[role]));
    for (const route of studio.started.studio.studioRoutes!) {
      const key = `${route.method} ${route.url}`;
      const rule = EXPECTED[key];
      for (const caller of CALLERS) {
        // State-changing calls carry an invalid body (or id), so an allowed call is refused by its
        // validation and changes nothing; a sign-out ends its session: the next call signs in anew.
        const endsSession = /sign-out/.test(key);
        const cookie = caller === 'nobody' ? undefined : endsSession ? await studio.signIn(accounts[caller]) : sessions.get(caller);
        const url = route.url.replace(':id', route.method === 'GET' ? String(target.id) : 'not-a-number');
        const writes = route.method !== 'GET';
        const response = await studio.started.studio.inject({
          method: route.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
          url,
          headers: { ...FROM_STUDIO, ...(cookie ? { cookie } : {}) },
          ...(writes && !endsSession ? { payload: { unexpected: true } } : {}),
        });
        // Signing out everywhere ended the role's other session too.
        if (endsSession && caller !== 'nobody') sessions.set(caller, await studio.signIn(accounts[caller]));
        const allowed = rule === 'public' || (caller !== 'nobody' && (rule === 'signed-in' || rule.includes(caller)));
        const expected = allowed ? 'allowed' : caller === 'nobody' ? 401 : 403;
        const got = response.statusCode === 401 || response.statusCode === 403 ? response.statusCode : 'allowed';
        outcomes.push(`${key} as ${caller}: ${got}`);
        if (got !== expected) wrong.push(`${key} as ${caller}: expected ${expected}, got ${response.statusCode} ${response.body}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(outcomes.length).toBe(Object.keys(EXPECTED).length * CALLERS.length);
  });
});
