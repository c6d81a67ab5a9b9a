import { z } from 'zod';

/**
 * Where a person is signed in, and what happened to their account (issue 27, decision 0410).
 * A session is named by a public id of its own, never by its session id (the cookie's secret).
 */

/** Browser and system as read from the user agent, and the address's network (IPv4 /24, IPv6 /48). */
export const deviceSchema = z.object({
  browser: z.string().nullable().describe('e.g. "Firefox 132"; null when the user agent says nothing'),
  os: z.string().nullable().describe('e.g. "Windows 10", "iOS 17.5"'),
  network: z.string().nullable().describe('The address truncated to its network, e.g. "203.0.113.0/24"'),
});
export type Device = z.infer<typeof deviceSchema>;

export const userSessionSchema = deviceSchema.extend({
  id: z.uuid(),
  signedInAt: z.string().nullable(),
  lastActiveAt: z.string().nullable().describe('Recorded at most hourly'),
  current: z.boolean().describe('The session of this request ("this device")'),
});
export type UserSession = z.infer<typeof userSessionSchema>;

export const signedOutOthersSchema = z.object({ signedOut: z.number().int() });
export type SignedOutOthers = z.infer<typeof signedOutOthersSchema>;

/** Events of a person's security log; kept SECURITY_EVENT_RETENTION_DAYS days. */
export const SECURITY_EVENT_KINDS = [
  'sign_in',
  'session_revoked',
  'other_sessions_revoked',
  'api_key_created',
  'api_key_revoked',
  'export_requested',
  'export_downloaded',
  'account_suspended',
  'account_unsuspended',
  'quota_changed',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];
export const SECURITY_EVENT_RETENTION_DAYS = 90;
/** How many events the profile shows (the newest). */
export const SECURITY_EVENTS_SHOWN = 50;

/** What an event says beyond its kind; every field optional, each kind fills its own. */
export const securityEventDetailSchema = deviceSchema.partial().extend({
  /** sign_in: how. */
  method: z.enum(['google', 'demo']).optional(),
  /** session_revoked: the ended session's device; `by` the device that ended it. */
  by: deviceSchema.optional(),
  /** session_revoked: the session ended itself ("this device" chosen in the list). */
  ownSession: z.boolean().optional(),
  /** other_sessions_revoked: how many ended. */
  count: z.number().int().optional(),
  /** api_key_*: the credential's name and kind. */
  name: z.string().optional(),
  credentialKind: z.enum(['api-key', 'app-password']).optional(),
  /** export_*: the export's id. */
  exportId: z.string().optional(),
  /** account_suspended: the reason the instance admin gave (decision 0445). */
  reason: z.string().optional(),
  /** quota_changed: the new quota in bytes; null: the instance default again. */
  quotaBytes: z.number().int().nullable().optional(),
});
export type SecurityEventDetail = z.infer<typeof securityEventDetailSchema>;

export const securityEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SECURITY_EVENT_KINDS),
  at: z.string(),
  detail: securityEventDetailSchema,
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;
