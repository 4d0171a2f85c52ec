import { Button, StatePanel } from '@sportify/shared-ui';
import { Link } from '@sportify/shared-ui/router';

/** Under an empty student list: where classes are chosen. */
export function BrowseClasses() {
  return (
    <Button as={Link} to="/classes">
      Browse classes
    </Button>
  );
}

/** Admins and instructors reach these routes through the dashboard but have nothing here. */
export function StudentsOnly() {
  return (
    <StatePanel>
      <p>This page is for students: only student accounts select and pay for classes.</p>
    </StatePanel>
  );
}
