// An invitation link, /join/{game id}?code={invite code}: join the game with the code.
import { useState } from "preact/hooks";
import { APIError, mutate, userErrorText } from "../api/client";
import { JoinGameMutation } from "../api/operations";
import { ErrorLine } from "../ui/form";
import { navigate } from "../ui/router";

export function JoinPage(props: { id: string; code: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function join() {
    setBusy(true);
    try {
      const d = await mutate(JoinGameMutation, { input: { gameId: props.id, inviteCode: props.code || null } });
      const err = userErrorText(d.joinGame.userErrors);
      if (err) setError(err);
      else navigate(`/games/${encodeURIComponent(props.id)}`, true);
    } catch (e) {
      setError(e instanceof APIError ? e.message : "Could not join.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <section class="card">
      <h1>You are invited to a game</h1>
      <ErrorLine text={error} />
      <p>Take your seat: the game starts when every seat is filled and its creator starts it.</p>
      <button type="button" class="primary" disabled={busy} onClick={() => void join()}>
        Join the game
      </button>{" "}
      <button type="button" onClick={() => navigate(`/games/${encodeURIComponent(props.id)}`)}>
        Just look
      </button>
    </section>
  );
}
