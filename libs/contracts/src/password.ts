import { z } from 'zod';
import { COMMON_PASSWORD_WORDS } from './common-passwords.js';
import {
  PASSPHRASE_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_CLASSES,
  PASSWORD_MIN_LENGTH,
} from './constants.js';

/**
 * A new password as a request carries it. The rules are checked by checkPassword in the route (not
 * here), so that the answer names the rule: IDN_PASSWORD_FORMAT or IDN_PASSWORD_TOO_COMMON.
 */
export const zPasswordInput = z.string().max(4096);

export interface PasswordCheck {
  ok: boolean;
  tooShort: boolean;
  tooLong: boolean;
  classes: number;
  /** Long enough to be a passphrase: the character classes are not required. */
  passphrase: boolean;
  /**
   * A common password or a plain variant of one, a keyboard, alphabet or digit run, a repetition,
   * or made of the user's own name or e-mail address (ADR 0020).
   */
  common: boolean;
}

/**
 * Password rules (03 §5 and ADR 0020), used by the server and the forms alike:
 * - 8 to 256 characters;
 * - at least three of the four character classes lowercase, uppercase, digits and special
 *   characters, unless the password is a passphrase of PASSPHRASE_MIN_LENGTH characters or more;
 * - not a common password (see isCommonPassword), whatever its length.
 *
 * `userInputs` are words of the user's own (names, e-mail address) that a password may not be
 * made of; the server passes them, a form may.
 */
export function checkPassword(
  password: string,
  userInputs: readonly (string | null | undefined)[] = [],
): PasswordCheck {
  const length = [...password].length;
  const classes = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u].filter((re) =>
    re.test(password),
  ).length;
  const tooShort = length < PASSWORD_MIN_LENGTH;
  const tooLong = length > PASSWORD_MAX_LENGTH;
  const passphrase = length >= PASSPHRASE_MIN_LENGTH;
  const common = !tooLong && isCommonPassword(password, userInputs);
  return {
    ok: !tooShort && !tooLong && (passphrase || classes >= PASSWORD_MIN_CLASSES) && !common,
    tooShort,
    tooLong,
    classes,
    passphrase,
    common,
  };
}

/**
 * Why a password is refused, as the error code the server answers and the forms show: the format
 * rule of 03 §5 first ('Password invalid format'), then the common-password rule. Null when the
 * password is accepted.
 */
export function passwordRefusal(
  check: PasswordCheck,
): 'IDN_PASSWORD_FORMAT' | 'IDN_PASSWORD_TOO_COMMON' | null {
  if (check.ok) return null;
  if (check.tooShort || check.tooLong || (!check.passphrase && check.classes < PASSWORD_MIN_CLASSES)) {
    return 'IDN_PASSWORD_FORMAT';
  }
  return 'IDN_PASSWORD_TOO_COMMON';
}

/** Digits and signs people write for letters ("p@ssw0rd"). */
const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '!': 'i',
  '3': 'e',
  '4': 'a',
  '@': 'a',
  '5': 's',
  $: 's',
  '7': 't',
  '+': 't',
  '8': 'b',
  '9': 'g',
};

/** Rows and columns of the keyboards in use in the portal's countries, and the digit row. */
const KEYBOARD_RUNS = [
  '1234567890',
  'qwertyuiopasdfghjklzxcvbnm',
  'qwertzuiopasdfghjklyxcvbnm',
  'azertyuiopqsdfghjklmwxcvbn',
  'qwertyuiopå',
  'asdfghjklöä',
  'zxcvbnm',
  'qwertzuiop',
  'yxcvbnm',
  'azertyuiop',
  'qsdfghjklm',
  'wxcvbn',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p',
  'zaq1xsw2cde3vfr4bgt5nhy6mju7ki8lo9p0',
  'qazwsxedcrfvtgbyhnujmikolp',
];
const KEYBOARD_REVERSED = KEYBOARD_RUNS.map((run) => [...run].reverse().join(''));

/** A run of at least this many keys or letters counts as a walk. */
const MIN_RUN = 4;

