import {
  DataTable,
  DebouncedInput,
  FilterBar,
  FormField,
  ListState,
  PageHeading,
  Pagination,
  ResultCount,
  Select,
  useUrlQuery,
} from '@sportify/shared-ui';
import { USERS_PER_PAGE, useGetUsersQuery, type RoleFilter } from './manageUsersApi';
import { UserRow } from './UserRow';

const ROLE_CHOICES: Record<RoleFilter, string> = {
  student: 'Students',
  instructor: 'Instructors',
  admin: 'Admins',
  all: 'All roles',
};

/**
 * Manage Users (docs/product.md §2): the students (by default), each of whom an admin can make admin or instructor;
 * search by name or e-mail, a role filter and pages, all kept in the URL.
 */
export function ManageUsersPage() {
  const url = useUrlQuery();
  const role = (url.get('role') in ROLE_CHOICES ? url.get('role') : 'student') as RoleFilter;
  const q = url.get('q').trim();
  const query = useGetUsersQuery({ q: q || undefined, role, page: url.page });
  const { data } = query;

  return (
    <section aria-labelledby="manage-users-heading">
      <PageHeading id="manage-users-heading">All Users (Only Students)</PageHeading>
      <FilterBar $min="220px" role="search" aria-label="Find users">
        <DebouncedInput
          label="Search by name or e-mail"
          type="search"
          maxLength={100}
          value={url.get('q')}
          onCommit={(text) => url.set({ q: text })}
        />
        <FormField label="Role">
          <Select value={role} onChange={(e) => url.set({ role: e.target.value === 'student' ? '' : e.target.value })}>
            {Object.entries(ROLE_CHOICES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </FormField>
      </FilterBar>
      {data && <ResultCount shown={data.items.length} total={data.total} noun="users" />}
      <ListState
        query={{ ...query, data: data?.items }}
        loadingLabel="Loading users"
        errorText="The users could not be loaded."
        emptyText={q || role !== 'student' ? 'No users match your search.' : 'There are no students to promote.'}
      >
        {(users) => (
          <DataTable
            labelledBy="manage-users-heading"
            stackBelow={640}
            columns={['#', 'Profile Picture', 'Name', 'Make Admin', 'Make Instructor']}
          >
            {users.map((user, index) => (
              <UserRow key={user._id} user={user} index={(url.page - 1) * USERS_PER_PAGE + index} />
            ))}
          </DataTable>
        )}
      </ListState>
      {data && (
        <Pagination
          label="Users pages"
          page={url.page}
          total={data.total}
          limit={USERS_PER_PAGE}
          onPage={(page) => url.set({ page: String(page) })}
        />
      )}
    </section>
  );
}
