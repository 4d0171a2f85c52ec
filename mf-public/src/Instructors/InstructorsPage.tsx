import { ListState, loadErrorText, PageHeading, DataTable, usePageTitle } from '@sportify/shared-ui';
import { Avatar } from '../common/Avatar';
import { useGetPublicInstructorsQuery } from './instructorsApi';

/** Spec "Instructors (public)": every instructor in a table of #, photo, name and e-mail address. */
export function InstructorsPage() {
  usePageTitle('Instructors');
  const query = useGetPublicInstructorsQuery();
  return (
    <section aria-labelledby="instructors-heading">
      <PageHeading id="instructors-heading">Our all instructors information</PageHeading>
      <ListState
        query={query}
        loadingLabel="Loading instructors"
        errorText={(error) => loadErrorText('Instructors', error)}
        emptyText="No instructors yet"
      >
        {(instructors) => (
          <DataTable labelledBy="instructors-heading" columns={['#', 'Photo', 'Name', 'Email Address']}>
            {instructors.map((person, index) => (
              <tr key={person._id}>
                <td>{index + 1}</td>
                <td>
                  <Avatar src={person.userPhoto} name={person.userName} size={48} />
                </td>
                <td>{person.userName}</td>
                <td>
                  <a href={`mailto:${person.email}`}>{person.email}</a>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListState>
    </section>
  );
}
