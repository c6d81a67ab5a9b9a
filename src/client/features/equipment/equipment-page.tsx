import { Cable } from 'lucide-react';
import { EmptyState, Page, PageHeader } from '../shell/page-layout';

/** '/equipment/{id}'. Placeholder until the equipment page is built in its own issue. */
export function EquipmentPage({ equipmentId }: { equipmentId: string }) {
  return (
    <Page>
      <PageHeader icon={Cable} title="Equipment" description={`Equipment #${equipmentId}`} />
      <EmptyState icon={Cable} title="Equipment details arrive soon" />
    </Page>
  );
}
