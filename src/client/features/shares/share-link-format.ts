import { countOf } from '../../../shared/format';
import type { ShareLink } from '../../../shared/schemas/shares';
import { dayMonthYearTime, strictTimeFrom } from '../../lib/relative-time';

/** A link is dead once the server says so or its time has passed while the list was open. */
export function isExpired(link: Pick<ShareLink, 'expired' | 'expiresAt'>, now = Date.now()): boolean {
  return link.expired || (link.expiresAt !== null && Date.parse(link.expiresAt) <= now);
}

/** "Expires in 6 days", "Expires in 23 hours", "Expired" or "Never expires" (relative to `now`). */
export function shareExpiryLabel(link: Pick<ShareLink, 'expired' | 'expiresAt'>, now = Date.now()): string {
  if (isExpired(link, now)) return 'Expired';
  if (link.expiresAt === null) return 'Never expires';
  return `Expires ${strictTimeFrom(new Date(link.expiresAt), now)}`;
}

/** The exact moment, for the label's tooltip: "12 Jun 2026, 14:05". */
export function shareExpiryTitle(link: Pick<ShareLink, 'expiresAt'>): string | undefined {
  return link.expiresAt ? dayMonthYearTime(new Date(link.expiresAt)) : undefined;
}

export const visitsLabel = (visits: number) => countOf(visits, 'visit');

/** The public page of a track or playlist: what anyone may open when the item is public. */
export const publicPageUrl = (kind: 'track' | 'playlist', id: number) =>
  `${window.location.origin}/${kind}/${id}`;

/** The form's switch for a track's link that opens its versions (issue 43), and the row's mark of it. */
export const SHARE_VERSIONS_LABEL = 'Let them compare versions';
export const SHARE_VERSIONS_MARK = 'Versions';

/** The kinds the Share… dialog makes (issue 45); upload links are made elsewhere. */
export type ShareLinkKind = 'listen' | 'review';
export const SHARE_KIND_LABELS: Record<ShareLinkKind, string> = { listen: 'Listen', review: 'Review' };
export const SHARE_KIND_HINTS: Record<ShareLinkKind, string> = {
  listen: 'Listen: they can play it (and download it, when allowed).',
  review: 'Review: guests can leave timed comments.',
};

/** A row's title: who the link is for, else its description, else nothing. */
export const shareLinkTitle = (link: Pick<ShareLink, 'recipient' | 'description'>) =>
  link.recipient ?? link.description;
