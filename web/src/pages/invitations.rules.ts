// The invitation link the inviter hands on, and how the invitee's pages read it back.
//
// The link opens the join page (signed out: create an account with the invitation) and carries the token
// once, inside `next`: a visitor who is already signed in is sent on by the shell's guard to `next`, the
// accept page, which accepts with their session. The token is not a secret to the invitee, but it is to
// everyone else: it stays in the query (the service logs paths only) and is never put in a cookie or storage.

export const INVITATION_TOKEN_PREFIX = 'bsi_';

/** The page that accepts with the signed-in member's session, for a token. */
export function acceptPath(token: string): string {
  return `/accept-invitation?${new URLSearchParams({ token }).toString()}`;
}

/** The link to hand on: `<origin><base>/join?next=/accept-invitation?token=…`. */
export function invitationLink(origin: string, base: string, token: string): string {
  return `${origin}${base}/join?${new URLSearchParams({ next: acceptPath(token) }).toString()}`;
}

/** The token of the accept page's query string. */
export function tokenOfAcceptSearch(search: string): string {
  return new URLSearchParams(search).get('token')?.trim() ?? '';
}

/** The token of the join page's query string: inside `next` (the link above), or given as `token`. */
export function tokenOfJoinSearch(search: string): string {
  const query = new URLSearchParams(search);
  const direct = query.get('token');
  if (direct) return direct.trim();
  const next = query.get('next') ?? '';
  const [path, nextSearch = ''] = next.split('?', 2);
  return path === '/accept-invitation' ? tokenOfAcceptSearch(nextSearch) : '';
}

/** What is wrong with a token typed or pasted by hand, or null. */
export function tokenProblem(token: string): string | null {
  if (!token) return 'Paste the invitation token or open the link you were sent.';
  if (!token.startsWith(INVITATION_TOKEN_PREFIX)) return `An invitation token starts with ${INVITATION_TOKEN_PREFIX}.`;
  return null;
}
