import { UrlSearchInput, FilterBar, PageHeading, useUrlQuery, type ClassStatus } from '@sportify/shared-ui';
import { PagedTable } from '@sportify/shared-ui/tables';
import { ClassRow } from './ClassRow';
import { useClassesAllQuery } from '@sportify/shared-ui/endpoints/classes';
import { paged } from '@sportify/shared-ui/endpoints/paged';
import { useWaitlistCounts } from '@sportify/shared-ui/endpoints/waitlist';
import { allClassesArgs } from './manageClassesArgs';
import { STATUS_TABS, StatusTabs, type StatusTab } from './StatusTabs';

/**
 * Manage Classes (docs/product.md §2): every class, approved or denied once, with feedback for the instructor; status
 * tabs with counts (Pending first; All lists pending classes first), search and pages, all kept in the URL.
 */
export function ManageClassesPage() {
  const url = useUrlQuery();
  const tab = (STATUS_TABS.includes(url.get('status') as StatusTab) ? url.get('status') : 'all') as StatusTab;
  const q = url.get('q').trim();
  const query = paged(
    useClassesAllQuery(
      allClassesArgs({ q: q || undefined, status: tab === 'all' ? undefined : (tab as ClassStatus), page: url.page }),
    ),
  );
  const waiting = useWaitlistCounts(query.data?.items);

  return (
    <section aria-labelledby="manage-classes-heading">
      <PageHeading id="manage-classes-heading">Manage Classes</PageHeading>
      <FilterBar $min="260px" role="search" aria-label="Find classes">
        <UrlSearchInput label="Search by class, instructor or e-mail" />
      </FilterBar>
      <StatusTabs
        current={tab}
        counts={query.data?.counts}
        panelId="manage-classes-panel"
        onSelect={(next) => url.set({ status: next === 'all' ? '' : next })}
      />
      <div id="manage-classes-panel" role="tabpanel" aria-label="Classes">
        <PagedTable
          query={query}
          noun="classes"
          pagesLabel="Classes pages"
          loadingLabel="Loading classes"
          errorText="The classes could not be loaded."
          emptyText={q || tab !== 'all' ? 'No classes match your search.' : 'No classes have been added yet.'}
          labelledBy="manage-classes-heading"
          stackBelow="always"
          columns={[
            '#',
            'Class Photo',
            'Class Name',
            'Instructor',
            'Available seats',
            'Price',
            'Status',
            'Feedback',
            'Decision',
          ]}
          row={(item, number) => <ClassRow key={item._id} item={item} number={number} waiting={waiting?.[item._id]} />}
        />
      </div>
    </section>
  );
}
