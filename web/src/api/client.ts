// The connection to Rout's API: GraphQL over HTTP at /graphql (urql) and its websocket at the same path
// (graphql-ws, the graphql-transport-ws protocol), both on the page's own origin. The session token is
// the only thing kept in localStorage.
import { Client, createRequest, fetchExchange, type AnyVariables, type TypedDocumentNode } from "@urql/core";
import { createClient as createWSClient, type Client as WSClient } from "graphql-ws";
import { print } from "graphql";
import { InOrder } from "./inorder";
import { withRetry } from "./ratelimit";

const SESSION_KEY = "rout.session";

/** The signed-in session's token, or null. */
export function sessionToken(): string | null {
  try {
    return localStorage.getItem(SESSION_KEY);
  } catch {
    return null;
  }
}

export function setSessionToken(token: string | null): void {
  if (token) localStorage.setItem(SESSION_KEY, token);
  else localStorage.removeItem(SESSION_KEY);
  resetSocket();
}

export const client = new Client({
  url: "/graphql",
  exchanges: [fetchExchange],
  requestPolicy: "network-only",
  preferGetMethod: false,
  fetchOptions: () => {
    const token = sessionToken();
    const headers: Record<string, string> = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    return { headers };
  },
});

/** A failed operation, with the words to show the player. */
export class APIError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** The code of a GraphQL error's extensions, or "" when none. */
function codeOf(err: { extensions?: Record<string, unknown> } | undefined): string {
  const c = err?.extensions?.code;
  return typeof c === "string" ? c : "";
}

/** Words for an error code the server sent, for codes whose message is not meant for players. */
export function describeError(code: string, message: string): string {
  switch (code) {
    case "UNAUTHENTICATED":
      return "You are signed out. Sign in again.";
    case "RATE_LIMITED":
      return "Too many requests: wait a moment and try again.";
    case "CONFLICT":
      return "The game changed while you were choosing: the board is up to date now, try again.";
    case "INTERNAL_SERVER_ERROR":
      return "Something went wrong on the server. Try again in a moment.";
    case "NETWORK":
      return "The server cannot be reached. Check your connection.";
    default:
      return message || code;
  }
}

/** Queries of the same document and variables, run one after another (see InOrder). */
const queries = new InOrder();

/**
 * Runs a query and returns its data, as the server had it after the query was asked (a like query still
 * under way is waited for, not shared; one refused for its rate is sent again, see withRetry); throws
 * APIError with words to show.
 */
export async function query<D, V extends AnyVariables>(doc: TypedDocumentNode<D, V>, variables: V): Promise<D> {
  const key = createRequest(doc, variables).key;
  const res = await queries.run(key, () => withRetry(() => client.query(doc, variables).toPromise()));
  return unwrap(res);
}

/**
 * Runs a mutation and returns its data (sent again while refused for its rate, see withRetry); throws
 * APIError with words to show.
 */
export async function mutate<D, V extends AnyVariables>(doc: TypedDocumentNode<D, V>, variables: V): Promise<D> {
  const res = await withRetry(() => client.mutation(doc, variables).toPromise());
  return unwrap(res);
}

function unwrap<D>(res: {
  data?: D;
  error?: { graphQLErrors: Array<{ message: string; extensions?: Record<string, unknown> }>; networkError?: Error };
}): D {
  if (res.error) {
    const g = res.error.graphQLErrors[0];
    if (g) {
      const code = codeOf(g);
      if (code === "UNAUTHENTICATED") onUnauthenticated?.();
      throw new APIError(describeError(code, g.message), code);
    }
    throw new APIError(describeError("NETWORK", ""), "NETWORK");
  }
  if (!res.data) throw new APIError(describeError("NETWORK", ""), "NETWORK");
  return res.data;
}

/** Called when the server says the session is no longer valid. */
let onUnauthenticated: (() => void) | undefined;
export function setOnUnauthenticated(f: () => void): void {
  onUnauthenticated = f;
}

/** A mutation payload's user errors as one sentence, or null when there are none. */
export function userErrorText(errs: ReadonlyArray<{ code: string; message: string }> | undefined): string | null {
  if (!errs || errs.length === 0) return null;
  return errs.map((e) => e.message || e.code).join(" ");
}

// The websocket: one per page, opened on first use and reopened (with the current token) after a sign in
// or out. graphql-ws retries a dropped connection by itself; the subscriptions resume from their last seq.

export type SocketState = "connecting" | "connected" | "offline";

let socket: WSClient | null = null;
const stateListeners = new Set<(s: SocketState) => void>();
let socketState: SocketState = "connecting";

function setSocketState(s: SocketState) {
  socketState = s;
  for (const f of stateListeners) f(s);
}

export function onSocketState(f: (s: SocketState) => void): () => void {
  stateListeners.add(f);
  f(socketState);
  return () => stateListeners.delete(f);
}

function socketURL(): string {
  const u = new URL("/graphql", window.location.href);
  u.protocol = u.protocol === "https:" ? "wss:" : "ws:";
  return u.href;
}

export function getSocket(): WSClient {
  if (socket) return socket;
  socket = createWSClient({
    url: socketURL(),
    lazy: true,
    keepAlive: 15_000,
    retryAttempts: Infinity,
    shouldRetry: () => true,
    retryWait: async (retries) => {
      // 0.5 s, 1 s, 2 s ... up to 10 s, with some jitter so that a restarted server is not hit at once.
      const ms = Math.min(10_000, 500 * 2 ** retries) * (0.75 + Math.random() / 2);
      await new Promise((r) => setTimeout(r, ms));
    },
    connectionParams: () => {
      const token = sessionToken();
      return token ? { Authorization: `Bearer ${token}` } : {};
    },
    on: {
      connecting: () => setSocketState("connecting"),
      connected: () => setSocketState("connected"),
      closed: () => setSocketState("offline"),
      error: () => setSocketState("offline"),
    },
  });
  return socket;
}

function resetSocket() {
  if (socket) {
    void socket.dispose();
    socket = null;
  }
}

/** The handlers of one subscription. */
export interface SubscriptionHandlers<D> {
  next(data: D): void;
  /** A GraphQL error of the stream, such as RESUME_REQUIRED (with extensions.lastSeq). */
  error(code: string, message: string, extensions: Record<string, unknown>): void;
  complete(): void;
}

/** Subscribes with a typed document; returns the function that ends the subscription. */
export function subscribe<D, V extends Record<string, unknown>>(
  doc: TypedDocumentNode<D, V>,
  variables: V,
  h: SubscriptionHandlers<D>,
): () => void {
  return getSocket().subscribe<D>(
    { query: print(doc), variables },
    {
      next: (msg) => {
        if (msg.errors && msg.errors.length > 0) {
          const e = msg.errors[0] as { message: string; extensions?: Record<string, unknown> };
          h.error(codeOf(e), e.message, e.extensions ?? {});
          return;
        }
        if (msg.data) h.next(msg.data as D);
      },
      error: (err) => {
        const e = Array.isArray(err)
          ? (err[0] as { message: string; extensions?: Record<string, unknown> })
          : undefined;
        h.error(codeOf(e) || "NETWORK", e?.message ?? "connection lost", e?.extensions ?? {});
      },
      complete: () => h.complete(),
    },
  );
}
