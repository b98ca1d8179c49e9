import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { Component, type ReactNode } from 'react';

/** A part of the editor that fails (a lazy chunk that does not load, a component that throws) shows why; the rest stays. */
export class ErrorBoundary extends Component<{ what: string; children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: unknown): void {
    console.error(error);
  }

  render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{this.props.what} failed</MessageBarTitle>
          {this.state.error.message}
        </MessageBarBody>
      </MessageBar>
    );
  }
}