const deleet = (text: string) => text.replace(/[0-9!@$+]/g, (c) => LEET[c] ?? c);
const withoutSeparators = (text: string) => text.replace(/[\s._\-+/\\,;:'"]+/gu, '');
const stripTrailing = (text: string) => text.replace(/[^\p{L}]+$/u, '');
const stripLeading = (text: string) => text.replace(/^[^\p{L}]+/u, '');

/** The part repeated to make the whole ("abcabcabc" → "abc"), or null. */
function repeatedUnit(text: string): string | null {
  const match = /^(.+?)\1+$/su.exec(text);
  return match ? match[1]! : null;
}

/** The forms of a password compared with the list: as typed, without its affixes, decoded, joined. */
function variants(lower: string): Set<string> {
  const out = new Set<string>();
  const trimmed = stripTrailing(lower);
  for (const base of [lower, trimmed, stripLeading(trimmed), stripLeading(lower)]) {
    for (const form of [base, deleet(base), stripTrailing(deleet(base))]) {
      out.add(form);
      out.add(withoutSeparators(form));
    }
  }
  out.delete('');
  return out;
}

/** Mostly steps of one up or down, or the same character again ("abcd1234", "9876", "aaaa"). */
function isRun(text: string): boolean {
  const chars = [...withoutSeparators(text)].map((c) => c.codePointAt(0)!);
  if (chars.length < MIN_RUN) return false;
  let steady = 0;
  for (let i = 1; i < chars.length; i++) {
    if (Math.abs(chars[i]! - chars[i - 1]!) <= 1) steady++;
  }
  return steady / (chars.length - 1) >= 0.8;
}

function isKeyboardWalk(text: string): boolean {
  const keys = withoutSeparators(text);
  if ([...keys].length < MIN_RUN) return false;
  return [...KEYBOARD_RUNS, ...KEYBOARD_REVERSED].some((run) => run.includes(keys));
}

/** The user's words of at least three letters: names and the parts of the e-mail address. */
function userWords(userInputs: readonly (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const input of userInputs) {
    if (!input) continue;
    const lower = input.normalize('NFKC').toLowerCase().trim();
    const local = lower.includes('@') ? lower.slice(0, lower.indexOf('@')) : lower;
    for (const word of [local, ...local.split(/[\s._\-+]+/u)]) {
      if ([...word].length >= 3) words.add(word);
    }
  }
  // Longest first, so that "annaliisa" goes before "anna".
  return [...words].sort((a, b) => b.length - a.length);
}

/** What is left of the text once the user's words are taken out of it. */
function withoutUserWords(text: string, words: string[]): string {
  let rest = text;
  for (const word of words) rest = rest.split(word).join('');
  return rest;
}

/** The letters and digits left once runs and keyboard walks of four or more are taken out. */
function withoutRuns(lower: string): string {
  const segments = lower.match(/\p{L}+|\p{Nd}+/gu) ?? [];
  return segments
    .filter((part) => [...part].length < MIN_RUN || !(isRun(part) || isKeyboardWalk(part)))
    .join('');
}

/** Is one form of a password weak: a listed word, a walk or run, or the user's own words? */
function isWeakForm(form: string, words: string[]): boolean {
  if (COMMON_PASSWORD_WORDS.has(form) || isKeyboardWalk(form) || isRun(form)) return true;
  if (!words.length) return false;
  const rest = withoutUserWords(withoutSeparators(form), words);
  return [...rest.replace(/[^\p{L}\p{Nd}]/gu, '')].length < 4;
}

/**
 * Is the password a common one? Compared in lower case after Unicode normalisation, it is common
 * when it is mostly one or two characters, or when any of its forms (as typed, without leading or
 * trailing digits and signs, with digits read as the letters they stand for, without separators)
 * or the part such a form repeats is a word of COMMON_PASSWORD_WORDS or a keyboard, alphabet or
 * digit run, or leaves fewer than four letters or digits once the user's words are taken out. A
 * form made by repeating a part shorter than five characters is common too ("Ab1!Ab1!Ab1!"), and
 * so is a password with fewer than four letters and digits besides its runs ("Aa123456!").
 */
export function isCommonPassword(
  password: string,
  userInputs: readonly (string | null | undefined)[] = [],
): boolean {
  const lower = password.normalize('NFKC').toLowerCase();
  if (new Set(lower).size <= 2) return true;
  // "Aa123456!": little but a run around a short word.
  if ([...withoutRuns(lower)].length < 4) return true;
  const words = userWords(userInputs);
  for (const form of variants(lower)) {
    if (isWeakForm(form, words)) return true;
    const unit = [...form].length >= MIN_RUN ? repeatedUnit(form) : null;
    if (unit !== null && ([...unit].length < 5 || isWeakForm(unit, words))) return true;
  }
  return false;
}
