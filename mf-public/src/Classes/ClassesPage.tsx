import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@sportify/shared-ui/router';
import styled from 'styled-components';
import {
  apiMessage,
  Button,
  CardGrid,
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
  type PublicClass,
} from '@sportify/shared-ui';
import { BuildLabel } from '../common/BuildLabel';
import { ClassCard, FIRST_ROW } from '../common/ClassCard';
import { Reveal } from '../common/Reveal';
import { ClassFilters, FILTER_NAMES } from './ClassFilters';
import type { AgeRange } from '../common/ageRange';
import {
  CLASSES_PER_PAGE,
  useGetCamperChoicesQuery,
  useGetClassEnrolmentsQuery,
  useGetClassesPageQuery,
  useGetClassSelectionsQuery,
  useGetWaitlistPlacesQuery,
  useJoinWaitlistMutation,
  useSelectClassMutation,
  type ClassSort,
  type Place,
} from './classesApi';
import { SELF, takenBy, takenByAll } from './family';
import { SELECT_LABEL, selectEnabled, selectState, viewerOf, type StudentClasses } from './selectRules';

// Loaded when a family first chooses who a class is for, not with the page.
const WhoDialog = lazy(() => import(/* webpackChunkName: "who-dialog" */ './WhoDialog'));
// Loaded when a signed-in student is shown a full class: a visitor's page never needs it.
const WaitlistControls = lazy(() =>
  import(/* webpackChunkName: "waitlist-controls" */ './WaitlistControls').then((m) => ({
    default: m.WaitlistControls,
  })),
);

/** A class as the list answers it, with its optional age range. */
type ListedClass = PublicClass & AgeRange;

/** The class whose 'Who is this class for?' is open, and for which action. */
interface Asking {
  item: ListedClass;
  action: 'select' | 'waitlist';
}

/**
 * Classes (docs/product.md §2, §4): approved classes as cards, each with Select (rules in selectRules.ts), a page at a time,
 * with search, filters and sort kept in the URL (shareable; reload, Back and Forward keep them).
 */
