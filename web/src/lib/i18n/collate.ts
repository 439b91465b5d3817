// The one way the browser puts words in order: Intl.Collator of the page's
// language, so that "Aéronautique" comes before "Automobile" and "Éducation"
// sits among the E's (a plain sort compares code points and puts every
// accented capital after Z). Numbers inside names compare as numbers.
const collators = new Map<string, Intl.Collator>();

/** The collator of `locale`, made once. */
export function collatorFor(locale: string): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { numeric: true });
    collators.set(locale, collator);
  }
  return collator;
}

/** A copy of `items` in the alphabetical order of `locale`, by `name` unless told otherwise. */
export function sortByName<T>(items: readonly T[], locale: string, nameOf: (item: T) => string = (item) => (item as { name: string }).name): T[] {
  const collator = collatorFor(locale);
  return [...items].sort((first, second) => collator.compare(nameOf(first), nameOf(second)));
}
