import { skipToken } from '@reduxjs/toolkit/query';
import { Link } from '@sportify/shared-ui/router';
import styled from 'styled-components';
import {
  Button,
  DataTable,
  FormField,
  ListState,
  PageHeading,
  Pagination,
  ResultCount,
  Select,
  selectUser,
  useAppSelector,
  useUrlQuery,
  type ClassStatus,
} from '@sportify/shared-ui';
import { MY_CLASSES_PER_PAGE, useGetMyClassesQuery } from './myClassesApi';

const STATUS_CHOICES: Record<ClassStatus | '', string> = {
  '': 'All statuses',
  pending: 'Pending',
  approved: 'Approved',
  denied: 'Denied',
};

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.muted};
`;
const FeedbackText = styled.td`
  max-width: 320px;
  white-space: pre-wrap;
`;
const Capitalized = styled.td`
  text-transform: capitalize;
`;
const Filter = styled.div`
  margin: ${({ theme }) => `0 ${theme.space(4)} ${theme.space(4)}`};
  max-width: 16rem;
`;

/**
 * My Classes (docs/product.md §2): the instructor's classes with review status, enrolled students and feedback; a status
 * filter and pages, kept in the URL.
 */
export function MyClassesPage() {
  const email = useAppSelector(selectUser)?.email;
  const url = useUrlQuery();
  const status = (url.get('status') in STATUS_CHOICES ? url.get('status') : '') as ClassStatus | '';
  const query = useGetMyClassesQuery(email ? { email, status: status || undefined, page: url.page } : skipToken);
  const { data } = query;

  return (
    <section aria-labelledby="my-classes-heading">
      <PageHeading id="my-classes-heading">My Classes</PageHeading>
      <Filter>
        <FormField label="Status">
          <Select value={status} onChange={(e) => url.set({ status: e.target.value })}>
            {Object.entries(STATUS_CHOICES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </FormField>
      </Filter>
      {data && <ResultCount shown={data.items.length} total={data.total} noun="classes" />}
      <ListState
        query={{ ...query, data: data?.items }}
        loadingLabel="Loading your classes"
        errorText="Your classes could not be loaded."
        emptyText={status ? `You have no ${status} classes.` : 'You have not added any classes yet.'}
        emptyAction={
          status ? undefined : (
            <Button as={Link} to="/dashboard/add-class">
              Add A Class
            </Button>
          )
        }
      >
        {(classes) => (
          <DataTable
            labelledBy="my-classes-heading"
            stackBelow={800}
            columns={['#', 'Class Photo', 'Class Name', 'Status', 'Enrolled', 'Update', 'Feedback']}
          >
            {classes.map((item, index) => (
              <tr key={item._id}>
                <td data-label="#">{(url.page - 1) * MY_CLASSES_PER_PAGE + index + 1}</td>
                <td data-label="Class Photo">
                  <img src={item.classImage} alt={item.className} loading="lazy" />
                </td>
                <td data-label="Class Name">{item.className}</td>
                <Capitalized data-label="Status">{item.status}</Capitalized>
                <td data-label="Enrolled">{`${item.enrolled ?? 0} Students`}</td>
                <td data-label="Update">
                  <Button
                    as={Link}
                    to={`/dashboard/update-class/${item._id}`}
                    $variant="secondary"
                    aria-label={`Update ${item.className}`}
                  >
                    Update
                  </Button>
                </td>
                <FeedbackText data-label="Feedback">
                  {item.feedback ? <span>{item.feedback}</span> : <Muted>No feedback yet</Muted>}
                </FeedbackText>
              </tr>
            ))}
          </DataTable>
        )}
      </ListState>
      {data && (
        <Pagination
          label="My classes pages"
          page={url.page}
          total={data.total}
          limit={MY_CLASSES_PER_PAGE}
          onPage={(page) => url.set({ page: String(page) })}
        />
      )}
    </section>
  );
}
