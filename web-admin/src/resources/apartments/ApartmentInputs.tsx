import { BooleanInput, maxLength, NumberInput, required, TextInput } from 'react-admin';

/** Every field of an apartment (03 §3). */
export function ApartmentInputs() {
  return (
    <>
      <TextInput
        source="aptext"
        validate={[required(), maxLength(100)]}
        helperText="porta.apartments.aptext_help"
      />
      <TextInput source="no" validate={[required(), maxLength(50)]} />
      <TextInput source="externalName" validate={maxLength(100)} />
      <TextInput source="apartmentNumber" validate={maxLength(50)} />
      <TextInput source="visibleApartmentNumber" validate={maxLength(50)} />
      <NumberInput source="floorNumber" min={0} step={1} />
      <NumberInput source="size" min={0} step={0.5} />
      <NumberInput source="rooms" min={0} step={1} />
      <NumberInput source="numberOfShares" min={0} step={1} />
      <TextInput
        source="shareNumbers"
        validate={maxLength(500)}
        helperText="porta.apartments.share_numbers_help"
      />
      <BooleanInput source="terrace" />
      <BooleanInput source="balcony" />
      <BooleanInput source="sauna" />
    </>
  );
}
