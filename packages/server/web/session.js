// End-user sessions for the public page. With no admin key in this browser, a server started with
// KITH_PUBLIC_SESSIONS=true gives the visitor an anonymous session (POST /api/sessions): a token kept
// in localStorage, so the visitor's conversation is still theirs after a reload. The session sees
// only its own rooms; the admin views need the admin key (the API key form), which always wins.

const SESSION_KEY = 'kith.session';
/** A session this close to its end is not reused: a new one is asked for. */
const RENEW_BEFORE_MS = 60_000;

function stored() {
  try {
    const session = JSON.parse(localStorage.getItem(SESSION_KEY) || 'null');
    return session && session.token && session.expiresAt > Date.now() + RENEW_BEFORE_MS ? session : null;
  } catch {
    return null;
  }
}

/** `apiKey()` is the admin key the page holds, if any. */
export function initAuth({ apiKey }) {
  let session = stored();
  const current = () => (apiKey() ? null : session);
  return {
    /** The visitor's session ({ token, userId, userName, expiresAt }), or null (admin key, or none yet). */
    session: current,
    isSession: () => current() !== null,
    /** Headers for a REST call: the admin key, else the session token. */
    headers() {
      if (apiKey()) return { 'x-api-key': apiKey() };
      return session ? { authorization: `Bearer ${session.token}` } : {};
    },
    /** The WebSocket URL's query: browsers cannot set headers there. */
    wsQuery() {
      if (apiKey()) return `?apiKey=${encodeURIComponent(apiKey())}`;
      return session ? `?token=${encodeURIComponent(session.token)}` : '';
    },
    /** Asks for an anonymous session; false when the server gives none (public sessions are off). */
    async start(userName) {
      const response = await fetch('/api/sessions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(userName ? { userName } : {}),
      });
      if (response.status !== 201) return false;
      session = await response.json();
      localStorage.setItem(SESSION_KEY, JSON.stringify(session));
      return true;
    },
    /** Drops a session the server refused (expired, or its secret rotated). */
    forget() {
      session = null;
      localStorage.removeItem(SESSION_KEY);
    },
  };
}
