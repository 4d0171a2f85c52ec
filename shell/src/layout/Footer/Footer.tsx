import styled from 'styled-components';
import { media } from '@sportify/shared-ui';

const Bar = styled.footer`
  margin-top: ${({ theme }) => theme.space(16)};
  padding: ${({ theme }) => `${theme.space(8)} ${theme.space(4)}`};
  background: ${({ theme }) => theme.colors.primaryDark};
  color: ${({ theme }) => theme.colors.onPrimary};
`;

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  max-width: 1200px;
  margin: 0 auto;
  ${media.md} {
    grid-template-columns: 2fr 1fr;
  }
  address {
    font-style: normal;
  }
  h2 {
    margin-top: 0;
    font-size: 1.25rem;
  }
`;

const Copyright = styled.p`
  text-align: center;
  margin: ${({ theme }) => `${theme.space(6)} 0 0`};
  opacity: 0.85;
`;

/** Contact details of the (fictional) camp and the copyright line, on every page. */
export function Footer() {
  return (
    <Bar>
      <Columns>
        <div>
          <h2>Sportify Camp</h2>
          <p>Summer sports classes for every age and every level.</p>
        </div>
        <address aria-label="Contact details">
          <div>12 Lakeside Fields, Pinewood Valley, CA 95000</div>
          <div>
            Phone: <a href="tel:+15550102026">+1 555 010 2026</a>
          </div>
          <div>
            Email: <a href="mailto:hello@sportify.camp">hello@sportify.camp</a>
          </div>
        </address>
      </Columns>
      <Copyright>Copyright © {new Date().getFullYear()} Sportify Camp. All rights reserved.</Copyright>
    </Bar>
  );
}
