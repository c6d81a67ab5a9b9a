import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { injectHead, previewTags, siteTags } from './meta-tags';
import {
  type Preview,
  publicPlaylistPreview,
  publicProfilePreview,
  publicTrackPreview,
} from './previews.service';

/**
 * One kind of page that has a preview: its path pattern, and the preview of what a match names
 * (null: not public, or nothing there). The share-link slice adds `/s/{token}` with `add()`.
 * `load` may throw an HttpError of 4xx (a share link's 404 or 410): the page is then the site's
 * generic one, answered with that status (decision 0335).
 */
export interface PreviewRoute {
  pattern: RegExp;
  load(match: RegExpMatchArray, db: Database): Promise<Preview | null>;
  /** Pages of this kind ask search engines not to index them (`X-Robots-Tag: noindex`). */
  noindex?: boolean;
  /**
   * Pages of this kind are opened by a secret address (a share link): what is said about them is
   * for whoever holds it, never kept by a shared cache (issue 41).
   */
  secretAddress?: boolean;
}

/** A page's preview and whether its address is a secret (see PreviewRoute.secretAddress). */
export interface FoundPreview {
  preview: Preview;
  secretAddress: boolean;
}

/** A page with its preview tags, and the status to answer it with. */
export interface PreviewPage {
  html: string;
  status: number;
  noindex: boolean;
}

/** A loader's "no such page" (4xx HttpError): its status; anything else is thrown on. */
function clientErrorStatus(err: unknown): number {
  if (err instanceof HttpError && err.statusCode >= 400 && err.statusCode < 500) return err.statusCode;
  throw err;
}

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
};

export const PUBLIC_PREVIEW_ROUTES: PreviewRoute[] = [
  { pattern: /^\/track\/(\d{1,10})\/?$/, load: (m, db) => publicTrackPreview(db, Number(m[1])) },
  { pattern: /^\/playlist\/(\d{1,10})\/?$/, load: (m, db) => publicPlaylistPreview(db, Number(m[1])) },
  { pattern: /^\/profile\/([^/]{1,300})\/?$/, load: (m, db) => publicProfilePreview(db, decode(m[1]!)) },
];

/** Rendered pages kept per thing and version; a small LRU (Map order) so memory stays bounded. */
const PAGE_CACHE_ENTRIES = 500;

/**
 * The built index.html with the tags of the page asked for (issue 24, decision 0325): no server
 * rendering of the app, only its head. The template is read once; a page is rendered once per
 * version of its thing (the version changes with every edit of the thing or its owner), and the
 * look-up that decides public or not runs on every request, so a thing made private is never
 * served from the cache.
 */
export class PagePreviews {
  private readonly routes: PreviewRoute[] = [...PUBLIC_PREVIEW_ROUTES];
  private readonly pages = new Map<string, string>();
  private template: Promise<string> | undefined;
  private generic: string | undefined;

  constructor(
    private readonly db: Database,
    private readonly publicUrl: string,
    private readonly clientDir: string | undefined,
  ) {}

  /** Another kind of page with a preview (share links). */
  add(route: PreviewRoute) {
    this.routes.push(route);
  }

  /** The preview a site path names, or null (no such page kind, or not public). */
  async previewOf(pathname: string): Promise<FoundPreview | null> {
    const found = this.match(pathname);
    if (!found) return null;
    const preview = await found.route.load(found.match, this.db).catch((err: unknown) => {
      clientErrorStatus(err);
      return null;
    });
    return preview && { preview, secretAddress: found.route.secretAddress ?? false };
  }

  private match(pathname: string) {
    for (const route of this.routes) {
      const match = pathname.match(route.pattern);
      if (match) return { route, match };
    }
    return undefined;
  }

  /**
   * The page for a client route with a preview: index.html with the thing's tags, or with the
   * site's own when it is not public (status 200), or when its loader said 404 or 410 (that status).
   * undefined: the path is no such page (serve index.html as is).
   */
  async page(pathname: string): Promise<PreviewPage | undefined> {
    const found = this.match(pathname);
    if (!found) return undefined;
    const noindex = found.route.noindex ?? false;
    const html = await this.templateHtml();
    let status = 200;
    const preview = await found.route.load(found.match, this.db).catch((err: unknown) => {
      status = clientErrorStatus(err);
      return null;
    });
    if (!preview) {
      this.generic ??= injectHead(html, siteTags(this.publicUrl));
      return { html: this.generic, status, noindex };
    }
    const trackPage = /^\/track\/(\d{1,10})\/?$/.exec(pathname)?.[1];
    const key = `${preview.kind}:${preview.path}:${preview.version}:${trackPage ?? ''}`;
    let page = this.pages.get(key);
    if (page === undefined) {
      const tags = previewTags(preview, this.publicUrl);
      // A public track's page asks for its track first of all (decision 0375): the same request
      // as the client's query (GET /api/tracks/{id}, credentials included), started by the HTML.
      if (trackPage) {
        tags.head += `\n    <link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/tracks/${Number(trackPage)}">`;
      }
      page = injectHead(html, tags);
      if (this.pages.size >= PAGE_CACHE_ENTRIES) this.pages.delete(this.pages.keys().next().value!);
    } else {
      this.pages.delete(key);
    }
    this.pages.set(key, page);
    return { html: page, status, noindex };
  }

  private templateHtml(): Promise<string> {
    if (!this.clientDir) return Promise.resolve('<!doctype html><html><head></head><body></body></html>');
    this.template ??= readFile(path.join(this.clientDir, 'index.html'), 'utf8').catch((err: unknown) => {
      this.template = undefined;
      throw err;
    });
    return this.template;
  }
}
