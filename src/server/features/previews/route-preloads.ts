import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A chunk of Vite's build manifest (`build.manifest: true`, dist/client/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The app's entry in the manifest: index.html, whose own imports the built page preloads already. */
const ENTRY = 'index.html';

/**
 * The screens an address is sure to show, by the modules that hold them (keys of the manifest, i.e.
 * paths under src/client). `signedIn` is a guess from the session cookie: a stale cookie only costs
 * a few chunks the service worker keeps anyway.
 */
export function screensFor(pathname: string, signedIn: boolean): string[] {
  if (/^\/track\/[1-9]\d{0,15}\/?$/.test(pathname)) {
    // As lazy-screens.ts' preloadScreensFor: the page and the public frame, signed in or out.
    return ['features/tracks/shared-track-page.tsx', 'features/users/public-frame.tsx'];
  }
  if (pathname === '/') {
    return signedIn
      ? ['features/shell/app-shell.tsx', 'features/tracks/journal-page.tsx']
      : ['features/auth/landing-page.tsx'];
  }
  return [];
}

/**
 * `<link rel="modulepreload">` for the chunks a page's screens import (issue 25, decision 0375), so
 * the browser fetches them beside the entry instead of after the session probe and the entry's
 * dynamic imports, one level at a time. Without a manifest (tests' minimal pages, a dev build) no tags.
 */
export class RoutePreloads {
  private manifest: Manifest | null | undefined;
  private readonly tagsByKey = new Map<string, string>();

  constructor(private readonly clientDir: string | undefined) {}

  private load(): Manifest | null {
    if (this.manifest !== undefined) return this.manifest;
    try {
      const file = path.join(this.clientDir ?? '', '.vite', 'manifest.json');
      this.manifest = this.clientDir ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
    } catch {
      this.manifest = null;
    }
    return this.manifest;
  }

  /** The tags for a page (empty when it has none), to put in its `<head>`. */
  tags(pathname: string, signedIn: boolean): string {
    const screens = screensFor(pathname, signedIn);
    if (screens.length === 0) return '';
    const key = screens.join(',');
    let tags = this.tagsByKey.get(key);
    if (tags === undefined) {
      tags = this.build(screens);
      this.tagsByKey.set(key, tags);
    }
    return tags;
  }

  private build(screens: string[]): string {
    const manifest = this.load();
    if (!manifest?.[ENTRY]) return '';
    const closure = (keys: string[]) => {
      const seen = new Set<string>();
      const visit = (key: string) => {
        if (seen.has(key) || !manifest[key]) return;
        seen.add(key);
        for (const dep of manifest[key].imports ?? []) visit(dep);
      };
      for (const key of keys) visit(key);
      return seen;
    };
    const already = closure([ENTRY]);
    const links: string[] = [];
    for (const key of closure(screens.filter((s) => manifest[s]))) {
      if (already.has(key)) continue;
      const chunk = manifest[key]!;
      links.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
      for (const css of chunk.css ?? [])
        links.push(`<link rel="preload" as="style" crossorigin href="/${css}">`);
    }
    return links.join('\n    ');
  }
}

/** The page with `tags` put before `</head>` (as they are when there is none). */
export function withPreloads(html: string, tags: string): string {
  if (!tags) return html;
  return /<\/head>/i.test(html)
    ? html.replace(/<\/head>/i, () => `  ${tags}\n  </head>`)
    : `${tags}\n${html}`;
}
