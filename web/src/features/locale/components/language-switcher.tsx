// The FR / EN switch shown in every layout. Choosing a language stores the
// cookie, changes the language and reloads (spec §1). Each button is named, and
// titled, by its language's own name in that language ("English", "Français"),
// marked with `lang`, whatever the page's language.
import { useTranslation } from 'react-i18next';
import { currentLocale, switchLocale } from '@/lib/i18n';
import { supportedLocales } from '@/lib/i18n/locale';

export function LanguageSwitcher() {
  const { t } = useTranslation('common');
  const active = currentLocale();
  return (
    <div className="language-switcher" role="group" aria-label={t('language.label')}>
      {supportedLocales.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          className="language-switcher__option"
          aria-pressed={locale === active}
          title={t(`language.${locale}`)}
          data-locale={locale}
          onClick={() => {
            if (locale !== active) void switchLocale(locale);
          }}
        >
          <span aria-hidden="true">{t(`language.short.${locale}`)}</span>
          <span className="visually-hidden">{t(`language.${locale}`)}</span>
        </button>
      ))}
    </div>
  );
}
