import { defineService } from '@porta/service-kit';
import { createLetters } from './app.js';
import { zLettersSettings } from './config.js';

/** letters: the e-mail letters of housing companies, their recipients, test mails and sends. */
export const lettersService = defineService({
  name: 'letters',
  port: 3007,
  settings: zLettersSettings,
  create: (runtime, config) => createLetters({ ...runtime, config }),
});
