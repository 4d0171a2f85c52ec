import { campTimeZone, formatCampDate } from './campDate';

/**
 * A dated class's line, `Starts {date}`, with the date as a `<time>` the browser takes over when it hydrates the
 * server's page (adoptShownCampDates); nothing for a class without a date.
 */
export function ClassStarts({ iso }: { iso: string | undefined | null }) {
  const date = formatCampDate(iso);
  if (!date) return null;
  return (
    <>
      Starts{' '}
      <time dateTime={iso!} data-camp-date={campTimeZone()}>
        {date}
      </time>
    </>
  );
}
