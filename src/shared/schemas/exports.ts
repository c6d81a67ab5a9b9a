import { z } from 'zod';

/** An export's life (decision 0415): queued, running, then ready (downloadable) or failed. */
export const EXPORT_STATES = ['queued', 'running', 'ready', 'failed'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

/** A ready export is kept this long, then removed (its archive through the blob outbox). */
export const EXPORT_RETENTION_DAYS = 7;

export const exportIdParamsSchema = z.object({ id: z.uuid('Not an export id') });

/** What POST /api/user/export answers (202): the new export, to follow in the list. */
export const exportStartedSchema = z.object({
  id: z.uuid(),
  state: z.enum(EXPORT_STATES),
});

export const userExportSchema = z.object({
  id: z.uuid(),
  state: z.enum(EXPORT_STATES),
  createdAt: z.string(),
  /** When the archive was ready; null before. */
  readyAt: z.string().nullable(),
  /** When a ready archive is removed; null before it is ready. */
  expiresAt: z.string().nullable(),
  /** The archive's size in bytes, once ready. */
  size: z.number().nullable(),
  /** Why it failed, in words for the person; null unless failed. */
  error: z.string().nullable(),
  /** Where to download it, once ready. */
  downloadUrl: z.string().nullable(),
});
export type UserExport = z.infer<typeof userExportSchema>;

export const userExportListSchema = z.array(userExportSchema);

export const exportDownloadUrl = (id: string) => `/api/user/export/${id}`;

/** The archive's file name: the day it was made. */
export const exportFileName = (readyAt: Date) => `journal-export-${readyAt.toISOString().slice(0, 10)}.zip`;
