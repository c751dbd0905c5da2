import { SaveButton, Toolbar } from 'react-admin';

/**
 * The form toolbar of records the services do not delete from their edit page (users: their own
 * confirmation on the user's page; housing companies and apartments: not deleted at all), so no
 * Delete button that could only end in an error.
 */
export function SaveOnlyToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}
