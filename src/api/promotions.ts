import type { Plan } from '../generated/api';
import { ApiError, postJson } from './client';

/**
 * POST promotion-shop-plans/check/code: the plan that `code` unlocks in the
 * promotion `resellerId`, or null when the code unlocks nothing (404, or a reply without an id).
 */
export async function checkPromotionCode(path: string, resellerId: number, code: string): Promise<Plan | null> {
  try {
    const reply = await postJson<{ data?: Partial<Plan> | null } | null>(path, { reseller_id: resellerId, code });
    const plan = reply?.data;
    return plan && typeof plan.id === 'number' ? (plan as Plan) : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
