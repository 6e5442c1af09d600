// The signed-in user, shared by every screen.
import { useEffect, useState } from "preact/hooks";
import { query, sessionToken, setOnUnauthenticated, setSessionToken } from "../api/client";
import { ViewerQuery } from "../api/operations";

export interface Viewer {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  notify: string | null;
  /** Whether the viewer moderates the chat: the message menus' moderator actions, the moderators' page. */
  moderator: boolean;
}

type State = { status: "loading" } | { status: "signedOut" } | { status: "signedIn"; viewer: Viewer };

let state: State = sessionToken() ? { status: "loading" } : { status: "signedOut" };
const listeners = new Set<(s: State) => void>();

function set(s: State) {
  state = s;
  for (const f of listeners) f(s);
}

export async function loadViewer(): Promise<void> {
  if (!sessionToken()) {
    set({ status: "signedOut" });
    return;
  }
  try {
    const d = await query(ViewerQuery, {});
    if (d.viewer) set({ status: "signedIn", viewer: d.viewer });
    else signedOut();
  } catch {
    // Offline or the server is restarting: keep the token and try again soon.
    setTimeout(() => void loadViewer(), 3000);
  }
}

export function signedIn(token: string): Promise<void> {
  setSessionToken(token);
  return loadViewer();
}

export function signedOut(): void {
  setSessionToken(null);
  set({ status: "signedOut" });
}

setOnUnauthenticated(() => {
  if (state.status !== "signedOut") signedOut();
});

export function useSession(): State {
  const [s, setS] = useState(state);
  useEffect(() => {
    listeners.add(setS);
    setS(state);
    return () => void listeners.delete(setS);
  }, []);
  return s;
}

/** Ticks every second, for countdowns. */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}
