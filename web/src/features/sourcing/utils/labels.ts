// Short forms of reference names for dense places such as the result cards.

/** "CDI (contrat à durée indéterminée)" reads "CDI"; a name without a parenthesis stays as it is. */
export function shortLabel(name: string): string {
  const short = name.replace(/\s*\([^)]*\)\s*$/, '').trim();
  return short === '' ? name : short;
}
