import type { SocialLinkType } from './constants';

/**
 * Social links as people type them (issue 42, decision 0575): a handle (`@plumtabla`, `plumtabla`),
 * an address without scheme (`instagram.com/plumtabla`), or a full URL, with or without `www.` or
 * `https://` (an `http://` address of the service is taken as its https one). Each becomes the
 * network's canonical profile URL where the handle can be read from it; another page of the service
 * (a YouTube video, a Spotify artist) is kept as typed, in https. One function, used by the profile
 * form to show what will be saved and by the server, which decides.
 */

interface Service {
  label: string;
  /** The hosts its links live on. */
  hosts: RegExp;
  /** The placeholder and the example in the refusal. */
  example: string;
  /** A handle on the service and its profile URL; absent: the service has no handles (Spotify). */
  handle?: { pattern: RegExp; url: (handle: string) => string };
  /** The handle a profile URL of the service names (null: another kind of page). */
  handleOf?: (url: URL) => string | null;
}

/** The URL's path segments. */
const segments = (url: URL) => url.pathname.split('/').filter(Boolean);
/** The one path segment of a profile address (`/plumtabla/`), or null. */
const onlySegment = (url: URL) => {
  const parts = segments(url);
  return parts.length === 1 ? decodeURIComponent(parts[0]!) : null;
};

export const SOCIAL_SERVICES: Record<SocialLinkType, Service> = {
  bluesky: {
    label: 'Bluesky',
    hosts: /^(www\.)?bsky\.app$/,
    example: 'https://bsky.app/profile/you.bsky.social',
    // A handle is a domain; a bare name is one on bsky.social.
    handle: {
      pattern: /^[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63})*$/i,
      url: (h) => `https://bsky.app/profile/${h.includes('.') ? h : `${h}.bsky.social`}`.toLowerCase(),
    },
    handleOf: (url) => {
      const parts = segments(url);
      // A bare name in an address is kept as typed: only a typed handle gets `.bsky.social`.
      return parts.length === 2 && parts[0] === 'profile' && parts[1]!.includes('.') ? parts[1]! : null;
    },
  },
  instagram: {
    label: 'Instagram',
    hosts: /^(www\.)?instagram\.com$/,
    example: 'https://instagram.com/you',
    // Instagram's rule: no dot first, last, or twice in a row (a lone "." would name the site's root).
    handle: {
      pattern: /^(?!\.)(?!.*\.\.)(?!.*\.$)[a-z0-9._]{1,30}$/i,
      url: (h) => `https://www.instagram.com/${h.toLowerCase()}`,
    },
    handleOf: onlySegment,
  },
  soundcloud: {
    label: 'SoundCloud',
    hosts: /^(www\.|m\.)?soundcloud\.com$/,
    example: 'https://soundcloud.com/you',
    handle: { pattern: /^[a-z0-9_-]{1,50}$/i, url: (h) => `https://soundcloud.com/${h.toLowerCase()}` },
    handleOf: onlySegment,
  },
  bandcamp: {
    label: 'Bandcamp',
    hosts: /^([a-z0-9-]+\.)?bandcamp\.com$/,
    example: 'https://you.bandcamp.com',
    handle: { pattern: /^[a-z0-9-]{1,63}$/i, url: (h) => `https://${h.toLowerCase()}.bandcamp.com` },
    handleOf: (url) => {
      const sub = /^([a-z0-9-]+)\.bandcamp\.com$/.exec(url.hostname)?.[1];
      return sub && sub !== 'www' && segments(url).length === 0 && !url.search ? sub : null;
    },
  },
  spotify: { label: 'Spotify', hosts: /^open\.spotify\.com$/, example: 'https://open.spotify.com/artist/…' },
  youtube: {
    label: 'YouTube',
    hosts: /^((www|m|music)\.)?youtube\.com$|^youtu\.be$/,
    example: 'https://youtube.com/@you',
    handle: { pattern: /^[a-z0-9._-]{3,30}$/i, url: (h) => `https://www.youtube.com/@${h}` },
    handleOf: (url) => {
      const only = url.hostname === 'youtu.be' ? null : onlySegment(url);
      return only?.startsWith('@') ? only.slice(1) : null;
    },
  },
};

// A scheme such as `https:`, `http:` or `javascript:` at the start of what was typed.
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * What people type is often the address bar's text without the scheme ('instagram.com/you'): such a
 * link is completed with `https://` rather than refused (decision 0111). Anything that already
 * names a scheme is left alone.
 */
export function completeSocialLink(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || HAS_SCHEME.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/+/, '')}`;
}

/** 'a SoundCloud', 'an Instagram': the article goes by the sound of the service's name. */
const withArticle = (label: string) => `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label}`;

export type SocialLinkResult = { ok: true; url: string } | { ok: false; message: string };

/** The link's URL as saved, or why it is refused. `value` is not empty. */
export function normaliseSocialLink(type: SocialLinkType, value: string): SocialLinkResult {
  const service = SOCIAL_SERVICES[type];
  const refused: SocialLinkResult = {
    ok: false,
    message: `${service.label} link must be ${withArticle(service.label)} address like ${service.example}`,
  };
  // "https://@name": a handle that went through a form which only added the scheme.
  const typed = value.trim().replace(/^(https?:\/\/)?@(?=[^/@]+$)/i, '@');
  const url = parse(completeSocialLink(typed));
  const isAddress =
    HAS_SCHEME.test(typed) || typed.includes('/') || (url !== null && service.hosts.test(url.hostname));
  if (!isAddress) {
    const handle = typed.replace(/^@/, '');
    return service.handle?.pattern.test(handle) ? { ok: true, url: service.handle.url(handle) } : refused;
  }
  if (
    !url ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    !service.hosts.test(url.hostname) ||
    url.username ||
    url.password ||
    url.port
  ) {
    return refused;
  }
  const handle = service.handleOf?.(url);
  if (handle && service.handle?.pattern.test(handle)) return { ok: true, url: service.handle.url(handle) };
  url.protocol = 'https:';
  return { ok: true, url: url.href };
}

function parse(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}
