import { Card, CardContent, Typography } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';

/** The admin front page (/admin). */
export function Dashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="porta.dashboard.title" />
      <CardContent>
        <Typography variant="h4" component="h1" gutterBottom>
          {translate('porta.dashboard.title')}
        </Typography>
        {identity?.fullName ? (
          <Typography variant="h6" component="p" gutterBottom>
            {translate('porta.dashboard.welcome', { name: identity.fullName })}
          </Typography>
        ) : null}
        <Typography>{translate('porta.dashboard.intro')}</Typography>
      </CardContent>
    </Card>
  );
}
