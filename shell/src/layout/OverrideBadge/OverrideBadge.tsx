import { createContext, useContext } from 'react';
import styled from 'styled-components';
import type { Overrides } from '@sportify/platform/config';

/** Where this browser's Clear goes: the page server ends the override and sends the browser to `/`. */
export const CLEAR_OVERRIDE_URL = '/__sportify/override?clear=1';

const OverridesContext = createContext<Overrides>({});
export const OverridesProvider = OverridesContext.Provider;

// In the page's flow (never over it), above the navbar: it scrolls away with the page top and covers nothing.
const Bar = styled.aside`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(4)}`};
  background: #fef3c7;
  border-bottom: 1px solid ${({ theme }) => theme.colors.accent};
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.875rem;
`;

const Source = styled.span`
  overflow-wrap: anywhere;
`;

const Clear = styled.a`
  color: ${({ theme }) => theme.colors.primaryDark};
  font-weight: 600;
`;

/**
 * Says, on every page, that a remote comes from a developer's build for this browser (not its live release), from
 * where, with a Clear link back to the live site.
 */
export function OverrideBadge() {
  const overrides = Object.entries(useContext(OverridesContext));
  if (!overrides.length) return null;
  return (
    <Bar aria-label="Remote override">
      {overrides.map(([remote, url]) => (
        <Source key={remote}>
          <strong>{remote}</strong> is loaded from {url} for this browser only
        </Source>
      ))}
      <Clear href={CLEAR_OVERRIDE_URL}>Clear override</Clear>
    </Bar>
  );
}
