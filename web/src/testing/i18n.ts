// The app's texts for component tests: one i18next instance per test file, in
// the language its assertions read, set up before the file's tests run, with
// the app's number and elision formats.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll } from 'vitest';
import { resources } from '@/lib/i18n';
import { registerFormats } from '@/lib/i18n/format-number';

export function testI18n(lng: 'fr' | 'en') {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.use(initReactI18next).init({ resources, lng, defaultNS: 'common' });
    registerFormats(i18n);
  });
  return i18n;
}