export function ClassesPage() {
  usePageTitle('Classes');
  const url = useUrlQuery();
  const filtersActive = FILTER_NAMES.some((name) => url.get(name) !== '');
  const classes = useGetClassesPageQuery({
    q: url.get('q').trim() || undefined,
    instructor: url.get('instructor') || undefined,
    available: url.get('available') === 'true' ? 'true' : undefined,
    minPrice: url.get('minPrice') || undefined,
    maxPrice: url.get('maxPrice') || undefined,
    startsFrom: url.get('startsFrom') || undefined,
    age: /^\d{1,2}$/.test(url.get('age')) ? url.get('age') : undefined,
    sort: (url.get('sort') || undefined) as ClassSort | undefined,
    page: url.page,
  });
  const listTop = useRef<HTMLDivElement>(null);
  const viewer = viewerOf(useAppSelector(selectSession));
  const email = viewer.kind === 'student' ? viewer.email : '';
  // Read from the server, so 'Selected' survives a reload: only for the cards shown, never the student's whole lists.
  // Only asked for students: anyone else gets a 403, which the shared client answers by signing out.
  const shown = useMemo(() => (classes.data?.items ?? []).map((c) => c._id).join(','), [classes.data]);
  const mineArgs = { email, classIds: shown };
  const skipMine = { skip: !email || !shown };
  const selections = useGetClassSelectionsQuery(mineArgs, skipMine);
  const enrolments = useGetClassEnrolmentsQuery(mineArgs, skipMine);
  const waitlist = useGetWaitlistPlacesQuery(mineArgs, skipMine);
  const places = useMemo(() => {
    const byClass = new Map<string, Place[]>();
    (waitlist.currentData ?? []).forEach((p) => byClass.set(p.classId, [...(byClass.get(p.classId) ?? []), p]));
    return byClass;
  }, [waitlist]);
  // A family's campers: with any, Select and Join waitlist ask who the class is for. A failed read leaves the
  // account choosing for itself, as before families.
  const campersRead = useGetCamperChoicesQuery(undefined, { skip: viewer.kind !== 'student' });
  const campers = useMemo(() => campersRead.data ?? [], [campersRead.data]);
  const participants = useMemo(() => [...campers.map((c) => c._id), SELF], [campers]);
  const [selectClass] = useSelectClassMutation();
  const [joinWaitlist] = useJoinWaitlistMutation();
  const [asking, setAsking] = useState<Asking | null>(null);
  const closeAsking = useCallback(() => setAsking(null), []);
  // 'classId|who' of selections made here, until the list is read again.
  const [justSelected, setJustSelected] = useState<readonly string[]>([]);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const navigate = useNavigate();
  const location = useLocation();

  const taken = useMemo(
    () => ({
      selected: takenBy(selections.currentData?.items ?? [], justSelected),
      enrolled: takenBy(enrolments.currentData?.items ?? []),
      waiting: takenBy((waitlist.currentData ?? []).filter((p) => p.state !== 'offered')),
    }),
    [selections, enrolments, waitlist, justSelected],
  );
  const mine: StudentClasses = useMemo(
    () => ({
      // Known once the shown cards' rows have arrived (not a previous page's), and the family. A failed read leaves
      // the buttons usable: the API refuses a duplicate and says why.
      known: answered(selections) && answered(enrolments) && (campersRead.isSuccess || campersRead.isError),
      // A class is 'Selected' (or 'Enrolled') once every participant has it.
      selected: takenByAll(participants, taken.selected, taken.enrolled),
      enrolled: takenByAll(participants, taken.enrolled),
      pendingId,
    }),
    [selections, enrolments, campersRead.isSuccess, campersRead.isError, participants, taken, pendingId],
  );

  const select = async (item: ListedClass, camperId: string | null) => {
    if (viewer.kind !== 'student') return;
    const { insertedId } = await selectClass({
      classId: item._id,
      className: item.className,
      instructorName: item.instructorName,
      seats: item.seats,
      studentEmail: viewer.email,
      price: item.price,
      ...(camperId ? { camperId } : {}),
    }).unwrap();
    if (insertedId) {
      setJustSelected((previous) => [...previous, `${item._id}|${camperId ?? SELF}`]);
      void notify.notice('Your class is successfully selected');
    }
  };

  const choose = async (camperId: string | null) => {
    if (!asking) return;
    const { item, action } = asking;
    if (action === 'select') await select(item, camperId);
    else {
      await joinWaitlist({ classId: item._id, ...(camperId ? { camperId } : {}) }).unwrap();
      void notify.notice('You joined the waitlist');
    }
    setAsking(null);
  };

  const onSelect = async (item: ListedClass) => {
    if (viewer.kind === 'visitor') {
      void notify.error('You have to login first to enroll');
      // The shell's login page returns to state.from (a location, as its guards pass it).
      navigate('/login', { state: { from: location } });
      return;
    }
    if (viewer.kind !== 'student') return;
    if (campers.length) return setAsking({ item, action: 'select' });
    setPendingId(item._id);
    try {
      await select(item, null);
    } catch (error) {
      void notify.error(apiMessage(error) ?? `${item.className} could not be selected. Please try again.`);
    } finally {
      setPendingId(null);
    }
  };

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
        {(items: ListedClass[]) => (
          <CardGrid>
            {items.map((item, index) => {
              const state = selectState(item, viewer, mine);
              return (
                <Reveal key={item._id}>
                  <ClassCard item={item} priority={index < FIRST_ROW}>
                    <Actions>
                      <Button
                        type="button"
                        disabled={!selectEnabled(state)}
                        aria-busy={state === 'selecting' || undefined}
                        onClick={() => void onSelect(item)}
                      >
                        {SELECT_LABEL[state]}
                      </Button>
                    </Actions>
                    {item.seats <= 0 && mine.known && answered(waitlist) && state !== 'enrolled' && (
                      <Suspense fallback={null}>
                        <WaitlistControls
                          classId={item._id}
                          className={item.className}
                          places={places.get(item._id) ?? []}
                          askWho={campers.length ? () => setAsking({ item, action: 'waitlist' }) : undefined}
                        />
                      </Suspense>
                    )}
                  </ClassCard>
                </Reveal>
              );
            })}
          </CardGrid>
        )}
      </ListState>
      {asking && (
        <Suspense fallback={null}>
          <WhoDialog
            item={asking.item}
            actionLabel={asking.action === 'select' ? 'Select' : 'Join waitlist'}
            campers={campers}
            taken={{
              enrolled: taken.enrolled,
              selected: taken.selected,
              ...(asking.action === 'waitlist' ? { waiting: taken.waiting } : {}),
            }}
            onChoose={choose}
            onClose={closeAsking}
          />
        </Suspense>
      )}
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

/** A read of the student's rows for the shown cards has answered (or failed), for these very cards. */
const answered = (read: { currentData?: unknown; isError: boolean }) => read.currentData !== undefined || read.isError;

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

// The button sits at the bottom of every card, whatever the length of the class name.
const Actions = styled.div`
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space(3)};
  display: flex;
  > * {
    flex: 1;
  }
`;
