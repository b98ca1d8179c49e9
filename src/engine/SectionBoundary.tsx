import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logError } from '../lib/log';
import { markLive, slotOf } from './hydration';

interface Props {
  label: string;
  /** The section's slot (engine/hydration.ts): a failed section counts as live, so input kept after its own is replayed. */
  slot?: string;
  children: ReactNode;
}

/** One per section: a block that throws is logged and rendered as nothing; the rest of the page stays. */
export class SectionBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    logError(`section ${this.props.label}`, { error, componentStack: info.componentStack });
    if (this.props.slot !== undefined) markLive(slotOf(this.props.slot));
  }

  render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
