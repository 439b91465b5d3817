// The answers the component tests' stand-in for fetch gives: the API client
// reads JSON bodies by their content type, as the server sends them.
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
