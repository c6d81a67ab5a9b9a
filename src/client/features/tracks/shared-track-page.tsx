import { AudioLines } from 'lucide-react';
import { EmptyState, Page, PageHeader } from '../shell/page-layout';

/** '/track/{id}': target of a track's Share Link (spec section 2, track card). Placeholder. */
export function SharedTrackPage({ trackId }: { trackId: string }) {
  return (
    <Page>
      <PageHeader icon={AudioLines} title="Shared Track" description={`Track #${trackId}`} />
      <EmptyState icon={AudioLines} title="Shared tracks open here soon" />
    </Page>
  );
}
