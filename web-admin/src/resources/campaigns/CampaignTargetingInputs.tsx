import { Stack } from '@mui/material';
import { useMemo } from 'react';
import { CheckboxGroupInput, minValue, NumberInput, SelectInput } from 'react-admin';
import { TargetingInput, UserRolesInput } from '../../content/TargetingInput';
import { notBelow } from '../../content/validation';
import { PHASE_CHOICES } from '../articles/fields';
import { ROOM_CHOICES } from './fields';

const WEEKS_RULES = [minValue(0)];

/**
 * Who a campaign or advertisement reaches (03 §3 Advertisement, §5 campaign visibility): building
 * phase, weeks before and after the completion date, rooms, apartment size, and the housing
 * companies and building-taxonomy terms.
 */
export function CampaignTargetingInputs() {
  const sizeRules = useMemo(
    () => ({
      min: [minValue(0)],
      max: [minValue(0), notBelow('apartmentSizeMin', 'porta.errors.CNT_APARTMENT_SIZE_RANGE')],
    }),
    [],
  );
  return (
    <>
      <SelectInput
        source="buildingPhase"
        choices={PHASE_CHOICES}
        emptyText="porta.content.both_phases"
        helperText="porta.content.building_phase_help"
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <NumberInput
          source="weeksBeforeCompletion"
          min={0}
          validate={WEEKS_RULES}
          helperText="porta.content.campaigns.weeks_before_help"
        />
        <NumberInput
          source="weeksAfterCompletion"
          min={0}
          validate={WEEKS_RULES}
          helperText="porta.content.campaigns.weeks_after_help"
        />
      </Stack>
      <CheckboxGroupInput
        source="rooms"
        choices={ROOM_CHOICES}
        helperText="porta.content.campaigns.rooms_help"
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <NumberInput source="apartmentSizeMin" min={0} validate={sizeRules.min} helperText={false} />
        <NumberInput source="apartmentSizeMax" min={0} validate={sizeRules.max} helperText={false} />
      </Stack>
      <TargetingInput global />
      <UserRolesInput />
    </>
  );
}
