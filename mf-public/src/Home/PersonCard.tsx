import styled from 'styled-components';
import { Avatar, Card, type PublicPerson } from '@sportify/shared-ui';

/** A person as a card: round photo, name, 'Instructor Email: ...'. `nameCase` is how the section styles the name. */
export function PersonCard({ person, nameCase }: { person: PublicPerson; nameCase: 'uppercase' | 'capitalize' }) {
  return (
    <PersonBody aria-label={person.userName}>
      <Avatar src={person.userPhoto} name={person.userName} size={128} />
      <Name $case={nameCase}>{person.userName}</Name>
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

const Name = styled.h3<{ $case: 'uppercase' | 'capitalize' }>`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  text-transform: ${({ $case }) => $case};
  letter-spacing: ${({ $case }) => ($case === 'uppercase' ? '0.04em' : 'normal')};
`;
