import { ShieldCheck } from 'lucide-react';
import { Page, PageHeader } from '../../components/page-layout';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { InstanceSection, JobsSection } from './instance-sections';
import { PeopleSection } from './people-section';
import { ReportsSection } from './reports-section';

/**
 * /admin (issue 28, decision 0445): the instance admin's console. The route is there for admins
 * only; the server refuses everyone else on every /api/admin call whatever the page shows.
 */
export function AdminPage() {
  return (
    <Page>
      <PageHeader
        title="Admin"
        icon={ShieldCheck}
        description="People, media jobs, storage, demo accounts, sign-ups and reports of this Journal."
      />
      <Tabs defaultValue="people" className="grid gap-6">
        <TabsList>
          <TabsTrigger value="people">People</TabsTrigger>
          <TabsTrigger value="jobs">Media jobs</TabsTrigger>
          <TabsTrigger value="instance">Storage &amp; sign-ups</TabsTrigger>
          <TabsTrigger value="reports">Reports</TabsTrigger>
        </TabsList>
        <TabsContent value="people">
          <PeopleSection />
        </TabsContent>
        <TabsContent value="jobs">
          <JobsSection />
        </TabsContent>
        <TabsContent value="instance">
          <InstanceSection />
        </TabsContent>
        <TabsContent value="reports">
          <ReportsSection />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
