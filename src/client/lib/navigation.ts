// Full-page navigations live here rather than inline so tests can replace them: jsdom cannot
// navigate, and the sign-in flows must leave the single-page app (the server sets cookies).

/** Leave the app for a server-handled URL (Google sign-in) or restart it on a new URL. */
export function navigateTo(url: string): void {
  window.location.href = url;
}

/** Reload the current page, e.g. after a session was created so every query starts fresh. */
export function reloadPage(): void {
  window.location.reload();
}
