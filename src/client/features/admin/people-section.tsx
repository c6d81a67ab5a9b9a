import { Search } from 'lucide-react';
import { useState } from 'react';
import { countOf, displayName, formatFileSize } from '../../../shared/format';
import type { AdminPerson } from '../../../shared/schemas/admin';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/api-client';
import { type PersonAction, PersonDialog } from './person-dialogs';
import { useAdminPeople, useUnsuspend } from './use-admin';

const quotaText = (quota: number | null, fallback: number) => {
  const bytes = quota ?? fallback;
  const amount = bytes === 0 ? 'unlimited' : formatFileSize(bytes);
  return quota === null ? `${amount} (default)` : amount;
};

/** People: search, what each stores against which quota, suspension, and the actions (decision 0445). */
export function PeopleSection() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useAdminPeople(q, page);
  const unsuspend = useUnsuspend();
  const [open, setOpen] = useState<{ person: AdminPerson; action: PersonAction } | null>(null);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <section aria-labelledby="admin-people" className="grid gap-4">
      <h2 id="admin-people" className="text-lg font-semibold">
        People
      </h2>
      <div className="relative max-w-md">
        <Search
          className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search people"
          placeholder="Name, username or email"
          className="pl-9"
          value={q}
          onChange={(event) => {
            setQ(event.target.value);
            setPage(1);
          }}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(error, 'Could not load people')}
        </p>
      )}
      {isLoading && <p className="text-sm text-muted-foreground">Loading people...</p>}
      {data && data.people.length === 0 && <p className="text-sm text-muted-foreground">Nobody found</p>}
      <ul className="grid gap-2">
        {data?.people.map((person) => (
          <li
            key={person.id}
            aria-label={displayName(person)}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-3"
          >
            <div className="min-w-0">
              <p className="font-medium">
                {displayName(person)}
                {person.isAdmin && <span className="ml-2 text-xs text-primary">Admin</span>}
                {person.isDemo && <span className="ml-2 text-xs text-muted-foreground">Demo</span>}
              </p>
              <p className="truncate text-sm text-muted-foreground">
                {/* The name shows above when there is no username. */}
                {[
                  person.username && person.firstName,
                  person.username && person.lastName,
                  // Anyone can type an address into a provider that does not check it (decision 0530).
                  person.email && (person.emailVerified ? person.email : `${person.email} (unverified)`),
                ]
                  .filter(Boolean)
                  .join(' ')}
              </p>
              <p className="text-sm text-muted-foreground">
                {formatFileSize(person.usedBytes)} in {countOf(person.trackCount, 'track')} · quota{' '}
                {quotaText(person.quotaBytes, data.defaultQuotaBytes)}
              </p>
              {person.suspendedAt && (
                <p className="text-sm text-destructive">Suspended: {person.suspendedReason}</p>
              )}
            </div>
            {!person.isAdmin && (
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="outline" onClick={() => setOpen({ person, action: 'quota' })}>
                  Quota
                </Button>
                {person.suspendedAt ? (
                  <Button size="sm" variant="outline" onClick={() => unsuspend.mutate(person)}>
                    Unsuspend
                  </Button>
                ) : (
                  <Button size="sm" variant="outline" onClick={() => setOpen({ person, action: 'suspend' })}>
                    Suspend
                  </Button>
                )}
                <Button size="sm" variant="destructive" onClick={() => setOpen({ person, action: 'delete' })}>
                  Delete
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {data && pages > 1 && (
        <nav aria-label="People pages" className="flex items-center gap-3 text-sm">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
      {open && <PersonDialog person={open.person} action={open.action} onClose={() => setOpen(null)} />}
    </section>
  );
}
