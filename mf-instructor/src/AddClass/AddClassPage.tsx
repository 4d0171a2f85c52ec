import { notify, PageHeading, selectUser, useAppSelector } from '@sportify/shared-ui';
import { ClassForm, EMPTY_CLASS_FORM, type ClassInput } from '../classForm';
import { useClassesCreateMutation } from '@sportify/shared-ui/endpoints/classes';

/** Add A Class (docs/product.md §2): a new class goes to the admins for review as 'pending'. */
export function AddClassPage() {
  const user = useAppSelector(selectUser);
  const [addClass] = useClassesCreateMutation();
  const instructorName = user?.displayName ?? '';
  const instructorEmail = user?.email ?? '';

  const save = async (input: ClassInput, form: { reset: () => void }) => {
    await addClass({ ...input, instructorName, instructorEmail }).unwrap();
    form.reset();
    notify.notice('Item added successfully');
  };

  return (
    <section aria-labelledby="add-class-heading">
      <PageHeading id="add-class-heading">Add A Class</PageHeading>
      <ClassForm
        initialValues={EMPTY_CLASS_FORM}
        instructorName={instructorName}
        instructorEmail={instructorEmail}
        submitLabel="Add Class"
        onSubmit={save}
      />
    </section>
  );
}
