import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card, CardBody, ClassPicture, startsLabel, type PublicClass } from '@sportify/shared-ui';
import { ageLabel, type AgeRange } from '@sportify/platform/ages';
import { dollarsBefore } from '@sportify/platform/money';

const Image = styled(ClassPicture)`
  width: 100%;
  aspect-ratio: 4 / 3;
  object-fit: cover;
  background: ${({ theme }) => theme.colors.border};
`;

/** Cards in the first row of the widest grid (three columns): the ones on screen without scrolling. */
export const FIRST_ROW = 3;

export interface ClassCardProps {
  item: Pick<
    PublicClass,
    'className' | 'classImage' | 'instructorName' | 'seats' | 'price' | 'enrolled' | 'startDate'
  > &
    AgeRange;
  /** Shows 'Enrolled Student' (popular classes). */
  showEnrolled?: boolean;
  /** Action area, e.g. the Select button. */
  children?: ReactNode;
  /**
   * A card of the first row: its picture is fetched at once (on a phone the first card's picture is the page's
   * largest paint, and a lazy image waits for layout before it even starts).
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
        src={item.classImage}
        alt={item.className}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        width={400}
        height={300}
      />
      <CardBody>
        {/* Element Timing: when a class card was first painted, for the first-view benchmark (scripts/bench-home.mjs). */}
        <Title elementtiming="class-card">{item.className}</Title>
        <p>Instructor Name: {item.instructorName}</p>
        <p>Available Seats: {item.seats}</p>
        <p>Price: {dollarsBefore(item.price)}</p>
        {item.startDate && <p>{startsLabel(item.startDate)}</p>}
        {ages && <p>{ages}</p>}
        {showEnrolled && <p>Enrolled Student: {item.enrolled ?? 0}</p>}
        {children}
      </CardBody>
    </Card>
  );
}
