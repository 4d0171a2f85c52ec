import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card, CardBody, type PublicClass } from '@sportify/shared-ui';

const Image = styled.img`
  width: 100%;
  aspect-ratio: 4 / 3;
  object-fit: cover;
  background: ${({ theme }) => theme.colors.border};
`;

export interface ClassCardProps {
  item: Pick<PublicClass, 'className' | 'classImage' | 'instructorName' | 'seats' | 'price' | 'enrolled'>;
  /** Shows 'Enrolled Student' (popular classes). */
  showEnrolled?: boolean;
  /** Action area, e.g. the Select button. */
  children?: ReactNode;
}

/** A class as a card; a full class (0 seats) gets the red background the spec asks for. */
export function ClassCard({ item, showEnrolled = false, children }: ClassCardProps) {
  const full = item.seats === 0;
  return (
    <Card $danger={full} aria-label={item.className} data-full={full || undefined}>
      <Image src={item.classImage} alt={item.className} loading="lazy" width={400} height={300} />
      <CardBody>
        <h3>{item.className}</h3>
        <p>Instructor Name: {item.instructorName}</p>
        <p>Available Seats: {item.seats}</p>
        <p>Price: ${item.price}</p>
        {showEnrolled && <p>Enrolled Student: {item.enrolled ?? 0}</p>}
        {children}
      </CardBody>
    </Card>
  );
}
