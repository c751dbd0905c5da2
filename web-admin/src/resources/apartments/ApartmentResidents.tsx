import { Chip, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ApartmentResident } from '@porta/contracts';
import { LinkBase, useBasename, useTranslate } from 'react-admin';
import { useIdentityGet } from '../../common/api';
import { formatDay } from '../../common/dates';
import { useRoleLabel } from '../../common/roles';

const STANDING_COLOR = { current: 'success', future: 'info', ended: 'default' } as const;

/**
 * The users with a role in the apartment (03 §2 apartment view): each one's role in this apartment
 * and its validity, with whether it is in force today, has ended or is still to come.
 */
export function ApartmentResidents({ apartmentId }: { apartmentId: string }) {
  const translate = useTranslate();
  const roleLabel = useRoleLabel();
  const basename = useBasename();
  const { data, error, isPending } = useIdentityGet<ApartmentResident[]>(
    `/admin/apartments/${apartmentId}/residents`,
  );
  const heading = (
    <Typography variant="h6" component="h2" sx={{ mt: 2 }} id="apartment-residents">
      {translate('porta.apartments.residents')}
    </Typography>
  );
  if (isPending) return heading;
  if (error) {
    return (
      <>
        {heading}
        <Typography color="error">{translate('porta.apartments.residents_failed')}</Typography>
      </>
    );
  }
  if (!data?.length) {
    return (
      <>
        {heading}
        <Typography>{translate('porta.apartments.no_residents')}</Typography>
      </>
    );
  }
  return (
    <>
      {heading}
      <Table size="small" aria-labelledby="apartment-residents">
        <TableHead>
          <TableRow>
            <TableCell>{translate('porta.apartments.resident')}</TableCell>
            <TableCell>{translate('porta.apartments.role')}</TableCell>
            <TableCell>{translate('porta.apartments.validity')}</TableCell>
            <TableCell>{translate('porta.apartments.standing')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((resident) => (
            <TableRow key={`${resident.userId}-${resident.role}`}>
              <TableCell>
                <Link component={LinkBase} to={`${basename}/users/${resident.userId}/show`}>
                  {`${resident.firstName} ${resident.lastName}`.trim() || resident.email}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {resident.email}
                </Typography>
              </TableCell>
              <TableCell>{roleLabel(resident.role)}</TableCell>
              <TableCell>
                {translate('porta.apartments.valid_range', {
                  from: formatDay(resident.validFrom) || translate('porta.apartments.open_start'),
                  until: formatDay(resident.validUntil) || translate('porta.apartments.open_end'),
                })}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={STANDING_COLOR[resident.standing]}
                  label={translate(`porta.apartments.standing_${resident.standing}`)}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
