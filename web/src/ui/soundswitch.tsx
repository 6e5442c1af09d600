// The mute switch of the game's sounds (ui/sound.ts), kept per device.
import { useEffect, useState } from "preact/hooks";
import { isMuted, onMuteChange, setMuted } from "./sound";

export function SoundSwitch() {
  const [muted, set] = useState(isMuted);
  useEffect(() => onMuteChange(set), []);
  return (
    <button
      type="button"
      class="sound-switch"
      aria-pressed={!muted}
      onClick={() => setMuted(!muted)}
      title={muted ? "Sounds are off on this device" : "Sounds are on on this device"}
    >
      <span aria-hidden="true">{muted ? "✕" : "♪"}</span> Sounds
    </button>
  );
}
