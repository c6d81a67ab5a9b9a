import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { formatDate } from '../../../shared/format';
import type { Device } from '../../../shared/schemas/sessions';
import { timeAgo } from '../../lib/relative-time';
import { SectionTitle } from './section-editor';

/** A profile card as the others are drawn (SectionTitle): icon tile, title, subtitle, an action. */
export function AccountCard({
  icon: Icon,
  title,
  description,
  action,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-2xl border border-border bg-card p-6">
      <header className="mb-4 flex flex-wrap items-start justify-between gap-4">
        <SectionTitle id={headingId} icon={Icon} title={title} description={description} />
        {action}
      </header>
      {children}
    </section>
  );
}

/** "Firefox 132 on Windows 10"; what is unknown is said plainly. */
export function deviceLabel({ browser, os }: Pick<Device, 'browser' | 'os'>): string {
  if (browser && os) return `${browser} on ${os}`;
  if (browser) return browser;
  if (os) return `A browser on ${os}`;
  return 'An unknown browser';
}

/** "3 hours ago", with the date itself on hover. */
export function RelativeTime({ value }: { value: string | null }) {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return <>at an unknown time</>;
  return (
    <time dateTime={value ?? undefined} title={formatDate(value)}>
      {timeAgo(date)}
    </time>
  );
}
