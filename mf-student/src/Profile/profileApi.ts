// The profile's call (PATCH /me) is generated from the contract (@sportify/shared-ui/endpoints/users); its cache tags
// are in users.options.ts.
export { useUsersUpdateMeMutation as useUpdateProfileMutation } from '@sportify/shared-ui/endpoints/users';
