import styled from 'styled-components';
import { Avatar, Card, type PublicPerson } from '@sportify/shared-ui';

/**
 * A person as a card: round photo, name, 'Instructor Email: ...'. `nameCase` is how the section styles the name;
 * `nameAs` keeps the heading one level under the section's.
 */
export function PersonCard({
  person,
  nameCase,
  nameAs = 'h2',
}: {
  person: PublicPerson;
  nameCase: 'uppercase' | 'capitalize';
  nameAs?: 'h2' | 'h3';
}) {
  return (
    <PersonBody aria-label={person.userName}>
      <Avatar picture={person.picture} name={person.userName} size={128} />
      <Name as={nameAs} $case={nameCase}>
        {person.userName}
      </Name>
      <p>
        Instructor Email: <a href={`mailto:${person.email}`}>{person.email}</a>
      </p>
    </PersonBody>
  );
}

const PersonBody = styled(Card)`
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(6)};
  text-align: center;
  > [role='img'],
  > img {
    border: 4px solid ${({ theme }) => theme.colors.background};
    box-shadow: ${({ theme }) => theme.shadow};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.muted};
    overflow-wrap: anywhere;
  }
`;

const Name = styled.h2<{ $case: 'uppercase' | 'capitalize' }>`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  font-size: 1.17rem;
  text-transform: ${({ $case }) => $case};
  letter-spacing: ${({ $case }) => ($case === 'uppercase' ? '0.04em' : 'normal')};
`;
