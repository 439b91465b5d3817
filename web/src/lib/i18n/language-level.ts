// A language level, written the same way on every page: the CEFR code and
// its name ("B1 · intermédiaire", "C1 · advanced"), after the language's name
// where a list says which ("Anglais B2 · avancé"). Levels are stored 1 to 6,
// the six CEFR levels A1 to C2, 3 (B1) when a language is added (spec §9).
import { useTranslation } from 'react-i18next';

const cefrCodes = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;

/** The CEFR code of a level from 1 to 6 (out-of-range levels are brought in range). */
export function cefrCode(level: number): string {
  return cefrCodes[Math.min(6, Math.max(1, Math.round(level))) - 1] ?? 'B1';
}

/** Writes a level in the page's language: "B1 · intermédiaire". */
export function useLanguageLevel(): (level: number) => string {
  const { t } = useTranslation('common');
  return (level) => {
    const code = cefrCode(level);
    return t('languageLevel.format', { code, name: t(`languageLevel.names.${code}`) });
  };
}

/** Writes languages with their levels in the page's language: "Anglais B2 · avancé, Espagnol A2 · élémentaire". */
export function useLanguagesWithLevels(): (languages: readonly { name: string; level: number }[]) => string {
  const levelText = useLanguageLevel();
  return (languages) => languages.map((language) => `${language.name} ${levelText(language.level)}`).join(', ');
}
