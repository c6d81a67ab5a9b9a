import { Disc3, Music } from 'lucide-react';
import { EmptyState, Page, PageHeader } from '../shell/page-layout';

/** '/' signed in. Placeholder until the journal (upload, track table) is built in its own issue. */
export function JournalPage() {
  return (
    <Page>
      <PageHeader
        icon={Music}
        title="Your Music Journal"
        description="Your recordings, notes and the kit you used."
      />
      <EmptyState
        icon={Disc3}
        title="No tracks in your journal yet"
        hint="Your uploaded recordings will appear here."
      />
    </Page>
  );
}
