import { Autocomplete, TextField } from '@mui/material';
import type { AdminHousingCompany } from '@porta/contracts';
import { useEffect, useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';

interface HousingCompanyPickerProps {
  value: AdminHousingCompany | null;
  onChange: (value: AdminHousingCompany | null) => void;
  /** Translation key of the label. */
  label?: string;
  helperText?: string;
}

/** Pick one housing company by name outside a form (identity's housing companies, searched with q). */
export function HousingCompanyPicker({
  value,
  onChange,
  label = 'porta.fields.housingCompany',
  helperText,
}: HousingCompanyPickerProps) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(input.trim()), 300);
    return () => clearTimeout(timer);
  }, [input]);
  const { data = [], isPending } = useGetList<AdminHousingCompany>(
    'housing-companies',
    {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: q ? { q } : {},
    },
    // Keep the choices shown while the next search loads.
    { placeholderData: (previous) => previous },
  );
  return (
    <Autocomplete
      options={data}
      value={value}
      loading={isPending}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      filterOptions={(options) => options}
      noOptionsText={translate('porta.content.no_items')}
      sx={{ minWidth: 280 }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={translate(label)}
          helperText={helperText ? translate(helperText) : undefined}
        />
      )}
    />
  );
}
