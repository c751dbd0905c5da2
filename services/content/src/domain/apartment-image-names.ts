/**
 * Apartment images are matched by their file name (03 §5, 02 §5): the name is split on a double
 * underscore; the leading parts are apartment identifiers, matched loosely (ignoring dots, spaces
 * and case), the last part is the image's name. `A 12__B.3__floor-plan.png` is the image
 * `floor-plan.png` of apartments A12 and B3; `a12__kitchen.jpg` of apartment A12. Pure functions:
 * the routes read the company's apartments and store what matched.
 */

export const APARTMENT_IMAGE_SEPARATOR = '__';
/** Content item names are cut to 50 characters (03 §5). */
export const APARTMENT_IMAGE_NAME_MAX = 50;

export type ApartmentImageNameProblem =
  /** No double underscore: the name says no apartment. */
  | 'no_separator'
  /** An empty identifier or an empty file name (`__a12__x.png`, `a12__`, `a12____x.png`). */
  | 'empty_part';

export type ParsedApartmentImageName =
  | { ok: true; identifiers: string[]; name: string }
  | { ok: false; problem: ApartmentImageNameProblem };

/** An identifier as it is compared: without dots, whitespace and case (Unicode-aware). */
export function normalise(identifier: string): string {
  return identifier.normalize('NFC').replace(/[.\s]/gu, '').toLocaleLowerCase('und');
}

/** A name cut to at most `max` characters, keeping a short extension (`…-plan.png`). */
export function cutName(name: string, max = APARTMENT_IMAGE_NAME_MAX): string {
  const chars = [...name];
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? [...name.slice(dot)] : [];
  if (ext.length === 0 || ext.length > 10) return chars.slice(0, max).join('');
  return [...chars.slice(0, max - ext.length), ...ext].join('');
}

/** Split a file name into its apartment identifiers and its name, or say why it cannot be used. */
export function parseApartmentImageName(fileName: string): ParsedApartmentImageName {
  // A browser sends the bare name; a path (C:\photos\a12__x.png) keeps only its last segment.
  const base = fileName.split(/[/\\]/).pop() ?? '';
  const parts = base.split(APARTMENT_IMAGE_SEPARATOR);
  if (parts.length < 2) return { ok: false, problem: 'no_separator' };
  const name = parts[parts.length - 1]!.trim();
  const identifiers = parts.slice(0, -1).map((part) => part.trim());
  if (!name || identifiers.some((id) => normalise(id) === '')) return { ok: false, problem: 'empty_part' };
  return { ok: true, identifiers, name: cutName(name) };
}

/** An apartment as the matcher sees it: its id and every identifier it goes by. */
export interface MatchableApartment {
  id: string;
  no: string | null;
  apartmentNumber?: string | null;
  visibleApartmentNumber?: string | null;
  aptext?: string | null;
}

export interface ApartmentMatch<A extends MatchableApartment> {
  /** The apartments named, each once, in the order first named. */
  apartments: A[];
  /** The identifiers that named no apartment (as written in the file name). */
  unmatched: string[];
}

/**
 * The apartments the identifiers name. An identifier matches an apartment whose number (`no`),
 * visible number or external id (aptext) is the same when normalised; failing those, the bare
 * apartment number ("12") when exactly one apartment has it: in a company with A 12 and B 12 a
 * bare "12" names neither rather than both.
 */
export function matchApartments<A extends MatchableApartment>(
  identifiers: readonly string[],
  apartments: readonly A[],
): ApartmentMatch<A> {
  const byName = new Map<string, A[]>();
  const byNumber = new Map<string, A[]>();
  const add = (map: Map<string, A[]>, key: string | null | undefined, apartment: A) => {
    const k = key ? normalise(key) : '';
    if (!k) return;
    const list = map.get(k) ?? [];
    if (!list.includes(apartment)) list.push(apartment);
    map.set(k, list);
  };
  for (const a of apartments) {
    add(byName, a.no, a);
    add(byName, a.visibleApartmentNumber, a);
    add(byName, a.aptext, a);
    add(byNumber, a.apartmentNumber, a);
  }
  const found: A[] = [];
  const unmatched: string[] = [];
  for (const identifier of identifiers) {
    const key = normalise(identifier);
    const named = byName.get(key);
    const numbered = byNumber.get(key);
    const hits = named?.length ? named : numbered?.length === 1 ? numbered : [];
    if (hits.length === 0) unmatched.push(identifier);
    for (const hit of hits) if (!found.includes(hit)) found.push(hit);
  }
  return { apartments: found, unmatched };
}
