import { Avatar, Button, notify, type Role, type User } from '@sportify/shared-ui';
import { ActionCell, CellDetail, MainCell } from '@sportify/shared-ui/tables';
import { useUsersMakeAdminMutation, useUsersMakeInstructorMutation } from '@sportify/shared-ui/endpoints/users';

const roleLabel: Record<Role, string> = { admin: 'Make Admin', instructor: 'Make Instructor' };

/** One user with the two promotions; each row has its own request state, so only its buttons wait. */
export function UserRow({ user, number }: { user: User; number: number }) {
  const [makeAdmin, admin] = useUsersMakeAdminMutation();
  const [makeInstructor, instructor] = useUsersMakeInstructorMutation();
  const isLoading = admin.isLoading || instructor.isLoading;

  const makeRole = async (role: Role) => {
    try {
      const result = await (role === 'admin' ? makeAdmin : makeInstructor)(user._id).unwrap();
      // docs/product.md §8: the notice shows when the call changed something.
      if (result.modifiedCount) notify.notice(`${user.userName} is ${role} now`);
    } catch {
      notify.error(`${user.userName} could not be made ${role}. Please try again.`);
    }
  };

  const button = (role: Role) => (
    <Button
      type="button"
      $variant={role === 'admin' ? 'primary' : 'secondary'}
      // The role the user already holds cannot be given again (docs/product.md §1).
      disabled={isLoading || user.role === role}
      onClick={() => makeRole(role)}
    >
      {roleLabel[role]}
    </Button>
  );

  return (
    <tr>
      <td data-label="#">{number}</td>
      <td data-label="Profile Picture">
        <Avatar picture={user.picture} name={user.userName} alt={`Profile picture of ${user.userName}`} size={48} />
      </td>
      <MainCell label="Name" name={user.userName}>
        <CellDetail title={user.email} data-word>
          {user.email}
        </CellDetail>
      </MainCell>
      <ActionCell label="Make Admin">{button('admin')}</ActionCell>
      <ActionCell label="Make Instructor">{button('instructor')}</ActionCell>
    </tr>
  );
}
