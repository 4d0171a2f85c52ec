import { ListState, PageHeading, DataTable } from '@sportify/shared-ui';
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
        <DataTable labelledBy="manage-classes-heading" columns={['#', 'Class Photo', 'Class Name', 'Instructor', 'Available seats', 'Price', 'Status', 'Feedback', 'Decision']}>
              {classes.map((item, index) => <ClassRow key={item._id} item={item} index={index} />)}
        </DataTable>
        )}
      </ListState>
    </section>
  );
}
