import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logError } from '../lib/log';

interface Props {
  label: string;
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
  }

  render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
