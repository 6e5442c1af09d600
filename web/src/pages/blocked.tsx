// The settings page's list of the users the viewer blocks (blocked from a chat message's menu), each with
// its "Unblock".
import { useEffect, useState } from "preact/hooks";
import { APIError, mutate, query, userErrorText } from "../api/client";
import { BlockedUsersQuery, UnblockUserMutation } from "../api/operations";
import { ErrorLine } from "../ui/form";

export function BlockedUsers() {
  const [users, setUsers] = useState<Array<{ id: string; name: string }> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  async function load() {
    try {
      const d = await query(BlockedUsersQuery, {});
      setUsers(d.viewer?.blockedUsers ?? []);
    } catch (e) {
      setError(e instanceof APIError ? e.message : "Could not read the users you block.");
    }
  }
  useEffect(() => void load(), []);
  async function unblock(u: { id: string; name: string }) {
    setDone(null);
    try {
      const d = await mutate(UnblockUserMutation, { input: { user: u.id } });
      const err = userErrorText(d.unblockUser.userErrors);
      setError(err);
      if (!err) setDone(`${u.name} is unblocked.`);
      await load();
    } catch (e) {
      setError(e instanceof APIError ? e.message : `${u.name} was not unblocked.`);
    }
  }
  return (
    <section class="card" aria-labelledby="blocked-title">
      <h2 id="blocked-title">Blocked users</h2>
      <p>
        You do not see their chat messages, and they cannot invite you to a game. They are not told. Block someone from
        the menu of one of their chat messages.
      </p>
      <ErrorLine text={error} />
      {done && (
        <p class="sub" role="status">
          {done}
        </p>
      )}
      {users && users.length === 0 && <p class="sub">You block nobody.</p>}
      {users && users.length > 0 && (
        <ul class="blocked-users">
          {users.map((u) => (
            <li key={u.id}>
              {u.name}{" "}
              <button type="button" onClick={() => void unblock(u)} aria-label={`Unblock ${u.name}`}>
                Unblock
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
