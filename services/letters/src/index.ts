export { createLetters, LETTERS_MIGRATIONS, type Letters } from './app.js';
export { type LettersConfig, zLettersConfig, zLettersSettings } from './config.js';
export { lettersService } from './service.js';
