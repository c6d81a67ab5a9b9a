import {
  Ban,
  Download,
  HardDrive,
  KeyRound,
  Loader2,
  LogIn,
  LogOut,
  type LucideIcon,
  ShieldCheck,
} from 'lucide-react';
import { useState } from 'react';
import { countOf, formatStorageAmount } from '../../../shared/format';
import type { SecurityEvent, SecurityEventKind } from '../../../shared/schemas/sessions';
import { Button } from '../../components/ui/button';
import { AccountCard, deviceLabel, RelativeTime } from './account-card';
import { useSecurityEvents } from './use-sessions';

/** Shown at first; "Show all" reveals the rest of what the server sent (at most 50). */
const FIRST_SHOWN = 8;

const ICONS: Record<SecurityEventKind, LucideIcon> = {
  sign_in: LogIn,
  session_revoked: LogOut,
  other_sessions_revoked: LogOut,
  api_key_created: KeyRound,
  api_key_revoked: KeyRound,
  export_requested: Download,
  export_downloaded: Download,
  account_suspended: Ban,
  account_unsuspended: ShieldCheck,
  quota_changed: HardDrive,
};

const credential = (event: SecurityEvent) =>
  `${event.detail.credentialKind === 'app-password' ? 'app password' : 'API key'} “${event.detail.name ?? ''}”`;

/** What happened, in a sentence. */
export function describeEvent(event: SecurityEvent): string {
  const { detail } = event;
  switch (event.kind) {
    case 'sign_in':
      return detail.method === 'demo' ? 'Signed in as a demo user' : 'Signed in with Google';
    case 'session_revoked':
      return detail.ownSession
        ? 'Signed out this device from the sessions list'
        : `Signed out ${deviceLabel({ browser: detail.browser ?? null, os: detail.os ?? null })}`;
    case 'other_sessions_revoked':
      return `Signed out everywhere else (${countOf(detail.count ?? 0, 'session')})`;
    case 'api_key_created':
      return `Created ${credential(event)}`;
    case 'api_key_revoked':
      return `Revoked ${credential(event)}`;
    case 'export_requested':
      return 'Asked for a copy of your data';
    case 'export_downloaded':
      return 'Downloaded a copy of your data';
    case 'account_suspended':
      return detail.reason
        ? `Suspended by an instance admin: ${detail.reason}`
        : 'Suspended by an instance admin';
    case 'account_unsuspended':
      return 'Suspension lifted by an instance admin';
    case 'quota_changed':
      return detail.quotaBytes == null
        ? 'Storage quota set back to the instance default by an instance admin'
        : `Storage quota set to ${formatStorageAmount(detail.quotaBytes)} by an instance admin`;
  }
}

/** Where it was done from: the device and network the event names (the revoker's, for a sign-out). */
function origin(event: SecurityEvent): string | null {
  const { detail } = event;
  const from =
    event.kind === 'session_revoked'
      ? detail.by
      : { browser: detail.browser ?? null, os: detail.os ?? null, network: detail.network ?? null };
  if (!from || (!from.browser && !from.os && !from.network)) return null;
  const device = from.browser || from.os ? deviceLabel(from) : null;
  return [device, from.network].filter(Boolean).join(' · ');
}

function EventRow({ event }: { event: SecurityEvent }) {
  const Icon = ICONS[event.kind];
  const from = origin(event);
  return (
    <li className="flex items-start gap-3 py-2.5">
      <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="text-sm">{describeEvent(event)}</p>
        <p className="text-xs text-muted-foreground">
          <RelativeTime value={event.at} />
          {from ? ` · ${from}` : ''}
        </p>
      </div>
    </li>
  );
}

/**
 * "Security activity" on the own profile (issue 27, decision 0410): the newest events of the
 * person's security log (sign-ins, sessions signed out, keys, exports) from the last 90 days.
 */
export function SecurityActivitySection() {
  const events = useSecurityEvents();
  const [all, setAll] = useState(false);
  const list = events.data ?? [];
  const shown = all ? list : list.slice(0, FIRST_SHOWN);
  return (
    <AccountCard
      icon={ShieldCheck}
      title="Security activity"
      description="Sign-ins, sign-outs from the list above, keys and exports of the last 90 days."
    >
      {events.isError ? (
        <p className="text-sm text-destructive">Could not load your security activity.</p>
      ) : !events.data ? (
        <Loader2 className="size-4 animate-spin text-muted-foreground" aria-label="Loading" />
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing yet.</p>
      ) : (
        <>
          <ul aria-label="Security activity, newest first" className="divide-y divide-border">
            {shown.map((event) => (
              <EventRow key={event.id} event={event} />
            ))}
          </ul>
          {list.length > FIRST_SHOWN && (
            <Button variant="link" size="sm" className="mt-2 px-0" onClick={() => setAll((v) => !v)}>
              {all ? 'Show fewer' : `Show all ${list.length}`}
            </Button>
          )}
        </>
      )}
    </AccountCard>
  );
}
