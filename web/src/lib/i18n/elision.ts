// French elision of "de": "Niveau d'anglais", "les soft skills d'Élodie", but
// "Niveau de hongrois" and "le profil de Yann". Translations ask for it with
// the i18next format `de` ("Niveau {{language, de(lowercase: true)}}"), so a
// name or a language from the server reads as French; English strings never
// need it. A language name is a common noun in French, hence `lowercase`.

const vowel = /^[aeiouàâäéèêëîïôöùûüœæ]/i;
/** Words whose h is "aspiré": no elision before them. */
const aspiratedH = new Set(['hongrois', 'hollandais', 'hawaïen', 'haoussa', 'henri', 'hector', 'hugues', 'hervé']);

/** Whether French elides "de" before `word` (a vowel or a mute h). */
export function elides(word: string): boolean {
  const first = word.trim().split(/[\s-]/)[0]?.toLowerCase() ?? '';
  if (vowel.test(first)) return true;
  return first.startsWith('h') && !aspiratedH.has(first);
}

/** "de " + `word`, or "d'" + `word` where French elides; `lowercase` writes the word in lower case first. */
export function elideDe(word: string, { lowercase = false }: { lowercase?: boolean } = {}): string {
  const shown = lowercase ? word.toLocaleLowerCase('fr') : word;
  return elides(shown) ? `d’${shown}` : `de ${shown}`;
}
