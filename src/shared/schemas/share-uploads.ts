import { z } from 'zod';
import { text } from './primitives';
import { PROCESSING_STATES } from './tracks';

/**
 * Upload links (issue 45, decisions 0730-0739): a signed-out guest sends files into the owner's
 * journal through `/s/{token}`. Shapes of the guest's page and of what the owner sees of it.
 */

export const SHARE_GUEST_NAME_MAX = 80;
/** The link's cap on files: 409 (the request is fine, the link is full). */
export const UPLOAD_LINK_FULL_MESSAGE = 'This link has received all the files it takes';
export const UPLOAD_LINK_NOT_UPLOAD_MESSAGE = 'This link does not take files';
/** A signed-in person with a block either way with the link's owner (decision 0738). */
export const UPLOAD_LINK_BLOCKED = {
  mine: 'You have blocked the owner of this link: unblock them to send files',
  theirs: 'You cannot send files through this link',
};
export const uploadLinkBytesMessage = (left: string) => `This link takes at most ${left} more`;

/** The name a guest gives (required with every file: the owner sees who sent what). */
export const guestNameSchema = text('Your name')
  .min(1, 'Your name is required')
  .max(SHARE_GUEST_NAME_MAX, `Your name must be at most ${SHARE_GUEST_NAME_MAX} characters`);

/** POST /api/shares/by-token/{token}/uploads: the text fields beside the `audio` file. */
export const guestUploadFieldsSchema = z.object({ name: guestNameSchema });

/** A file a guest sent, as that guest sees it: never the owner's track id or anything else of theirs. */
export const sentFileSchema = z
  .object({
    name: z.string(),
    size: z.number(),
    createdAt: z.string(),
    /** Whether the owner's journal has finished processing it (waveform, loudness). */
    state: z.enum(PROCESSING_STATES),
  })
  .meta({ id: 'SentFile' });
export type SentFile = z.infer<typeof sentFileSchema>;

/** What an upload link's page shows beside its owner and description. */
export const uploadLinkFacts = {
  maxFiles: z.number(),
  maxBytes: z.number(),
  /** What the link still takes, all guests together. */
  remainingFiles: z.number(),
  remainingBytes: z.number(),
  /** This browser's guest on the link (from its cookie), or null before they sent anything. */
  guest: z.object({ name: z.string() }).nullable(),
  /** This guest's files, newest first; other guests' are never shown. */
  sent: z.array(sentFileSchema),
};

/** Where a received track came from, for its owner: "Received from <guestName> via link <linkLabel>". */
export const receivedFromSchema = z
  .object({
    guestName: z.string(),
    /** The link's recipient label, else its description, when the file came; null: neither. */
    linkLabel: z.string().nullable(),
    /** The link, while it exists (null once revoked). */
    shareId: z.number().nullable(),
  })
  .meta({ id: 'ReceivedFrom' });
export type ReceivedFrom = z.infer<typeof receivedFromSchema>;

/** GET /api/shares/received: every track of the caller's that a guest sent, for the journal's rows. */
export const receivedTrackSchema = receivedFromSchema
  .extend({ trackId: z.number() })
  .meta({ id: 'ReceivedTrack' });
export type ReceivedTrack = z.infer<typeof receivedTrackSchema>;

export { receivedFromText } from '../received-from';
