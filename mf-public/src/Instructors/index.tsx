import { PageHeading } from '@sportify/shared-ui';

// Placeholder until the screen's issue lands: only the spec's heading.
export default function Instructors() {
  return <PageHeading>Our all instructors information</PageHeading>;
}
