import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { Children, isValidElement, type ReactNode, useId } from 'react';
import { Labeled, useTranslate } from 'react-admin';

/**
 * A record's fields in titled sections, two columns of sections where the width allows (one on a
 * phone): what a page of twenty fields reads as instead of one tall stack. Each field is labelled
 * as in a show layout. `label={false}` keeps a tabbed layout from labelling the whole.
 */
export function FieldSections({ children }: { children: ReactNode; label?: false }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        width: '100%',
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}

/** One titled section of FieldSections: its fields, each with its label. */
export function FieldSection({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  const id = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" id={id} sx={{ fontWeight: 600, mb: 1 }}>
          {translate(title)}
        </Typography>
        <Stack spacing={1.5}>
          {Children.map(children, (field) => (isValidElement(field) ? <Labeled>{field}</Labeled> : null))}
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * A titled group of a form's inputs (a form in sections rather than one tall stack); `columns`
 * puts the inputs side by side in two columns where the width allows.
 */
export function FormSection({
  title,
  columns = false,
  children,
}: {
  title: string;
  columns?: boolean;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const id = useId();
  return (
    <Box
      component="fieldset"
      aria-labelledby={id}
      sx={{ border: 0, p: 0, m: 0, mb: 2, width: '100%', maxWidth: 960 }}
    >
      <Typography variant="subtitle1" component="h2" id={id} sx={{ fontWeight: 600, mb: 1 }}>
        {translate(title)}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          columnGap: 2,
          gridTemplateColumns: { xs: '1fr', md: columns ? 'repeat(2, minmax(0, 1fr))' : '1fr' },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
