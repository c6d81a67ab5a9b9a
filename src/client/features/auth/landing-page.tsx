import { Music, TriangleAlert } from 'lucide-react';
import { SessionEndedNotice } from './session-ended';
import { SignInControls } from './sign-in-controls';

/** Signed-out home, and the sign-in prompt shown on any signed-in-only route (spec sections 1, 2). */
export function LandingPage() {
  return (
    <div className="relative flex min-h-dvh items-center justify-center overflow-hidden bg-background px-4 py-12">
      {/* Soft colour wash behind the card; purely decorative. A gradient rather than a blurred disc
          under a blurring card: without a GPU, the two blurs took 300 ms to paint (decision 0930). */}
      <div
        aria-hidden
        className="pointer-events-none absolute -top-72 left-1/2 size-[52rem] -translate-x-1/2 bg-radial-[closest-side] from-primary/15 from-40% via-primary/8 via-70% to-transparent"
      />
      <main className="relative w-full max-w-md rounded-2xl border border-border bg-card/80 p-8 text-center shadow-2xl">
        <div className="mx-auto mb-6 flex size-16 items-center justify-center rounded-2xl bg-primary/15 text-primary ring-1 ring-primary/30">
          <Music className="size-8" aria-hidden />
        </div>
        <h1 className="text-4xl font-bold tracking-tight">Journal</h1>
        <p className="mt-3 text-balance text-muted-foreground">
          Experimental community platform for music lovers IYKYK
        </p>
        <SessionEndedNotice />
        <div className="mt-8">
          <SignInControls />
        </div>
        <p
          role="alert"
          className="mt-6 flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-left text-sm text-red-400"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>Warning: this product is highly experimental. Use it entirely at your own risk.</span>
        </p>
      </main>
    </div>
  );
}
