import { Component, type ErrorInfo, type ReactNode } from 'react';

import { isChunkLoadError } from '@/lib/lazy-page';

/** The global error screen: 'Something went wrong.', the error message and 'Try again'. */
export function ErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-xl font-semibold text-slate-900 dark:text-slate-50">
        Something went wrong.
      </h1>
      {message ? (
        <p className="break-words text-sm text-slate-700 dark:text-slate-300">{message}</p>
      ) : null}
      <button
        type="button"
        onClick={onRetry}
        className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        Try again
      </button>
    </div>
  );
}

interface Props {
  children: ReactNode;
  /** Reset when this changes (the route's location key). */
  resetKey?: string;
}

interface State {
  error: unknown;
  hasError: boolean;
  resetKey: string | undefined;
}

/** The global error boundary: 'Try again' clears the error and renders the children again. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) {
      return { resetKey: props.resetKey, error: null, hasError: false };
    }
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled error in the interface', error, info.componentStack);
  }

  private readonly retry = () => {
    // A chunk that failed to load is cached as failed by React.lazy: only a reload fetches it again.
    if (isChunkLoadError(this.state.error)) {
      window.location.reload();
      return;
    }
    this.setState({ error: null, hasError: false });
  };

  override render() {
    if (this.state.hasError) return <ErrorScreen error={this.state.error} onRetry={this.retry} />;
    return this.props.children;
  }
}
