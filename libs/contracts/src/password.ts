import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_CLASSES, PASSWORD_MIN_LENGTH } from './constants.js';

export interface PasswordCheck {
  ok: boolean;
  tooShort: boolean;
  tooLong: boolean;
  classes: number;
}

/**
 * Password rules of 03 §5: 8 to 256 characters and at least three of the four character classes
 * lowercase, uppercase, digits and special characters. Used by the server and the forms alike.
 */
export function checkPassword(password: string): PasswordCheck {
  const length = [...password].length;
  const classes = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u].filter((re) =>
    re.test(password),
  ).length;
  const tooShort = length < PASSWORD_MIN_LENGTH;
  const tooLong = length > PASSWORD_MAX_LENGTH;
  return { ok: !tooShort && !tooLong && classes >= PASSWORD_MIN_CLASSES, tooShort, tooLong, classes };
}
