import { Music } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import { Button } from '../../components/ui/button';
import { PlayerBar } from '../player-bar';

/**
 * The frame of the pages a signed-out visitor may open (public profile, shared track link): no
 * shell, but a slim top bar home and the player bar, so the tracks there can be played. The one
 * PlayerProvider wraps the whole app, so this bar drives the same <audio> as the shell's.
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    // A fixed frame: the document never scrolls, so the player bar stays put (decision 0365).
    <div className="app-frame bg-background text-foreground">
      <SkipLink />
      <header className="flex h-14 shrink-0 items-center justify-between border-b border-border px-4">
        <Link
          href="/"
          className="flex items-center gap-2 rounded-md font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-primary/15 text-primary ring-1 ring-primary/30">
            <Music className="size-4" aria-hidden />
          </span>
          Journal
        </Link>
        <Button asChild variant="outline" size="sm">
          <Link href="/">Sign in</Link>
        </Button>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain focus:outline-none"
      >
        {children}
      </main>
      <PlayerBar />
    </div>
  );
}
