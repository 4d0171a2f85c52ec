import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card, CardBody, ClassPicture, ClassStarts, type PublicClass } from '@sportify/shared-ui';
import { ageLabel, type AgeRange } from '@sportify/platform/ages';
import { dollarsBefore } from '@sportify/platform/money';

const Image = styled(ClassPicture)`
  width: 100%;
  aspect-ratio: 4 / 3;
  background: ${({ theme }) => theme.colors.border};
`;

/** A card's width in the grid (1, 2, then 3 columns in a page of at most 1200 px): the picture size it needs. */
const CARD_SIZES = '(min-width: 1280px) 370px, (min-width: 768px) 50vw, 100vw';

export interface ClassCardProps {
  item: Pick<PublicClass, 'className' | 'picture' | 'instructorName' | 'seats' | 'price' | 'enrolled' | 'startDate'> &
    AgeRange;
  /** Shows 'Enrolled Student' (popular classes). */
  showEnrolled?: boolean;
  /** Action area, e.g. the Select button. */
  children?: ReactNode;
  /**
   * The first card: its picture is preloaded and fetched with high priority (on a phone it is the page's largest
   * paint, and a lazy picture waits for layout before it even starts); every other card's loads lazily.
   */
  priority?: boolean;
  /** The title's heading level, one under the section's (h2 under a screen's h1). */
  titleAs?: 'h2' | 'h3';
}

/** A class as a card; a full class (0 seats) gets a red background (docs/product.md §4). */
export function ClassCard({ item, showEnrolled = false, children, priority = false, titleAs = 'h2' }: ClassCardProps) {
  const Title = titleAs;
  const full = item.seats === 0;
  const ages = ageLabel(item);
  return (
    <Card $danger={full} aria-label={item.className} data-full={full || undefined}>
      <Image
        picture={item.picture}
        alt={item.className}
        sizes={CARD_SIZES}
        priority={priority}
        width={400}
        height={300}
      />
      <CardBody>
        {/* Element Timing: when a class card was first painted, for the first-view benchmark (scripts/bench-home.mjs). */}
        <Title elementtiming="class-card">{item.className}</Title>
        <p>Instructor Name: {item.instructorName}</p>
        <p>Available Seats: {item.seats}</p>
        <p>Price: {dollarsBefore(item.price)}</p>
        {item.startDate && (
          <p>
            <ClassStarts iso={item.startDate} />
          </p>
        )}
        {ages && <p>{ages}</p>}
        {showEnrolled && <p>Enrolled Student: {item.enrolled ?? 0}</p>}
        {children}
      </CardBody>
    </Card>
  );
}
