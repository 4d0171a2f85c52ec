import {
  Avatar,
  Button,
  UrlSearchInput,
  FilterBar,
  ListState,
  loadErrorText,
  PageHeading,
  ResultCount,
  UrlPagination,
  usePageTitle,
  useUrlQuery,
} from '@sportify/shared-ui';
import { DataTable } from '@sportify/shared-ui/tables';
import { paged } from '@sportify/shared-ui/endpoints/paged';
import { useInstructorsListQuery } from '@sportify/shared-ui/endpoints/users';
import { instructorsArgs } from './instructorsArgs';

/**
 * Instructors (docs/product.md §2): the instructors in a table of #, photo, name and e-mail address, a page at a time,
 * with a search by name; search and page live in the URL (shareable; reload, Back and Forward keep them).
 */
export function InstructorsPage() {
  usePageTitle('Instructors');
  const url = useUrlQuery();
  const q = url.get('q').trim();
  const query = paged(useInstructorsListQuery(instructorsArgs({ q: q || undefined, page: url.page })));
  const { data } = query;
  // From the page shown (while another loads, the rows and their numbers stay together).
  const first = data ? (data.page - 1) * data.limit : 0;

  return (
    <section aria-labelledby="instructors-heading">
      <PageHeading id="instructors-heading">Our all instructors information</PageHeading>
      <FilterBar $min="260px" role="search" aria-label="Find instructors">
        <UrlSearchInput label="Search instructors" placeholder="Instructor name" />
      </FilterBar>
      <div aria-busy={query.isFetching || undefined}>
        {data && <ResultCount shown={data.items.length} total={data.total} noun="instructors" />}
      </div>
      <ListState
        query={{ ...query, data: data?.items }}
        loadingLabel="Loading instructors"
        errorText={(error) => loadErrorText('Instructors', error)}
        emptyText={q ? 'No instructors match your search' : 'No instructors yet'}
        emptyAction={
          q ? (
            <Button type="button" onClick={url.clear}>
              Clear search
            </Button>
          ) : undefined
        }
      >
        {(instructors) => (
          <DataTable
            labelledBy="instructors-heading"
            stackBelow={640}
            columns={['#', 'Photo', 'Name', 'Email Address']}
          >
            {instructors.map((person, index) => (
              <tr key={person._id}>
                {/* Counts on across pages: page 2 starts at 25. */}
                <td data-label="#">{first + index + 1}</td>
                <td data-label="Photo">
                  <Avatar picture={person.picture} name={person.userName} size={48} />
                </td>
                <td data-label="Name">{person.userName}</td>
                <td data-label="Email Address">
                  <a href={`mailto:${person.email}`} title={person.email} data-word>
                    {person.email}
                  </a>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListState>
      <UrlPagination data={data} label="Instructors pages" />
    </section>
  );
}
