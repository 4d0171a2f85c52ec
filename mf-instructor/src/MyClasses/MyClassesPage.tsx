import { skipToken } from '@reduxjs/toolkit/query';
import { Link } from '@sportify/shared-ui/router';
import styled from 'styled-components';
import { Button, ListState, PageHeading, selectUser, DataTable, useAppSelector } from '@sportify/shared-ui';
import { useGetMyClassesQuery } from './myClassesApi';

const Muted = styled.span`color: ${({ theme }) => theme.colors.muted};`;
const FeedbackText = styled.td`max-width: 320px; white-space: pre-wrap;`;
const Capitalized = styled.td`text-transform: capitalize;`;

/** My Classes (docs/product.md §2): the instructor's classes with review status, enrolled students and feedback. */
export function MyClassesPage() {
  const email = useAppSelector(selectUser)?.email;
  const query = useGetMyClassesQuery(email ?? skipToken);

  return (
    <section aria-labelledby="my-classes-heading">
      <PageHeading id="my-classes-heading">My Classes</PageHeading>
      <ListState
        query={query}
        loadingLabel="Loading your classes"
        errorText="Your classes could not be loaded."
        emptyText="You have not added any classes yet."
        emptyAction={<Button as={Link} to="/dashboard/add-class">Add A Class</Button>}
      >
        {(classes) => (
        <DataTable labelledBy="my-classes-heading" columns={['#', 'Class Photo', 'Class Name', 'Status', 'Enrolled', 'Update', 'Feedback']}>
              {classes.map((item, index) => (
                <tr key={item._id}>
                  <td>{index + 1}</td>
                  <td><img src={item.classImage} alt={item.className} loading="lazy" /></td>
                  <td>{item.className}</td>
                  <Capitalized>{item.status}</Capitalized>
                  <td>{`${item.enrolled ?? 0} Students`}</td>
                  <td>
                    <Button as={Link} to={`/dashboard/update-class/${item._id}`} $variant="secondary" aria-label={`Update ${item.className}`}>
                      Update
                    </Button>
                  </td>
                  <FeedbackText>{item.feedback ? item.feedback : <Muted>No feedback yet</Muted>}</FeedbackText>
                </tr>
              ))}
        </DataTable>
        )}
      </ListState>
    </section>
  );
}
