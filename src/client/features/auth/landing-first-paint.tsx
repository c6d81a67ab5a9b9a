import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { LandingPage } from './landing-page';

/**
 * The landing page as its first render draws it (the sign-in methods not yet known), as HTML, for
 * the build to write into landing.html (scripts/vite-landing-first-paint.ts, decision 0930). Built
 * from the component itself, so the page the server sends and the one React draws over it stay one.
 * Never imported by the app: it would bring react-dom/server into the browser.
 */
export function landingFirstPaintHtml(): string {
  // Nothing is fetched while rendering to a string: the queries stay loading, as on the client
  // before the server has answered (the Google button disabled, no demo link yet).
  const client = new QueryClient();
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <LandingPage />
    </QueryClientProvider>,
  );
}
