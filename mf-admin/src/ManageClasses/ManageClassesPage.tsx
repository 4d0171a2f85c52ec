import {
  DataTable,
  DebouncedInput,
  FilterBar,
  ListState,
  PageHeading,
  Pagination,
  ResultCount,
  useUrlQuery,
  type ClassStatus,
} from '@sportify/shared-ui';
import { ClassRow } from './ClassRow';
import { CLASSES_PER_PAGE, useGetAllClassesQuery } from './manageClassesApi';
import { STATUS_TABS, StatusTabs, type StatusTab } from './StatusTabs';

/**
 * Manage Classes (docs/product.md §2): every class, approved or denied once, with feedback for the instructor; status
 * tabs with counts (Pending first; All lists pending classes first), search and pages, all kept in the URL.
 */
export function ManageClassesPage() {
  const url = useUrlQuery();
  const tab = (STATUS_TABS.includes(url.get('status') as StatusTab) ? url.get('status') : 'all') as StatusTab;
  const q = url.get('q').trim();
  const query = useGetAllClassesQuery({
    q: q || undefined,
    status: tab === 'all' ? undefined : (tab as ClassStatus),
    page: url.page,
  });
  const { data } = query;

  return (
    <section aria-labelledby="manage-classes-heading">
      <PageHeading id="manage-classes-heading">Manage Classes</PageHeading>
      <FilterBar $min="260px" role="search" aria-label="Find classes">
        <DebouncedInput
          label="Search by class, instructor or e-mail"
          type="search"
          maxLength={100}
          value={url.get('q')}
          onCommit={(text) => url.set({ q: text })}
        />
      </FilterBar>
      <StatusTabs
        current={tab}
        counts={data?.counts}
        panelId="manage-classes-panel"
        onSelect={(next) => url.set({ status: next === 'all' ? '' : next })}
      />
      <div id="manage-classes-panel" role="tabpanel" aria-label="Classes">
        {data && <ResultCount shown={data.items.length} total={data.total} noun="classes" />}
        <ListState
          query={{ ...query, data: data?.items }}
          loadingLabel="Loading classes"
          errorText="The classes could not be loaded."
          emptyText={q || tab !== 'all' ? 'No classes match your search.' : 'No classes have been added yet.'}
        >
          {(classes) => (
            <DataTable
              labelledBy="manage-classes-heading"
              stackBelow={1100}
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
            >
              {classes.map((item, index) => (
                <ClassRow key={item._id} item={item} index={(url.page - 1) * CLASSES_PER_PAGE + index} />
              ))}
            </DataTable>
          )}
        </ListState>
        {data && (
          <Pagination
            label="Classes pages"
            page={url.page}
            total={data.total}
            limit={CLASSES_PER_PAGE}
            onPage={(page) => url.set({ page: String(page) })}
          />
        )}
      </div>
    </section>
  );
}
