import { CircleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';

/** Any unknown path (spec section 2); the hint is aimed at developers adding a screen. */
export function NotFoundPage() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background p-4">
      <main className="w-full max-w-md rounded-2xl border border-border bg-card p-8 shadow-2xl">
        <div className="flex items-center gap-3">
          <CircleAlert className="size-8 text-destructive" aria-hidden />
          <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
        <Button asChild variant="secondary" className="mt-6">
          <Link href="/">Back to Home</Link>
        </Button>
      </main>
    </div>
  );
}
