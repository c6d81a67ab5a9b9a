import { Cable, MessageSquare, Music } from 'lucide-react';
import { useState } from 'react';
import { NotFoundCard, Page, PageLoading } from '../../components/page-layout';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ReportButton } from '../reports';
import { EquipmentComments } from './equipment-comments';
import { EquipmentHeader } from './equipment-header';
import { EquipmentHistorySection } from './equipment-history';
import { EquipmentTracksTable } from './equipment-tracks-table';
import { parseEquipmentId, useEquipmentDetail } from './use-equipment-page';

/**
 * '/equipment/{id}' (spec section 2, equipment page): header with image, name, category and
 * description; Edit for those allowed (decision 0015); tabs Comments and 'Tracks Using {name}'; the
 * collapsible Edit history (decision 0450).
 */
export function EquipmentPage({ equipmentId }: { equipmentId: string }) {
  const id = parseEquipmentId(equipmentId);
  const { data: equipment, isLoading } = useEquipmentDetail(id);
  const [editing, setEditing] = useState(false);

  if (id !== null && isLoading) return <PageLoading>Loading equipment...</PageLoading>;
  if (id === null || !equipment)
    return (
      <NotFoundCard
        icon={Cable}
        title="Equipment Not Found"
        message="This equipment doesn't exist or may have been removed."
        backLabel="Back to Journal"
      />
    );

  return (
    <Page>
      <EquipmentHeader
        equipment={equipment}
        editing={editing}
        onEdit={() => setEditing(true)}
        onDone={() => setEditing(false)}
      />
      <Tabs defaultValue="comments">
        <TabsList>
          <TabsTrigger value="comments">
            <MessageSquare aria-hidden />
            Comments
          </TabsTrigger>
          <TabsTrigger value="tracks" className="max-w-[28rem]">
            <Music aria-hidden />
            <span className="truncate">Tracks Using {equipment.name}</span>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="comments">
          <EquipmentComments equipmentId={equipment.id} />
        </TabsContent>
        <TabsContent value="tracks">
          <EquipmentTracksTable equipmentId={equipment.id} name={equipment.name} />
        </TabsContent>
      </Tabs>
      <EquipmentHistorySection equipmentId={equipment.id} />
      <ReportButton
        target={{ kind: 'equipment', id: equipment.id }}
        what="this equipment page"
        className="mt-4 h-7 px-2 text-xs text-muted-foreground"
      />
    </Page>
  );
}
