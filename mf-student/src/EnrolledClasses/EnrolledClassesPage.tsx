import { useMemo } from 'react';
import {
  apiErrorMessage,
  Button,
  getRuntimeConfig,
  ListState,
  PageHeading,
  Spinner,
  ClassStarts,
  UrlPagination,
  useUrlQuery,
} from '@sportify/shared-ui';
import { Link } from '@sportify/shared-ui/router';
import {
  ActionCell,
  CellDetail,
  DASHBOARD_STACK_BELOW,
  DataTable,
  MainCell,
  TruncatedId,
} from '@sportify/shared-ui/tables';
import { PageCount, studentListArgs } from '../common/ListPages';
import { formatCampDay } from '../common/campDay';
import { routes } from '@sportify/platform/routes';
import { BrowseClasses, StudentsOnly } from '../common/States';
import { useStudent } from '../common/useStudent';
import { forSuffix, type ForWhom } from '../common/forWhom';
import { CancelEnrolment } from './CancelEnrolment';
import { paged } from '@sportify/shared-ui/endpoints/paged';
import { usePaymentsEnrolledQuery } from '@sportify/shared-ui/endpoints/payments';
import type { EnrolledItem } from './enrolledApi';
import { dollarsAfter, dollarsBefore } from '@sportify/platform/money';

// Spec: 'long date-time format' in the user's locale (undefined = the browser's), e.g. "November 22, 2026 at 9:05 AM".
const enrolledDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

/** The class's .ics file (one event per weekly session, camp time zone), served by the API as a download. */
const calendarUrl = (classId: string) =>
  `${getRuntimeConfig().apiUrl.replace(/\/+$/, '')}/classes/${encodeURIComponent(classId)}/calendar.ics`;

const newestFirst = (a: EnrolledItem, b: EnrolledItem) => Date.parse(b.date) - Date.parse(a.date);

/** My Enrolled Classes (docs/product.md §2): the signed-in student's paid classes, newest first. */
export function EnrolledClassesPage() {
  const student = useStudent();
  return (
    <section aria-labelledby="enrolled-heading">
      <PageHeading id="enrolled-heading">My Enrolled Classes</PageHeading>
      {student.kind === 'loading' && <Spinner label="Loading your enrolled classes" />}
      {student.kind === 'notStudent' && <StudentsOnly />}
      {student.kind === 'student' && <EnrolledList email={student.email} />}
    </section>
  );
}

function EnrolledList({ email }: { email: string }) {
  const { page } = useUrlQuery();
  const query = paged(usePaymentsEnrolledQuery(studentListArgs({ email, page })));
  const { data } = query;
  // The API already sorts; sorting the page here too keeps the order right whatever the server or cache holds.
  const rows = useMemo(() => (data ? [...data.items].sort(newestFirst) : undefined), [data]);
  const first = data ? (data.page - 1) * data.limit : 0;

  return (
    <>
      <PageCount data={data} noun="enrolled classes" />
      <ListState
        query={{ ...query, data: data?.items }}
        items={rows}
        loadingLabel="Loading your enrolled classes"
        errorText={(error) => apiErrorMessage(error, 'Your enrolled classes could not be loaded.')}
        emptyText="You are not enrolled in any class yet."
        emptyAction={<BrowseClasses />}
      >
        {(rows) => (
          <DataTable
            labelledBy="enrolled-heading"
            stackBelow={DASHBOARD_STACK_BELOW}
            columns={['#', 'Class Name', 'Transaction Id', 'Price', 'Enrolled Date', 'Cancel']}
          >
            {rows.map((item: EnrolledItem & ForWhom, index) => (
              <tr key={item._id}>
                <td data-label="#">{first + index + 1}</td>
                <MainCell label="Class Name" name={item.className}>
                  {item.camperName && <CellDetail $strong>For {item.camperName}</CellDetail>}
                  {item.balanceDue && (
                    <>
                      <CellDetail $strong>
                        Balance due {dollarsBefore(item.balanceDue.amount)} on {formatCampDay(item.balanceDue.dueAt)}
                      </CellDetail>
                      <CellDetail>
                        <Button
                          as={Link}
                          $variant="secondary"
                          to={routes.balance(item._id)}
                          // Its visible text first, then which class and for whom.
                          aria-label={`Pay balance now: ${item.className}${forSuffix(item)}`}
                        >
                          Pay balance now
                        </Button>
                      </CellDetail>
                    </>
                  )}
                  {item.lines && item.lines.length > 2 && (
                    <CellDetail>
                      {item.lines.map((l) => `${l.label} ${dollarsBefore(l.amount)}`).join(' · ')}
                    </CellDetail>
                  )}
                  {item.startDate && (
                    <>
                      <CellDetail>
                        <ClassStarts iso={item.startDate} />
                      </CellDetail>
                      <CellDetail>
                        <a
                          href={calendarUrl(item.classId)}
                          download
                          // Its visible text first (WCAG's label in name), then which class, and for whom.
                          aria-label={`Add to calendar: ${item.className}${forSuffix(item)}`}
                        >
                          Add to calendar
                        </a>
                      </CellDetail>
                    </>
                  )}
                </MainCell>
                <td data-label="Transaction Id">
                  <TruncatedId
                    value={item.transactionId}
                    copyLabel={`Copy transaction id of ${item.className}${forSuffix(item)}`}
                  />
                </td>
                <td data-label="Price">{dollarsAfter(item.price)}</td>
                <td data-label="Enrolled Date">
                  <time dateTime={item.date}>{enrolledDate.format(new Date(item.date))}</time>
                </td>
                <ActionCell label="Cancel">
                  <CancelEnrolment item={item} />
                </ActionCell>
              </tr>
            ))}
          </DataTable>
        )}
      </ListState>
      <UrlPagination data={data} label="Enrolled classes pages" />
    </>
  );
}
