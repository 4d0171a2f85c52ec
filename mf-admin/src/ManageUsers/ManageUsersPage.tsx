import { ChoiceSelect, FilterBar, PageHeading, UrlSearchInput, useUrlQuery } from '@sportify/shared-ui';
import { DASHBOARD_STACK_BELOW, PagedTable } from '@sportify/shared-ui/tables';
import { paged } from '@sportify/shared-ui/endpoints/paged';
import { useUsersListQuery } from '@sportify/shared-ui/endpoints/users';
import { usersArgs, type RoleFilter, type UserSort } from './manageUsersArgs';
import { UserRow } from './UserRow';

const ROLE_CHOICES: Record<RoleFilter, string> = {
  student: 'Students',
  instructor: 'Instructors',
  admin: 'Admins',
  all: 'All roles',
};

// Newest first by default: the people who just signed up are the ones waiting for a role.
const SORT_CHOICES: Record<UserSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name (A to Z)',
};

const choice = <V extends string>(choices: Record<V, string>, value: string, fallback: V): V =>
  value in choices ? (value as V) : fallback;

/**
 * Manage Users (docs/product.md §2): the students (by default), each of whom an admin can make admin or instructor;
 * search by name or e-mail, a role filter, the order and pages, all kept in the URL.
 */
export function ManageUsersPage() {
  const url = useUrlQuery();
  const role = choice(ROLE_CHOICES, url.get('role'), 'student');
  const sort = choice(SORT_CHOICES, url.get('sort'), 'newest');
  const q = url.get('q').trim();
  const query = paged(useUsersListQuery(usersArgs({ q: q || undefined, role, sort, page: url.page })));

  return (
    <section aria-labelledby="manage-users-heading">
      <PageHeading id="manage-users-heading">All Users (Only Students)</PageHeading>
      <FilterBar $min="200px" role="search" aria-label="Find users">
        <UrlSearchInput label="Search by name or e-mail" />
        <ChoiceSelect
          label="Role"
          choices={ROLE_CHOICES}
          value={role}
          onChange={(next) => url.set({ role: next === 'student' ? '' : next })}
        />
        <ChoiceSelect
          label="Sort by"
          choices={SORT_CHOICES}
          value={sort}
          onChange={(next) => url.set({ sort: next === 'newest' ? '' : next })}
        />
      </FilterBar>
      <PagedTable
        query={query}
        noun="users"
        pagesLabel="Users pages"
        loadingLabel="Loading users"
        errorText="The users could not be loaded."
        emptyText={q || role !== 'student' ? 'No users match your search.' : 'There are no students to promote.'}
        labelledBy="manage-users-heading"
        stackBelow={DASHBOARD_STACK_BELOW}
        columns={['#', 'Profile Picture', 'Name', 'Make Admin', 'Make Instructor']}
        row={(user, number) => <UserRow key={user._id} user={user} number={number} />}
      />
    </section>
  );
}
