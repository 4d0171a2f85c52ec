import { PageHeading } from '@sportify/shared-ui';

// Placeholder until the screen's issue lands: only the spec's heading.
export default function Home() {
  return <PageHeading>Top 6 Popular Class</PageHeading>;
}
