import { FileAudio, Lock, Timer } from 'lucide-react';
import { countOf, formatStorageAmount } from '../../../shared/format';
import type { ShareLink } from '../../../shared/schemas/shares';
import { cn } from '../../lib/utils';
import { OwnerLinkList, OwnerLinkRow } from './owner-link-list';
import { isExpired, shareExpiryLabel, shareExpiryTitle } from './share-link-format';
import { useRevokeUploadLink, useUploadLinks } from './use-upload-links';

/** The Copy toast's line for an upload link. */
export const UPLOAD_LINK_DESCRIPTION =
  'Whoever has it can send you files until it is full, expires or you revoke it.';

/** "2 of 5 files · 40 MB of 2 GB received": what the link took in, against its caps. */
export function receivedLabel(link: Pick<ShareLink, 'received' | 'maxFiles' | 'maxBytes'>): string {
  const files = link.received?.files ?? 0;
  const bytes = link.received?.bytes ?? 0;
  return `${files} of ${countOf(link.maxFiles ?? 0, 'file')} · ${formatStorageAmount(bytes)} of ${formatStorageAmount(link.maxBytes ?? 0)} received`;
}

function UploadLinkRow({ link }: { link: ShareLink }) {
  const revoke = useRevokeUploadLink();
  return (
    <OwnerLinkRow
      link={link}
      testId="upload-link"
      title={link.itemName}
      copyDescription={UPLOAD_LINK_DESCRIPTION}
      revokeLabel="Revoke upload link"
      revokeNote="What it received stays in your journal."
      revoke={revoke}
      facts={
        <>
          <span className="inline-flex items-center gap-1" data-testid="upload-link-received">
            <FileAudio className="size-3.5" aria-hidden />
            {receivedLabel(link)}
          </span>
          <span
            className={cn(
              'inline-flex items-center gap-1',
              isExpired(link) && 'font-medium text-destructive',
            )}
            title={shareExpiryTitle(link)}
          >
            <Timer className="size-3.5" aria-hidden />
            {shareExpiryLabel(link)}
          </span>
          {link.hasPassword && (
            <span className="inline-flex items-center gap-1">
              <Lock className="size-3.5" aria-hidden />
              Password
            </span>
          )}
        </>
      }
    />
  );
}

/** The owner's upload links, newest first, with what each received; Copy and Revoke on each. */
export function UploadLinkList() {
  return (
    <OwnerLinkList
      links={useUploadLinks()}
      heading="h3"
      title="Your upload links"
      empty="No upload links yet."
    >
      {(link) => <UploadLinkRow key={link.id} link={link} />}
    </OwnerLinkList>
  );
}
