import { TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reloadPage } from '../lib/navigation';
import { cn } from '../lib/utils';
import { Button } from './ui/button';

/**
 * A part of the app (a screen's or a dialog's chunk) that could not be fetched: the connection
 * dropped, or the server went away mid-load. React.lazy keeps that failure, so only a reload
 * fetches it again. The messages are Chromium's, Firefox's and Safari's.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Loading chunk/i.test(message);
}

export const SCREEN_ERROR_TITLE = 'Something went wrong';
export const SCREEN_ERROR_MESSAGE = 'This screen ran into a problem. Try again, or reload the page.';
export const CHUNK_ERROR_MESSAGE =
  'Part of Journal could not be loaded. Check your connection, then reload the page.';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** A new value (the address, a dialog opening again) clears the error and renders the children. */
  resetKey?: unknown;
  /** The whole window's fallback (nothing else is on screen) rather than the page area's. */
  fullScreen?: boolean;
  /** Instead of the card: what to show, given the error and a way to try again. */
  fallback?: (error: unknown, retry: () => void) => ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
  error: unknown;
  resetKey: unknown;
}

/**
 * Without it, an error while rendering (or a chunk that fails to arrive) unmounts the whole app and
 * leaves a blank window with no way on (decision 0515). The shell keeps one around the page area,
 * keyed by the address so that moving elsewhere recovers; the root has one for everything else.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState) {
    return Object.is(props.resetKey, state.resetKey)
      ? null
      : { failed: false, error: undefined, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // Where it happened, for whoever opens the console (React prints the error itself).
    console.error('A screen could not be shown:', error, info.componentStack);
  }

  private readonly retry = () => this.setState({ failed: false, error: undefined });

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback) return this.props.fallback(this.state.error, this.retry);
    return <ErrorCard error={this.state.error} retry={this.retry} fullScreen={this.props.fullScreen} />;
  }
}

function ErrorCard({
  error,
  retry,
  fullScreen,
}: {
  error: unknown;
  retry: () => void;
  fullScreen?: boolean;
}) {
  const chunk = isChunkLoadError(error);
  return (
    <div
      className={cn(
        'flex justify-center bg-background p-4 text-foreground',
        fullScreen ? 'min-h-dvh items-center' : 'pt-12 md:p-6 md:pt-16',
      )}
    >
      <div
        role="alert"
        className="w-full max-w-md rounded-2xl border border-border bg-card p-8 text-center shadow-xl"
      >
        <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-destructive/15 text-destructive">
          <TriangleAlert className="size-7" aria-hidden />
        </div>
        <h1 className="text-2xl font-bold">{SCREEN_ERROR_TITLE}</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          {chunk ? CHUNK_ERROR_MESSAGE : SCREEN_ERROR_MESSAGE}
        </p>
        <div className="mt-6 flex justify-center gap-3">
          {!chunk && (
            <Button variant="secondary" onClick={retry}>
              Try again
            </Button>
          )}
          <Button onClick={reloadPage}>Reload</Button>
        </div>
      </div>
    </div>
  );
}
