// The app's shell: the header, the notices, and the screen of the current path.
import { useEffect } from "preact/hooks";
import { Link } from "./ui/link";
import { match, navigate, useLocation } from "./ui/router";
import { loadViewer, useSession } from "./ui/session";
import { Notices } from "./ui/notices";
import { AuthPage } from "./pages/auth";
import { LobbyPage } from "./pages/lobby";
import { NewGamePage } from "./pages/newgame";
import { SettingsPage } from "./pages/settings";
import { GamePage } from "./pages/game";
import { ReplayPage } from "./pages/replay";
import { JoinPage } from "./pages/join";
import { RulesPage } from "./pages/rules";
import { ModerationPage } from "./pages/moderation";
import { ProfilePage } from "./pages/profile";
import { LaddersPage } from "./pages/ladders";
import { LeaderboardsPage } from "./pages/leaderboards";
import { NewTournamentPage, TournamentsPage } from "./pages/tournaments";
import { TournamentPage } from "./pages/tournament";

export function App() {
  const session = useSession();
  const loc = useLocation();
  useEffect(() => void loadViewer(), []);

  let screen;
  let m: Record<string, string> | null;
  if (session.status === "loading") {
    screen = <p role="status">Loading…</p>;
  } else if (loc.path === "/rules") {
    screen = <RulesPage />;
  } else if ((m = match("/players/:id", loc.path))) {
    screen = <ProfilePage id={m.id} viewerId={session.status === "signedIn" ? session.viewer.id : ""} />;
  } else if (loc.path === "/leaderboards") {
    screen = <LeaderboardsPage />;
  } else if ((m = match("/games/:id/replay", loc.path))) {
    screen = <ReplayPage id={m.id} />;
  } else if (session.status === "signedOut") {
    const mode = loc.path === "/signup" ? "signup" : "signin";
    screen = <AuthPage mode={mode} />;
  } else if ((m = match("/games/:id", loc.path))) {
    screen = <GamePage id={m.id} viewer={session.viewer} />;
  } else if ((m = match("/join/:id", loc.path))) {
    screen = <JoinPage id={m.id} code={loc.params.get("code") ?? ""} viewer={session.viewer} />;
  } else if (loc.path === "/tournaments") {
    screen = <TournamentsPage />;
  } else if (loc.path === "/tournaments/new") {
    screen = <NewTournamentPage />;
  } else if ((m = match("/tournaments/:id", loc.path))) {
    screen = <TournamentPage id={m.id} />;
  } else if (loc.path === "/new") {
    screen = <NewGamePage viewer={session.viewer} />;
  } else if (loc.path === "/ladders") {
    screen = <LaddersPage viewer={session.viewer} />;
  } else if (loc.path === "/settings") {
    screen = <SettingsPage viewer={session.viewer} />;
  } else if (loc.path === "/moderation" && session.viewer.moderator) {
    screen = <ModerationPage />;
  } else {
    if (loc.path !== "/") navigate("/", true);
    screen = <LobbyPage viewer={session.viewer} />;
  }

  return (
    <>
      <a class="skip" href="#main">
        Skip to the content
      </a>
      <header class="top">
        <Link href="/" class="brand">
          Rout
        </Link>
        {session.status !== "signedIn" && (
          <nav aria-label="Main">
            <Link href="/rules" aria-current={loc.path === "/rules" ? "page" : undefined}>
              Rules
            </Link>
            <Link href="/leaderboards" aria-current={loc.path === "/leaderboards" ? "page" : undefined}>
              Leaderboards
            </Link>
          </nav>
        )}
        {session.status === "signedIn" && (
          <nav aria-label="Main">
            <Link href="/" aria-current={loc.path === "/" ? "page" : undefined}>
              Games
            </Link>
            <Link href="/new" aria-current={loc.path === "/new" ? "page" : undefined}>
              New game
            </Link>
            <Link href="/ladders" aria-current={loc.path === "/ladders" ? "page" : undefined}>
              Ladders
            </Link>
            <Link href="/tournaments" aria-current={loc.path.startsWith("/tournaments") ? "page" : undefined}>
              Tournaments
            </Link>
            <Link href="/rules" aria-current={loc.path === "/rules" ? "page" : undefined}>
              Rules
            </Link>
            <Link href="/leaderboards" aria-current={loc.path === "/leaderboards" ? "page" : undefined}>
              Leaderboards
            </Link>
            {session.viewer.moderator && (
              <Link href="/moderation" aria-current={loc.path === "/moderation" ? "page" : undefined}>
                Moderation
              </Link>
            )}
            <Link
              href={`/players/${encodeURIComponent(session.viewer.id)}`}
              aria-current={loc.path === `/players/${session.viewer.id}` ? "page" : undefined}
            >
              Profile
            </Link>
            <Link href="/settings" aria-current={loc.path === "/settings" ? "page" : undefined}>
              {session.viewer.name}
            </Link>
          </nav>
        )}
      </header>
      {session.status === "signedIn" && <Notices userId={session.viewer.id} />}
      <main id="main" tabIndex={-1}>
        {screen}
      </main>
    </>
  );
}
