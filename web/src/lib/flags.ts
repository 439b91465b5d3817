// Language flags as pictures, not emoji: a system without an emoji font (most
// Linux desktops, some Windows) draws an emoji flag as two empty boxes. The
// reference list gives each language the emoji flag of its country; here it
// becomes the SVG of that country from flag-icons (MIT), bundled for the
// countries of the reference list's languages (migrations' `languages`), plus
// the two of the site's own languages. A flag outside that set shows nothing.
const flagFiles = import.meta.glob<string>(
  '/node_modules/flag-icons/flags/4x3/{fr,gb,es,de,it,pt,nl,sa,cn,jp,ru,pl,ro,tr,kr,in,se,dk,no,fi,gr,il,ua,cz,hu,vn,th,id,ir,bd,bg,hr}.svg',
  { eager: true, query: '?no-inline', import: 'default' },
);

const urlByCountry = new Map(
  Object.entries(flagFiles).map(([path, url]) => [/([a-z]{2})\.svg$/.exec(path)?.[1] ?? '', url]),
);

const regionalIndicatorA = 0x1f1e6;

/**
 * The lower-case country code of a flag given as an emoji (two regional
 * indicator symbols, as the reference list sends it) or as two letters; null otherwise.
 */
export function countryOfFlag(flag: string | null | undefined): string | null {
  if (!flag) return null;
  const trimmed = flag.trim();
  if (/^[a-z]{2}$/i.test(trimmed)) return trimmed.toLowerCase();
  const letters = [...trimmed].map((symbol) => (symbol.codePointAt(0) ?? 0) - regionalIndicatorA);
  if (letters.length !== 2 || letters.some((letter) => letter < 0 || letter > 25)) return null;
  return letters.map((letter) => String.fromCharCode(97 + letter)).join('');
}

/** Where the SVG of `flag` (emoji or country code) is served; null when the app has none. */
export function flagUrl(flag: string | null | undefined): string | null {
  const country = countryOfFlag(flag);
  return country === null ? null : (urlByCountry.get(country) ?? null);
}
