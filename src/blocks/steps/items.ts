import type { Step } from '../../generated/api';
import type { StepItem } from '../../generated/blocks';

/** One step as the block shows it. */
export interface ShownStep {
  key: string;
  title: string;
  caption?: string;
  image?: string;
}

/** The steps to show, in order: a bound source's steps (already sorted by precedence) win over the section's own items. */
export function stepItems(bound: readonly Step[], own: readonly StepItem[] | undefined): ShownStep[] {
  if (bound.length > 0) {
    return bound.map((step) => ({
      key: `source-${step.id}`,
      title: step.title,
      caption: step.caption || undefined,
      image: step.background_image?.main || undefined,
    }));
  }
  return (own ?? []).map((step, index) => ({ key: `own-${index}`, title: step.title, caption: step.caption }));
}
