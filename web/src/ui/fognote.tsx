// A game's fog of war after its line in a list (the lobby, the waiting page): " · fog of war: normal",
// nothing without fog.
import { fogWords } from "./format";

export function FogNote(props: { fog: string }) {
  const words = fogWords(props.fog);
  return words ? <> · {words}</> : null;
}
