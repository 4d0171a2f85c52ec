import { lazy, Suspense, useRef } from 'react';
import { useLocation, useNavigate } from '@sportify/shared-ui/router';
import styled from 'styled-components';
import {
  Button,
  ListState,
  loadErrorText,
  PageHeading,
  Pagination,
  ResultCount,
  notify,
  selectSession,
  useAppSelector,
  usePageTitle,
  useUrlQuery,
} from '@sportify/shared-ui';
import { useClassesApprovedQuery } from '@sportify/shared-ui/endpoints/classes';
import { paged } from '@sportify/shared-ui/endpoints/paged';
import { BuildLabel } from '../common/BuildLabel';
import { ClassFilters, FILTER_NAMES } from './ClassFilters';
import { classesArgs, CLASSES_PER_PAGE, type ClassSort } from './classesArgs';
import { ClassGrid, type ListedClass } from './ClassGrid';
import { selectState, viewerOf, type StudentClasses } from './selectRules';

// A signed-in student's cards (their selections, payments, waitlist places and family): only students load them.
const StudentCards = lazy(() => import(/* webpackChunkName: "student-cards" */ './StudentCards'));

/** A price bound from the URL: a number, or no bound. */
const amount = (text: string) => (text.trim() && Number.isFinite(Number(text)) ? Number(text) : undefined);

/** What the page knows of anyone's own classes before (or without) a student's reads. */
const NOTHING_KNOWN: StudentClasses = { known: () => false, selected: new Set(), enrolled: new Set(), pendingId: null };

/**
 * Classes (docs/product.md §2, §4): approved classes as cards, each with Select (rules in selectRules.ts), a page at a time,
 * with search, filters and sort kept in the URL (shareable; reload, Back and Forward keep them).
 */
export function ClassesPage() {
  usePageTitle('Classes');
  const url = useUrlQuery();
  const filtersActive = FILTER_NAMES.some((name) => url.get(name) !== '');
  const classes = paged(
    useClassesApprovedQuery(
      classesArgs({
        q: url.get('q').trim() || undefined,
        instructor: url.get('instructor') || undefined,
        available: url.get('available') === 'true' ? 'true' : undefined,
        minPrice: amount(url.get('minPrice')),
        maxPrice: amount(url.get('maxPrice')),
        startsFrom: url.get('startsFrom') || undefined,
        age: /^\d{1,2}$/.test(url.get('age')) ? Number(url.get('age')) : undefined,
        sort: (url.get('sort') || undefined) as ClassSort | undefined,
        page: url.page,
      }),
    ),
  );
  const listTop = useRef<HTMLDivElement>(null);
  const viewer = viewerOf(useAppSelector(selectSession));
  const navigate = useNavigate();
  const location = useLocation();

  // Visitors are sent to sign in; staff's buttons are disabled (selectRules.ts).
  const onSelect = () => {
    if (viewer.kind !== 'visitor') return;
    void notify.error('You have to login first to enroll');
    // The shell's login page returns to state.from (a location, as its guards pass it).
    navigate('/login', { state: { from: location } });
  };
  const cardsFor = (items: ListedClass[]) => (
    <ClassGrid items={items} stateOf={(item) => selectState(item, viewer, NOTHING_KNOWN)} onSelect={onSelect} />
  );

  return (
    <section aria-labelledby="classes-heading">
      <PageHeading id="classes-heading">All Classes are here</PageHeading>
      <BuildLabel />
      {viewer.kind === 'staff' && (
        <Note>You are signed in as an {viewer.role}: only student accounts select classes.</Note>
      )}
      <ClassFilters get={url.get} set={url.set} onClear={url.clear} active={filtersActive} />
      <div ref={listTop} aria-busy={classes.isFetching || undefined}>
        {classes.data && <ResultCount shown={classes.data.items.length} total={classes.data.total} noun="classes" />}
      </div>
      <ListState
        query={{ ...classes, data: classes.data?.items }}
        loadingLabel="Loading classes"
        errorText={(error) => loadErrorText('Classes', error)}
        emptyText={filtersActive ? 'No classes match your search' : 'No classes yet'}
      >
        {(items: ListedClass[]) =>
          viewer.kind === 'student' ? (
            // Until the student's cards have loaded, every card waits as it does for the student's reads. Keyed by
            // the account, so what the cards remember of one student's rows never shows for another.
            <Suspense fallback={cardsFor(items)}>
              <StudentCards key={viewer.email} items={items} email={viewer.email} />
            </Suspense>
          ) : (
            cardsFor(items)
          )
        }
      </ListState>
      {classes.data?.total === 0 && filtersActive && (
        <Centered>
          <Button type="button" onClick={url.clear}>
            Clear filters
          </Button>
        </Centered>
      )}
      {classes.data && (
        <Pagination
          label="Classes pages"
          page={url.page}
          total={classes.data.total}
          limit={CLASSES_PER_PAGE}
          onPage={(page) => {
            url.set({ page: String(page) });
            listTop.current?.scrollIntoView?.({ block: 'start' });
          }}
        />
      )}
    </section>
  );
}

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(6)};
  padding: 0 ${({ theme }) => theme.space(4)};
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};
`;

const Centered = styled.div`
  display: flex;
  justify-content: center;
`;
