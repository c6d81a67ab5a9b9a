/** The id of the element a skip link moves to: the page's main region. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first Tab stop of every page (issue 23, WCAG 2.4.1): hidden until focused, it moves focus
 * past the rail, the playlists and the search to the main region. Focus is moved by hand rather
 * than by the #fragment, which would change the address the router reads.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
      className="sr-only rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
    >
      Skip to main content
    </a>
  );
}
