import { ListState, PageHeading, Table, TableScroll } from '@sportify/shared-ui';
import { ClassRow } from './ClassRow';
import { useGetAllClassesQuery } from './manageClassesApi';

/** Manage Classes (docs/product.md §2): every class, approved or denied once, with feedback for the instructor. */
export function ManageClassesPage() {
  const query = useGetAllClassesQuery();

  return (
    <section aria-labelledby="manage-classes-heading">
      <PageHeading id="manage-classes-heading">Manage Classes</PageHeading>
      <ListState
        query={query}
        loadingLabel="Loading classes"
        errorText="The classes could not be loaded."
        emptyText="No classes have been added yet."
      >
        {(classes) => (
        <TableScroll>
          <Table aria-labelledby="manage-classes-heading">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Class Photo</th>
                <th scope="col">Class Name</th>
                <th scope="col">Instructor</th>
                <th scope="col">Available seats</th>
                <th scope="col">Price</th>
                <th scope="col">Status</th>
                <th scope="col">Feedback</th>
                <th scope="col">Decision</th>
              </tr>
            </thead>
            <tbody>
              {classes.map((item, index) => <ClassRow key={item._id} item={item} index={index} />)}
            </tbody>
          </Table>
        </TableScroll>
        )}
      </ListState>
    </section>
  );
}
