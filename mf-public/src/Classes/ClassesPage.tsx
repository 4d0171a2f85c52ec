import styled from 'styled-components';
import { CardGrid, ClassCard, PageHeading, Spinner } from '@sportify/shared-ui';
import { useGetApprovedClassesQuery } from './classesApi';

const Message = styled.p<{ $error?: boolean }>`
  text-align: center;
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.muted)};
`;

/** Public list of approved classes (spec "Classes (public)"). The Select action arrives with the student issue. */
export function ClassesPage() {
  const { data: classes, isLoading, isError } = useGetApprovedClassesQuery();

  return (
    <section aria-labelledby="classes-heading">
      <PageHeading id="classes-heading">All Classes are here</PageHeading>
      {isLoading && <Spinner label="Loading classes" />}
      {isError && <Message role="alert" $error>Classes could not be loaded. Please try again later.</Message>}
      {classes && classes.length === 0 && <Message>No classes are open yet.</Message>}
      {classes && classes.length > 0 && (
        <CardGrid>
          {classes.map((item) => (
            <ClassCard key={item._id} item={item} />
          ))}
        </CardGrid>
      )}
    </section>
  );
}
