import { get, post } from '../api';

/** A review request as GET /api/studio/reviews gives it. */
export interface ReviewItem {
  id: number;
  state: 'open' | 'approved' | 'sent-back' | 'withdrawn';
  authorId: number | null;
  authorEmail: string;
  message: string;
  summary: string[];
  changed: string[];
  baseRelease: number;
  decidedBy: string | null;
  release: number | null;
  createdAt: string;
  decidedAt: string | null;
}

export interface ReviewComment {
  id: number;
  authorEmail: string;
  text: string;
  createdAt: string;
}

/** GET /api/studio/reviews/:id: the request, its comments and the live release. */
export interface ReviewDetail {
  review: ReviewItem;
  comments: ReviewComment[];
  live: number;
}

export const reviewPath = (id: number | string) => `/reviews/${id}`;
export const getReview = (id: string) => get<ReviewDetail>(reviewPath(id));
export const requestReview = (baseRelease: number, message: string) =>
  post<{ id: number; publishers: number }>('/reviews', { baseRelease, message });
export const commentOn = (id: number, text: string) => post(`${reviewPath(id)}/comments`, { text });
export const approveReview = (id: number) => post<{ release: number }>(`${reviewPath(id)}/approve`);
export const sendBackReview = (id: number, comment: string) => post(`${reviewPath(id)}/send-back`, { comment });
export const withdrawReview = (id: number) => post(`${reviewPath(id)}/withdraw`);
