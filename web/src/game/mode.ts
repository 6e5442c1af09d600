// What the player is choosing on the game screen: nothing yet, or the source (and maybe the target) of an
// attack or a fortification.
export type Mode =
  | { kind: "idle" }
  | { kind: "attack"; from: string; to: string | null }
  | { kind: "fortify"; from: string; to: string | null };
