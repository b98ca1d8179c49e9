import { API, CSRF_HEADER, del, post } from '../api';

/** An item of a content file: what an edit lock is taken on. */
export interface LockTarget {
  file: string;
  id: string;
}

/** The lock's answer: the caller holds it, or someone else does (since when). */
export type LockState = ({ held: true; since: string } | { held: false; holder: { email: string; since: string } }) & {
  heartbeatMs: number;
};

export const lockItem = (target: LockTarget) => post<LockState>('/editor/lock', target);
export const takeOverItem = (target: LockTarget) => post<LockState>('/editor/lock/take-over', target);
export const releaseItem = (target: LockTarget) => del<void>('/editor/lock', target);

/** Releases a lock as the page goes away: a request the browser finishes after the page is gone. */
export function releaseOnLeave(target: LockTarget): void {
  void fetch(`${API}/editor/lock`, {
    method: 'DELETE',
    credentials: 'same-origin',
    keepalive: true,
    headers: { ...CSRF_HEADER, 'content-type': 'application/json' },
    body: JSON.stringify(target),
  }).catch(() => undefined);
}
