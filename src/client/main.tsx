import './zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { ErrorBoundary } from './components/error-boundary';
import { pageShowsLanding, takeUserFromPage } from './entities/user/use-auth';
import { persistInBackground, restoreIfOffline } from './features/offline/offline-boot';
import { registerServiceWorker } from './features/pwa/register-sw';
import { preloadLandingPage } from './lazy-screens';
import { queryClient } from './lib/query-client';
import { warmClassMerge } from './lib/utils';
import { whenIdle } from './lib/when-idle';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain #root');

// Signed in, the server wrote the user into the page: the first screen need not ask (decision 0380).
takeUserFromPage(queryClient);
whenIdle(warmClassMerge, 1000);

// Offline, the journal as last seen is read back first, so the signed-in shell (not the landing
// page) draws from it (issue 25); online nothing waits. Where the server drew the landing, its
// chunk comes first, so React's first commit draws the same page over it (decision 0930).
const landingChunk = pageShowsLanding() ? preloadLandingPage() : undefined;
void Promise.all([restoreIfOffline(queryClient), landingChunk]).then(() => {
  const app = createRoot(root);
  // As a transition, React renders the first screen in slices and lets the browser in between
  // (a plain render is one task: on a phone, Lighthouse counted it against the page, decision 0380).
  startTransition(() => {
    app.render(
      <StrictMode>
        {/* Anything the screens' own boundaries do not catch: a card instead of a blank window. */}
        <ErrorBoundary fullScreen>
          <App />
        </ErrorBoundary>
      </StrictMode>,
    );
  });
  // Keeping the journal for an offline start is background work: after the first screen (0380).
  whenIdle(() => persistInBackground(queryClient));
});

// The service worker (issue 25, decision 0355): built and registered in production only, after the
// first screen; the embed page has an entry of its own and never registers it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) void registerServiceWorker();
