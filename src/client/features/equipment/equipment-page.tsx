import { Cable, MessageSquare, Music } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { Page } from '../shell/page-layout';
import { EquipmentComments } from './equipment-comments';
import { EquipmentHeader } from './equipment-header';
import { EquipmentTracksTable } from './equipment-tracks-table';
import { parseEquipmentId, useEquipmentDetail } from './use-equipment-page';

function EquipmentNotFound() {
  return (
    <Page className="flex justify-center">
      <div className="mt-12 w-full max-w-md rounded-2xl border border-border bg-card p-8 text-center shadow-xl">
        <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Cable className="size-7" aria-hidden />
        </div>
        <h1 className="text-2xl font-bold">Equipment Not Found</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          This equipment doesn't exist or may have been removed.
        </p>
        <Button asChild variant="secondary" className="mt-6">
          <Link href="/">Back to Journal</Link>
        </Button>
      </div>
    </Page>
  );
}

/**
 * '/equipment/{id}' (spec section 2, equipment page): header with image, name, category and
 * description; Edit for those allowed (decision 0015); tabs Comments and 'Tracks Using {name}'.
 */
export function EquipmentPage({ equipmentId }: { equipmentId: string }) {
  const id = parseEquipmentId(equipmentId);
  const { data: equipment, isLoading } = useEquipmentDetail(id);
  const [editing, setEditing] = useState(false);

  if (id !== null && isLoading)
    return (
      <Page>
        <p role="status" className="text-muted-foreground">
          Loading equipment...
        </p>
      </Page>
    );
  if (id === null || !equipment) return <EquipmentNotFound />;

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
    </Page>
  );
}
