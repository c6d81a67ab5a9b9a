import { formatDistanceToNow } from 'date-fns';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { formatDate } from '../../../shared/format';
import type { Device } from '../../../shared/schemas/sessions';

/** A profile card as the others are drawn (SectionEditor): icon tile, title, subtitle, an action. */
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
        <div className="flex items-center gap-3">
          <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
            <Icon className="size-4" aria-hidden />
          </div>
          <div>
            <h2 id={headingId} className="font-semibold">
              {title}
            </h2>
            <p className="text-xs text-muted-foreground">{description}</p>
          </div>
        </div>
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
      {formatDistanceToNow(date, { addSuffix: true })}
    </time>
  );
}
