// The app's texts for component tests: one i18next instance per test file, in
// the language its assertions read, set up before the file's tests run.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll } from 'vitest';
import { resources } from '@/lib/i18n';

export function testI18n(lng: 'fr' | 'en') {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.use(initReactI18next).init({ resources, lng, defaultNS: 'common' });
  });
  return i18n;
}
