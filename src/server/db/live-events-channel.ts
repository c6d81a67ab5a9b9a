/**
 * The channel drizzle/0005's triggers NOTIFY on, and the app itself for changes a trigger does not
 * announce (guest comments, issue 45): the live-event delivery LISTENs on it (decision 0100).
 */
export const LIVE_EVENTS_CHANNEL = 'journal_events';
