import { PageHeading } from '@sportify/shared-ui';

// Placeholder until the screen's issue lands: only the spec's heading.
export default function Payment() {
  return <PageHeading>Payment</PageHeading>;
}
