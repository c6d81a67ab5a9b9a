import { type LucideIcon, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '../lib/utils';
import { Button } from './ui/button';

/** Padding and width every screen inside the shell shares. */
export function Page({ children, className }: { children: ReactNode; className?: string }) {
  // Phones: 16 px sides, so rows of 44 px tap targets leave their titles room (decision 0365).
  return <div className={cn('mx-auto w-full max-w-5xl px-4 py-8 sm:px-6', className)}>{children}</div>;
}

export function PageHeader({
  title,
  description,
  icon: Icon,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  icon?: LucideIcon;
  actions?: ReactNode;
}) {
  return (
    <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
      <div className="flex items-center gap-4">
        {Icon && (
          <div className="flex size-14 items-center justify-center rounded-xl bg-primary/15 text-primary ring-1 ring-primary/25">
            <Icon className="size-7" aria-hidden />
          </div>
        )}
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
        </div>
      </div>
      {actions}
    </header>
  );
}

/** A screen's place while its data loads; the status role lets screen readers announce it. */
export function PageLoading({ children }: { children: ReactNode }) {
  return (
    <Page>
      <p role="status" className="text-muted-foreground">
        {children}
      </p>
    </Page>
  );
}

/** The 'not found' card of a page reached by its address, with the way back (spec section 2). */
export function NotFoundCard({
  title,
  message,
  icon: Icon = UserX,
  backLabel = 'Back to Home',
  children,
}: {
  title: string;
  message: string;
  icon?: LucideIcon;
  backLabel?: string;
  children?: ReactNode;
}) {
  return (
    <Page className="flex justify-center">
      <div className="mt-12 w-full max-w-md rounded-2xl border border-border bg-card p-8 text-center shadow-xl">
        <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Icon className="size-7" aria-hidden />
        </div>
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{message}</p>
        {children}
        <Button asChild variant="secondary" className="mt-6">
          <Link href="/">{backLabel}</Link>
        </Button>
      </div>
    </Page>
  );
}

/** The dashed "nothing here yet" box of the placeholder and empty screens. */
export function EmptyState({ icon: Icon, title, hint }: { icon: LucideIcon; title: string; hint?: string }) {
  return (
    <div className="flex flex-col items-center justify-center rounded-xl border border-dashed border-border px-6 py-16 text-center">
      <Icon className="mb-4 size-10 text-muted-foreground" aria-hidden />
      <p className="font-medium">{title}</p>
      {hint && <p className="mt-1 max-w-sm text-sm text-muted-foreground">{hint}</p>}
    </div>
  );
}

/** Frame for pages shown outside the shell (signed out). */
export function StandalonePage({ children }: { children: ReactNode }) {
  return <div className="min-h-dvh bg-background">{children}</div>;
}

/** Full-screen, centred loading message (spec section 2, while the session loads). */
export function FullScreenLoading() {
  return (
    <div role="status" className="flex h-dvh items-center justify-center bg-background text-muted-foreground">
      Loading...
    </div>
  );
}
