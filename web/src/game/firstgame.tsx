// Below the game's heading: the first game's hint for this phase (dismissible, once per device), a link
// to the rules, and the sounds' mute switch.
import { useEffect, useState } from "preact/hooks";
import { FIRST_GAME_KEY, HINTS_KEY, hintFor, hintsShown } from "../state/firstgame";
import { Link } from "../ui/link";
import { SoundSwitch } from "../ui/soundswitch";
import "./firstgame.css";

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not kept: the hints may show again next time.
  }
}

export function PlayExtras(props: {
  gameId: string;
  phase: string;
  myTurn: boolean;
  playing: boolean;
  over: boolean;
  trade: boolean;
}) {
  const [shown, setShown] = useState(() =>
    hintsShown(read(FIRST_GAME_KEY), read(HINTS_KEY), props.gameId, props.playing && !props.over),
  );
  useEffect(() => {
    if (shown.adopt) write(FIRST_GAME_KEY, props.gameId);
  }, [shown.adopt, props.gameId]);
  const hint = shown.show && props.myTurn && !props.over ? hintFor(props.phase, { trade: props.trade }) : null;
  const dismiss = () => {
    write(HINTS_KEY, "off");
    setShown({ show: false, adopt: false });
  };
  return (
    <div class="play-extras">
      {hint && (
        <p class="hint" role="note">
          <strong>Tip:</strong> {hint.text} <Link href={`/rules#${hint.rules}`}>How this works</Link>{" "}
          <button type="button" class="hint-close" onClick={dismiss}>
            Hide these tips
          </button>
        </p>
      )}
      <p class="play-tools">
        <Link href="/rules">Rules</Link> <SoundSwitch />
      </p>
    </div>
  );
}
