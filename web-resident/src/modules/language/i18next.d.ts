import type { Resources } from '@porta/i18n';
import 'i18next';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'resident';
    fallbackNS: 'common';
    resources: Resources;
  }
}
