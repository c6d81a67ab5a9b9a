import type { z } from 'zod';
import { LIMITS } from '../../../shared/constants';
import { IMPORT_DATE_MESSAGE } from '../../../shared/schemas/imports';
import type {
  ExportedGuestComment,
  ExportedListen,
  ExportedShareLink,
  ReceivedFrom,
} from '../../../shared/schemas/journal-export-shares';
import { text } from '../../../shared/schemas/primitives';
import {
  createShareBodySchema,
  SHARE_DESCRIPTION_MAX,
  SHARE_RECIPIENT_MAX,
  SHARE_UPLOAD_LIMITS,
} from '../../../shared/schemas/shares';
import { createTrackCommentBodySchema } from '../../../shared/schemas/track-comments';
import { clientFileDate } from '../../../shared/schemas/tracks';
import type { Verdict } from './import-rules';

// The API's rules for what an archive's share links carry (issue 45, decision 0741), held as
// import-rules.ts holds tracks and playlists: the routes' own schemas, an item breaking one left out
// whole and counted by its reason.

const checked = <T>(result: z.ZodSafeParseResult<T>): Verdict<T> =>
  result.success ? { ok: true, value: result.data } : { ok: false, reason: result.error.issues[0]!.message };

/** Not a date, or in the future (a day of slack): as the track and playlist rules read dates. */
const isDate = (value: string) => clientFileDate(value) !== null;
/** An expiry may lie ahead; it must still be a date. */
const isAnyDate = (value: string) => !Number.isNaN(Date.parse(value));

const share = createShareBodySchema.shape;
export const SHARE_LINK_SHAPE_MESSAGE =
  'A share link must open one track or playlist, or be an upload link with its caps';
export const LISTEN_SPAN_MESSAGE = 'A listen holds spans that are not within the track';
/** A guest's display name: the recipient label's rule and length (one line, trimmed, 1 to 80). */
export const guestNameSchema = text('Guest name')
  .min(1, 'Guest name cannot be empty')
  .max(SHARE_RECIPIENT_MAX, `Guest name must be at most ${SHARE_RECIPIENT_MAX} characters`);

/** A link by POST /api/shares's rules: its shape by kind, recipient, description, caps, dates. */
export function shareLinkRules(l: ExportedShareLink): Verdict<ExportedShareLink> {
  const upload = l.kind === 'upload';
  const opens = (l.trackId === null ? 0 : 1) + (l.playlist === null ? 0 : 1);
  const capped = l.maxFiles !== null && l.maxBytes !== null;
  const capsOk =
    !capped ||
    (l.maxFiles! >= 1 &&
      l.maxFiles! <= SHARE_UPLOAD_LIMITS.maxFiles &&
      l.maxBytes! >= 1 &&
      l.maxBytes! <= SHARE_UPLOAD_LIMITS.maxBytes);
  if (opens !== (upload ? 0 : 1) || capped !== upload || !capsOk || (l.allowVersions && l.trackId === null)) {
    return { ok: false, reason: SHARE_LINK_SHAPE_MESSAGE };
  }
  const recipient = checked(share.recipient.safeParse(l.recipient));
  if (!recipient.ok) return recipient;
  const description = checked(share.description.safeParse(l.description));
  if (!description.ok) return description;
  const dates = [l.createdAt, ...l.guestComments.map((c) => c.createdAt)];
  if (
    !dates.every(isDate) ||
    (l.commentsClosedAt !== null && !isDate(l.commentsClosedAt)) ||
    (l.expiresAt !== null && !isAnyDate(l.expiresAt))
  ) {
    return { ok: false, reason: IMPORT_DATE_MESSAGE };
  }
  return { ok: true, value: { ...l, recipient: recipient.value, description: description.value } };
}

/** A guest comment by the members' comment rules (content, moment, range) and the guest name's. */
export function guestCommentRules(c: ExportedGuestComment): Verdict<ExportedGuestComment> {
  const body = checked(
    createTrackCommentBodySchema.safeParse({
      content: c.content,
      atSeconds: c.atSeconds,
      endSeconds: c.endSeconds,
    }),
  );
  if (!body.ok) return body;
  const name = checked(guestNameSchema.safeParse(c.name));
  if (!name.ok) return name;
  if (!isDate(c.createdAt) || (c.hiddenAt !== null && !isDate(c.hiddenAt))) {
    return { ok: false, reason: IMPORT_DATE_MESSAGE };
  }
  return { ok: true, value: { ...c, content: body.value.content, name: name.value } };
}

/** A listen: spans in order within a day (the longest a comment may point into), real dates. */
export function listenRules(l: ExportedListen): Verdict<ExportedListen> {
  const max = LIMITS.commentMaxSeconds;
  const spansOk = l.heard.every(([from, to]) => from <= to && to <= max);
  if (!spansOk || l.furthestSeconds > max) return { ok: false, reason: LISTEN_SPAN_MESSAGE };
  if (!isDate(l.firstAt) || !isDate(l.lastAt)) return { ok: false, reason: IMPORT_DATE_MESSAGE };
  return { ok: true, value: l };
}

/** A received track's mark: the guest's name by its rule, the label as long as a description. */
export function receivedFromRules(r: ReceivedFrom): Verdict<ReceivedFrom> {
  const name = checked(guestNameSchema.safeParse(r.guestName));
  if (!name.ok) return name;
  const label = checked(
    text('Link label', { multiline: true })
      .max(SHARE_DESCRIPTION_MAX, `Link label must be at most ${SHARE_DESCRIPTION_MAX} characters`)
      .nullable()
      .safeParse(r.linkLabel),
  );
  if (!label.ok) return label;
  if (!isDate(r.receivedAt)) return { ok: false, reason: IMPORT_DATE_MESSAGE };
  return { ok: true, value: { ...r, guestName: name.value, linkLabel: label.value } };
}
