// A web address as people type it ("ecole-rhone.fr", "www.ecole.fr/") made
// into one the server takes (it wants http:// or https://): a missing scheme
// becomes https://, before the form checks the address and before it is sent.
// An address with another scheme ("ftp:", "mailto:") is left as typed, so the
// server's rule says what is wrong with it.

const webScheme = /^https?:\/\//i;
const anyScheme = /^[a-z][a-z0-9+.-]*:/i;

/** `value` trimmed, with `https://` before it when it names no scheme; '' stays ''. */
export function withWebScheme(value: string): string {
  const address = value.trim();
  if (address === '' || webScheme.test(address)) return address;
  if (address.startsWith('//')) return `https:${address}`;
  // "localhost:8080" or "ecole.fr:8443" name a port, not a scheme
  if (anyScheme.test(address) && !/^[^/:]+:\d/.test(address)) return address;
  return `https://${address}`;
}
