import { useMemo } from 'react';
import { ListState, PageHeading, Table, TableScroll } from '@sportify/shared-ui';
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
        <TableScroll>
          <Table aria-labelledby="manage-users-heading">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Profile Picture</th>
                <th scope="col">Name</th>
                <th scope="col">Make Admin</th>
                <th scope="col">Make Instructor</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((user, index) => <UserRow key={user._id} user={user} index={index} />)}
            </tbody>
          </Table>
        </TableScroll>
        )}
      </ListState>
    </section>
  );
}
