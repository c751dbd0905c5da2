import type { FeatureId, HousingCompanyState } from '@porta/contracts';

/** The apartment areas (02 §1), in the order the apartment page shows them. */
export type ApartmentAreaKey =
  | 'documents'
  | 'warranty'
  | 'consumption'
  | 'movementSensors'
  | 'bookings'
  | 'materialSelection';

export interface ApartmentArea {
  key: ApartmentAreaKey;
  /** Offered when one of these features is on in the housing company. */
  features: readonly FeatureId[];
  /** Where the area lives (its entry link). */
  to: string;
  /** Offered only in this housing-company state (02 §1: warranty in the living state). */
  state?: HousingCompanyState;
}

export const APARTMENT_AREAS: readonly ApartmentArea[] = [
  { key: 'documents', features: ['documents', 'documentsv2'], to: '/my-apartment/documents' },
  { key: 'warranty', features: ['warranty'], to: '/apartment/warranty', state: 'living' },
  { key: 'consumption', features: ['consumption'], to: '/my-apartment/consumption/water?initial=true' },
  { key: 'movementSensors', features: ['iot-movement-sensor'], to: '/my-apartment/movement-sensors' },
  { key: 'bookings', features: ['one4all-bookings', 'electrolux-bookings'], to: '/book-common-spaces' },
  { key: 'materialSelection', features: ['material-selection'], to: '/material-selection' },
];

/** The areas whose feature is on in the housing company (and that its state allows). */
export function apartmentAreas(
  features: Readonly<Record<string, unknown>>,
  state: HousingCompanyState | null,
): ApartmentArea[] {
  return APARTMENT_AREAS.filter(
    (area) =>
      area.features.some((feature) => Object.hasOwn(features, feature)) &&
      (!area.state || area.state === state),
  );
}

/**
 * An apartment number split into its staircase and number where it has both ("B 14" → B and
 * 14); otherwise the whole number, without a staircase.
 */
export function splitApartmentNo(no: string): { staircase: string | null; number: string } {
  const match = /^\s*([A-Za-zÅÄÖåäö]{1,3})\s*[-\s]?\s*(\d+\s*[A-Za-z]?)\s*$/.exec(no);
  return match?.[1] && match[2]
    ? { staircase: match[1].toUpperCase(), number: match[2].replace(/\s+/g, '') }
    : { staircase: null, number: no.trim() };
}
