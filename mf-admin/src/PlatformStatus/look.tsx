import { PageHeading } from '@sportify/shared-ui';
import styled from 'styled-components';

export const Muted = styled.span`
  color: ${({ theme }) => theme.colors.muted};
`;
// Read as one item (a date and time, a package such as mf-public, a phase such as server-render): never broken at
// its hyphens.
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
