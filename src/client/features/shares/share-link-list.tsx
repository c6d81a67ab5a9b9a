import {
  Download,
  Eye,
  Headphones,
  History,
  Lock,
  MessageSquare,
  MessageSquareOff,
  Pencil,
  Timer,
} from 'lucide-react';
import { useRef, useState } from 'react';
import type { ShareLink } from '../../../shared/schemas/shares';
import { cn } from '../../lib/utils';
import { OwnerLinkList, OwnerLinkRow, RowToggleButton } from './owner-link-list';
import { ShareLinkEditor } from './share-link-editor';
import {
  isExpired,
  SHARE_KIND_LABELS,
  SHARE_VERSIONS_LABEL,
  SHARE_VERSIONS_MARK,
  shareExpiryLabel,
  shareExpiryTitle,
  shareLinkTitle,
  visitsLabel,
} from './share-link-format';
import { ShareLinkListeners } from './share-link-listeners';
import { type ShareItem, useRevokeShareLink, useShareLinks } from './use-share-links';

function Fact({
  icon: Icon,
  children,
  title,
  className,
}: {
  icon: typeof Eye;
  children: string;
  title?: string;
  className?: string;
}) {
  return (
    <span className={cn('inline-flex items-center gap-1 whitespace-nowrap', className)} title={title}>
      <Icon className="size-3.5" aria-hidden />
      {children}
    </span>
  );
}

function ShareLinkRow({ link, item }: { link: ShareLink; item: ShareItem }) {
  const revoke = useRevokeShareLink(item);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const closeEditor = () => {
    setEditing(false);
    editButton.current?.focus();
  };
  return (
    <OwnerLinkRow
      link={link}
      testId="share-link"
      title={shareLinkTitle(link)}
      copyDescription="Anyone with this link can open it until it expires or you revoke it."
      revokeLabel="Revoke link"
      revokeNote="It stops working at once."
      revoke={revoke}
      actions={(urlId) =>
        link.kind !== 'upload' && (
          <RowToggleButton
            buttonRef={editButton}
            icon={Pencil}
            label="Edit link"
            title="Edit"
            describedBy={urlId}
            expanded={editing}
            onToggle={() => setEditing(!editing)}
          />
        )
      }
      facts={
        <>
          {link.kind !== 'upload' && (
            <Fact icon={link.kind === 'review' ? MessageSquare : Headphones}>
              {SHARE_KIND_LABELS[link.kind]}
            </Fact>
          )}
          {link.hasPassword && (
            <Fact icon={Lock} title="Opening it asks for a password">
              Password
            </Fact>
          )}
          {link.kind === 'review' && link.commentsClosed && (
            <Fact icon={MessageSquareOff}>Comments closed</Fact>
          )}
          <Fact
            icon={Timer}
            title={shareExpiryTitle(link)}
            className={isExpired(link) ? 'font-medium text-destructive' : undefined}
          >
            {shareExpiryLabel(link)}
          </Fact>
          <Fact icon={Download}>{link.allowDownload ? 'Download allowed' : 'No download'}</Fact>
          {link.allowVersions && (
            <Fact icon={History} title={SHARE_VERSIONS_LABEL}>
              {SHARE_VERSIONS_MARK}
            </Fact>
          )}
          <Fact icon={Eye}>{visitsLabel(link.visits)}</Fact>
        </>
      }
    >
      {editing && <ShareLinkEditor link={link} item={item} onDone={closeEditor} />}
      {link.kind !== 'upload' && <ShareLinkListeners linkId={link.id} />}
    </OwnerLinkRow>
  );
}

/** The owner's private links to this item, newest first, each with Copy and Revoke. */
export function ShareLinkList({ item }: { item: ShareItem }) {
  return (
    <OwnerLinkList links={useShareLinks(item)} heading="h4" title="Your links" empty="No private links yet.">
      {(link) => <ShareLinkRow key={link.id} link={link} item={item} />}
    </OwnerLinkList>
  );
}
