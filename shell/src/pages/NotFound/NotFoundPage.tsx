import { Link } from '@sportify/shared-ui/router';
import styled from 'styled-components';
import { Button, PageHeading, usePageTitle } from '@sportify/shared-ui';

const Wrap = styled.section`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(8)};
  img {
    width: min(400px, 100%);
    height: auto;
  }
`;

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Wrap>
      {/* Artwork served by the shell origin (public/images). */}
      <img src="/images/not-found.svg" alt="Lost ball: page not found" width={600} height={400} />
      <PageHeading>Page not found</PageHeading>
      <Button as={Link} to="/">
        Back to Home Page
      </Button>
    </Wrap>
  );
}
