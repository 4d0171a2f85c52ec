import { useMemo } from 'react';
import { ListState, PageHeading, DataTable } from '@sportify/shared-ui';
import { useGetUsersQuery } from './manageUsersApi';
import { UserRow } from './UserRow';

/** Manage Users (docs/product.md §2): the students, each of whom an admin can make admin or instructor. */
export function ManageUsersPage() {
  const query = useGetUsersQuery();
  const users = query.data;
  // Only users without a role; a promoted user leaves the list when it refetches.
  const students = useMemo(() => users?.filter((user) => !user.role), [users]);

  return (
    <section aria-labelledby="manage-users-heading">
      <PageHeading id="manage-users-heading">All Users (Only Students)</PageHeading>
      <ListState
        query={query}
        items={students}
        loadingLabel="Loading users"
        errorText="The users could not be loaded."
        emptyText="There are no students to promote."
      >
        {(rows) => (
        <DataTable labelledBy="manage-users-heading" columns={['#', 'Profile Picture', 'Name', 'Make Admin', 'Make Instructor']}>
              {rows.map((user, index) => <UserRow key={user._id} user={user} index={index} />)}
        </DataTable>
        )}
      </ListState>
    </section>
  );
}
