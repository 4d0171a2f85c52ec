import { PageHeading } from '@sportify/shared-ui';
import styled from 'styled-components';

export const Muted = styled.span`
  color: ${({ theme }) => theme.colors.muted};
`;
// A date and time read as one item: never broken at its hyphens on a narrow screen.
export const Stamp = styled.span`
  white-space: nowrap;
`;
export const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space(8)};
`;
export const SectionHeading = styled(PageHeading).attrs({ as: 'h2' })`
  font-size: 1.35rem;
`;

/** An ISO time as the registry and the API give it, shown in UTC to the minute (ops compare it with logs). */
export const when = (iso?: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '');
