import { runServiceProcess } from '@porta/service-kit';
import { lettersService } from './service.js';

/** letters as its own process (the distributed mode). */
await runServiceProcess(lettersService);
