import { type ReactNode, useEffect, useId, useRef } from 'react';
import type { ShareLink } from '../../../shared/schemas/shares';
import { Input } from '../../components/ui/input';
import { CopyLinkButton } from './copy-link-button';

/** The link just made, ready to copy: its Copy button takes the focus. */
export function NewLinkReady({
  link,
  heading,
  copyLabel,
  copyDescription,
}: {
  link: ShareLink;
  /** Labels the address: "Your new link is ready"... */
  heading: ReactNode;
  copyLabel: string;
  /** The Copy toast's line: what whoever has the link can do. */
  copyDescription: string;
}) {
  const field = useId();
  const copy = useRef<HTMLButtonElement>(null);
  useEffect(() => copy.current?.focus(), []);
  return (
    <div className="grid gap-2 rounded-lg border border-primary/50 bg-primary/10 p-3">
      <label htmlFor={field} className="text-sm font-medium">
        {heading}
      </label>
      <div className="flex gap-2">
        <Input
          id={field}
          readOnly
          value={link.url}
          className="min-w-0 flex-1 bg-background font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyLinkButton buttonRef={copy} url={link.url} label={copyLabel} description={copyDescription} />
      </div>
    </div>
  );
}
