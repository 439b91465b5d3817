// The i18next instance of the app. Translations are bundled (imported JSON), so
// a missing locale file is a build error, not a run-time failure; anything that
// still goes wrong while starting i18n is logged to the console only (spec §8).
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import enAccount from '@/locales/en/account.json';
import enAdmin from '@/locales/en/admin.json';
import enAlerts from '@/locales/en/alerts.json';
import enApi from '@/locales/en/api.json';
import enAuth from '@/locales/en/auth.json';
import enCandidate from '@/locales/en/candidate.json';
import enCandidateOffers from '@/locales/en/candidate-offers.json';
import enCommon from '@/locales/en/common.json';
import enContacts from '@/locales/en/contacts.json';
import enDisc from '@/locales/en/disc.json';
import enEmailPreferences from '@/locales/en/email-preferences.json';
import enForms from '@/locales/en/forms.json';
import enHome from '@/locales/en/home.json';
import enLegal from '@/locales/en/legal.json';
import enOffers from '@/locales/en/offers.json';
import enPages from '@/locales/en/pages.json';
import enProfile from '@/locales/en/profile.json';
import enPublicProfile from '@/locales/en/public-profile.json';
import enMap from '@/locales/en/map.json';
import enSchool from '@/locales/en/school.json';
import enSourcing from '@/locales/en/sourcing.json';
import enTour from '@/locales/en/tour.json';
import frAccount from '@/locales/fr/account.json';
import frAdmin from '@/locales/fr/admin.json';
import frAlerts from '@/locales/fr/alerts.json';
import frApi from '@/locales/fr/api.json';
import frAuth from '@/locales/fr/auth.json';
import frCandidate from '@/locales/fr/candidate.json';
import frCandidateOffers from '@/locales/fr/candidate-offers.json';
import frCommon from '@/locales/fr/common.json';
import frContacts from '@/locales/fr/contacts.json';
import frDisc from '@/locales/fr/disc.json';
import frEmailPreferences from '@/locales/fr/email-preferences.json';
import frForms from '@/locales/fr/forms.json';
import frHome from '@/locales/fr/home.json';
import frLegal from '@/locales/fr/legal.json';
import frOffers from '@/locales/fr/offers.json';
import frPages from '@/locales/fr/pages.json';
import frProfile from '@/locales/fr/profile.json';
import frPublicProfile from '@/locales/fr/public-profile.json';
import frMap from '@/locales/fr/map.json';
import frSchool from '@/locales/fr/school.json';
import frSourcing from '@/locales/fr/sourcing.json';
import frTour from '@/locales/fr/tour.json';
import { registerFormats } from './format-number';
import {
  defaultLocale,
  isLocale,
  type Locale,
  resolveLocale,
  serializeLocaleCookie,
  supportedLocales,
} from './locale';

export const resources = {
  fr: {
    common: frCommon,
    forms: frForms,
    home: frHome,
    pages: frPages,
    api: frApi,
    auth: frAuth,
    sourcing: frSourcing,
    offers: frOffers,
    candidate: frCandidate,
    profile: frProfile,
    disc: frDisc,
    tour: frTour,
    publicProfile: frPublicProfile,
    candidateOffers: frCandidateOffers,
    account: frAccount,
    school: frSchool,
    emailPreferences: frEmailPreferences,
    legal: frLegal,
    alerts: frAlerts,
    map: frMap,
    admin: frAdmin,
    contacts: frContacts,
  },
  en: {
    common: enCommon,
    forms: enForms,
    home: enHome,
    pages: enPages,
    api: enApi,
    auth: enAuth,
    sourcing: enSourcing,
    offers: enOffers,
    candidate: enCandidate,
    profile: enProfile,
    disc: enDisc,
    tour: enTour,
    publicProfile: enPublicProfile,
    candidateOffers: enCandidateOffers,
    account: enAccount,
    school: enSchool,
    emailPreferences: enEmailPreferences,
    legal: enLegal,
    alerts: enAlerts,
    map: enMap,
    admin: enAdmin,
    contacts: enContacts,
  },
} as const;

export const namespaces = [
  'common', 'forms', 'home', 'pages', 'api', 'auth', 'sourcing', 'offers', 'candidate', 'profile', 'disc', 'tour',
  'publicProfile', 'account', 'school', 'emailPreferences', 'legal', 'alerts', 'map', 'admin', 'contacts', 'candidateOffers',
] as const;

// The detector plugin asks this detector, which applies our tested rule
// (cookie first, then the browser's preferred languages).
const vivierDetector = {
  name: 'vivierLocale',
  lookup: () =>
    resolveLocale({
      cookieHeader: document.cookie,
      preferredLanguages: navigator.languages?.length ? navigator.languages : [navigator.language],
    }),
};

function syncDocumentLanguage(language: string): void {
  document.documentElement.lang = isLocale(language) ? language : defaultLocale;
}

/** Starts i18n; resolves once translations are usable. */
export async function initI18n(): Promise<typeof i18n> {
  const detector = new LanguageDetector();
  detector.addDetector(vivierDetector);
  i18n.on('languageChanged', syncDocumentLanguage);
  try {
    await i18n
      .use(detector)
      .use(initReactI18next)
      .init({
        resources,
        ns: namespaces,
        defaultNS: 'common',
        supportedLngs: supportedLocales,
        fallbackLng: defaultLocale,
        load: 'languageOnly',
        // Only an explicit switch writes the cookie, so the browser language keeps applying until then.
        detection: { order: ['vivierLocale'], caches: [] },
        interpolation: { escapeValue: false },
        returnNull: false,
      });
    registerFormats(i18n);
  } catch (error) {
    console.error('i18n initialisation failed', error);
  }
  syncDocumentLanguage(i18n.resolvedLanguage ?? defaultLocale);
  return i18n;
}

/** The active locale, as one of the supported ones. */
export function currentLocale(): Locale {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : defaultLocale;
}

/**
 * Spec §1: switching stores the cookie, sets the locale and reloads the page,
 * so every part of the app (and later, server-rendered data) starts in the new language.
 */
export async function switchLocale(
  locale: Locale,
  reload: () => void = () => window.location.reload(),
): Promise<void> {
  document.cookie = serializeLocaleCookie(locale, { secure: window.location.protocol === 'https:' });
  try {
    await i18n.changeLanguage(locale);
  } catch (error) {
    console.error('changing language failed', error);
  }
  syncDocumentLanguage(locale);
  reload();
}

export { i18n };
