import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { apiMessage, notify } from '@sportify/shared-ui';
import { useCampersListQuery } from '@sportify/shared-ui/endpoints/campers';
import { paged } from '@sportify/shared-ui/endpoints/paged';
import { usePaymentsEnrolledQuery } from '@sportify/shared-ui/endpoints/payments';
import { useSelectionsListQuery, useSelectionsSelectMutation } from '@sportify/shared-ui/endpoints/selections';
import { useWaitlistJoinMutation, useWaitlistPlacesQuery } from '@sportify/shared-ui/endpoints/waitlist';
import { CLASSES_PER_PAGE, type Place } from './classesArgs';
import { ClassGrid, type ListedClass } from './ClassGrid';
import { SELF, takenBy, takenByAll } from './family';
import { selectState, type StudentClasses, type Viewer } from './selectRules';
import { useShownRows } from './shownRows';
import { WaitlistControls } from './WaitlistControls';

// Loaded when a family first chooses who a class is for, not with the cards.
const WhoDialog = lazy(() => import(/* webpackChunkName: "who-dialog" */ './WhoDialog'));

/** The class whose 'Who is this class for?' is open, and for which action. */
interface Asking {
  item: ListedClass;
  action: 'select' | 'waitlist';
}

/**
 * The Classes page's cards for a signed-in student (loaded only for students): which of the shown classes the
 * student (or each camper) has selected, paid for or waits for, Select, and a full class's waitlist.
 */
export default function StudentCards({ items, email }: { items: ListedClass[]; email: string }) {
  const viewer: Viewer = useMemo(() => ({ kind: 'student', email }), [email]);
  // Read from the server, so 'Selected' survives a reload: only for the cards shown, never the student's whole lists.
  const mineArgs = { email, classIds: items.map((c) => c._id).join(',') };
  const skipMine = { skip: !mineArgs.classIds };
  const selections = useShownRows(
    paged(useSelectionsListQuery({ ...mineArgs, limit: CLASSES_PER_PAGE }, skipMine)),
    mineArgs.classIds,
  );
  const enrolments = useShownRows(
    paged(usePaymentsEnrolledQuery({ ...mineArgs, limit: CLASSES_PER_PAGE }, skipMine)),
    mineArgs.classIds,
  );
  const waitlist = useShownRows(useWaitlistPlacesQuery(mineArgs, skipMine), mineArgs.classIds);
  const places = useMemo(() => {
    const byClass = new Map<string, Place[]>();
    (waitlist.data ?? []).forEach((p) => byClass.set(p.classId, [...(byClass.get(p.classId) ?? []), p]));
    return byClass;
  }, [waitlist]);
  // A family's campers: with any, Select and Join waitlist ask who the class is for. A failed read leaves the
  // account choosing for itself, as before families.
  const campersRead = useCampersListQuery();
  const campers = useMemo(() => campersRead.data ?? [], [campersRead.data]);
  const participants = useMemo(() => [...campers.map((c) => c._id), SELF], [campers]);
  const [selectClass] = useSelectionsSelectMutation();
  const [joinWaitlist] = useWaitlistJoinMutation();
  const [asking, setAsking] = useState<Asking | null>(null);
  const closeAsking = useCallback(() => setAsking(null), []);
  // 'classId|who' of selections made here, until the list is read again.
  const [justSelected, setJustSelected] = useState<readonly string[]>([]);
  const [pendingId, setPendingId] = useState<string | null>(null);

  const taken = useMemo(
    () => ({
      selected: takenBy(selections.data?.items ?? [], justSelected),
      enrolled: takenBy(enrolments.data?.items ?? []),
      waiting: takenBy((waitlist.data ?? []).filter((p) => p.state !== 'offered')),
    }),
    [selections, enrolments, waitlist, justSelected],
  );
  const familyKnown = campersRead.isSuccess || campersRead.isError;
  const mine: StudentClasses = useMemo(
    () => ({
      // A card is known once rows covering it have arrived, and the family. A failed read leaves the buttons
      // usable: the API refuses a duplicate and says why.
      known: (classId: string) => familyKnown && selections.covers(classId) && enrolments.covers(classId),
      // A class is 'Selected' (or 'Enrolled') once every participant has it.
      selected: takenByAll(participants, taken.selected, taken.enrolled),
      enrolled: takenByAll(participants, taken.enrolled),
      pendingId,
    }),
    [selections, enrolments, familyKnown, participants, taken, pendingId],
  );

  const select = async (item: ListedClass, camperId: string | null) => {
    const { insertedId } = await selectClass({
      classId: item._id,
      className: item.className,
      instructorName: item.instructorName,
      seats: item.seats,
      studentEmail: email,
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
      await joinWaitlist({ classId: item._id, waitlistWhoDto: camperId ? { camperId } : {} }).unwrap();
      void notify.notice('You joined the waitlist');
    }
    setAsking(null);
  };

  const onSelect = async (item: ListedClass) => {
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
    <>
      <ClassGrid
        items={items}
        stateOf={(item) => selectState(item, viewer, mine)}
        onSelect={(item) => void onSelect(item)}
        below={(item, state) =>
          item.seats <= 0 &&
          mine.known(item._id) &&
          waitlist.covers(item._id) &&
          state !== 'enrolled' && (
            <WaitlistControls
              classId={item._id}
              className={item.className}
              places={places.get(item._id) ?? []}
              askWho={campers.length ? () => setAsking({ item, action: 'waitlist' }) : undefined}
            />
          )
        }
      />
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
    </>
  );
}
