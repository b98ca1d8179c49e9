import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logError } from '../lib/log';

interface Props {
  /** The router's location (path, query and key): a navigation shows the routes again. */
  location: string;
  /** What shows in place of the routes while they fail. */
  fallback: ReactNode;
  children: ReactNode;
}

interface State {
  failed: boolean;
  location: string;
}

/**
 * Around the routes: a page whose code did not load, or that threw outside its sections' own
 * boundaries (engine/SectionBoundary.tsx), is logged and shows `fallback` until the next navigation.
 */
export class RouteBoundary extends Component<Props, State> {
  state: State = { failed: false, location: this.props.location };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.location === state.location ? null : { failed: false, location: props.location };
  }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    logError('route', { error, componentStack: info.componentStack });
  }

  render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
