import { Box, Typography } from '@mui/material';
import type { AdminUser } from '@porta/contracts';
import { Link, useCreatePath, useTranslate } from 'react-admin';

/**
 * The heading of a page about one user beside the user's own page (password, notification
 * settings): the page's title, whose it is (name and e-mail) and the way back to the user.
 */
export function UserPageHeading({
  user,
  title,
  back,
}: {
  user: AdminUser | undefined;
  /** Translation keys of the title and of the link back to the user's page. */
  title: string;
  back: string;
}) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h5" component="h1">
        {translate(title)}
      </Typography>
      {user ? (
        <>
          {name ? <Typography variant="subtitle1">{name}</Typography> : null}
          <Typography variant="body2" color="text.secondary">
            {user.email}
          </Typography>
          <Link to={createPath({ resource: 'users', id: user.id, type: 'show' })}>{translate(back)}</Link>
        </>
      ) : null}
    </Box>
  );
}
