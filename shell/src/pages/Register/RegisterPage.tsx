import { PageHeading, usePageTitle } from '@sportify/shared-ui';

export function RegisterPage() {
  usePageTitle('Register');
  return <PageHeading as="h1">Register Here</PageHeading>;
}
