// Sounds of the game: dice, a conquest, "your turn", synthesised with the Web Audio API (no audio files),
// played from the game's live events. Muted or not is kept per device (localStorage `rout.sound`).
// Browsers let a page make sound only after a user gesture: the audio context is made (or resumed) at the
// first click or key press on the page, and a sound due before that is simply not played.

/** The sounds the client makes. */
export type Sound = "dice" | "conquest" | "your_turn";

/** What the sound mapping needs of the game as it stands. */
export interface SoundMoment {
  /** The last event applied. */
  seq: number;
  /** The seat to move. */
  currentSeat: number | null;
  /** The seats the viewer plays: their own and those of their team handed over to them; none for a spectator. */
  viewerPlays: readonly number[];
  over: boolean;
}

/**
 * The sounds for the events that took the game from `prev` to `next` (`kinds`: the kinds of the new events,
 * in order). Nothing for the first reading of a game (prev null): opening a game is silent. A conquest
 * sounds instead of its dice; "your turn" when the move came to the viewer.
 */
export function soundsFor(prev: SoundMoment | null, next: SoundMoment, kinds: readonly string[]): Sound[] {
  if (prev === null || next.seq <= prev.seq) return [];
  const out: Sound[] = [];
  if (kinds.includes("territory_conquered")) out.push("conquest");
  else if (kinds.includes("battle_rolled")) out.push("dice");
  const mine = next.currentSeat !== null && next.viewerPlays.includes(next.currentSeat);
  if (mine && !next.over && (prev.currentSeat !== next.currentSeat || prev.over)) out.push("your_turn");
  return out;
}

/** The localStorage key of the mute switch. */
export const SOUND_KEY = "rout.sound";

/** Whether a stored setting means muted: only "off" does; anything else (nothing, junk) means sound on. */
export function parseMuted(raw: string | null): boolean {
  return raw === "off";
}

/** Reads the device's setting (sound on when storage cannot be read). */
export function isMuted(store: Pick<Storage, "getItem"> | null = localStore()): boolean {
  try {
    return parseMuted(store?.getItem(SOUND_KEY) ?? null);
  } catch {
    return false;
  }
}

const muteListeners = new Set<(muted: boolean) => void>();

/** Keeps the device's setting and tells the switches. */
export function setMuted(muted: boolean, store: Pick<Storage, "setItem"> | null = localStore()): void {
  try {
    store?.setItem(SOUND_KEY, muted ? "off" : "on");
  } catch {
    // Not kept: the switch still works for this page.
  }
  for (const f of muteListeners) f(muted);
}

export function onMuteChange(f: (muted: boolean) => void): () => void {
  muteListeners.add(f);
  return () => void muteListeners.delete(f);
}

function localStore(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

// The audio side: one context for the page, made at the first gesture.

type Ctx = AudioContext;
let ctx: Ctx | null = null;
let unlockInstalled = false;

/** Makes (or resumes) the audio context at the first click or key press; call once the page runs. */
export function unlockAudioOnGesture(): void {
  if (unlockInstalled || typeof window === "undefined") return;
  unlockInstalled = true;
  const unlock = () => {
    const AC =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AC) return;
    try {
      if (!ctx) ctx = new AC();
      if (ctx.state === "suspended") void ctx.resume();
    } catch {
      ctx = null;
    }
  };
  window.addEventListener("pointerdown", unlock, { capture: true });
  window.addEventListener("keydown", unlock, { capture: true });
}

/** Plays a sound now, unless muted or no gesture has let the page make sound yet. */
export function play(s: Sound): void {
  if (isMuted() || !ctx || ctx.state !== "running") return;
  const t = ctx.currentTime + 0.01;
  if (s === "dice") dice(ctx, t);
  else if (s === "conquest") notes(ctx, t, [523.25, 659.25, 783.99, 1046.5], 0.085, "triangle", 0.18);
  else notes(ctx, t, [783.99, 1046.5], 0.16, "sine", 0.22);
}

/** A short run of tones, each with a quick attack and decay. */
function notes(c: Ctx, t0: number, freqs: number[], step: number, type: OscillatorType, gain: number) {
  freqs.forEach((f, i) => {
    const t = t0 + i * step;
    const o = c.createOscillator();
    const g = c.createGain();
    o.type = type;
    o.frequency.setValueAtTime(f, t);
    g.gain.setValueAtTime(0.0001, t);
    g.gain.exponentialRampToValueAtTime(gain, t + 0.01);
    g.gain.exponentialRampToValueAtTime(0.0001, t + step * 1.8);
    o.connect(g).connect(c.destination);
    o.start(t);
    o.stop(t + step * 2);
  });
}

/** Dice on a table: three short clicks of filtered noise. */
function dice(c: Ctx, t0: number) {
  const len = Math.floor(c.sampleRate * 0.03);
  const buf = c.createBuffer(1, len, c.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / len) ** 2;
  [0, 0.07, 0.15].forEach((dt, i) => {
    const src = c.createBufferSource();
    src.buffer = buf;
    const f = c.createBiquadFilter();
    f.type = "bandpass";
    f.frequency.value = 1800 + i * 500;
    const g = c.createGain();
    g.gain.value = 0.5;
    src.connect(f).connect(g).connect(c.destination);
    src.start(t0 + dt);
  });
}

/** What `followSounds` needs of the game controller: its listener. */
export interface Listenable<V> {
  listen(f: (v: V) => void): () => void;
}

/** The parts of the controller's view the sounds follow. */
export interface SoundView {
  game: { seq: number; currentSeat: number | null; viewerSeat: number | null; phase: string } | null;
  info: { status: string; viewerPlaysFor: readonly number[] } | null;
  log: ReadonlyArray<{ seq: number; kind: string }>;
}

/**
 * Plays the sounds of a game's live events, from the controller's views: the events are the log lines
 * newer than the last view's. Returns the function that stops it.
 */
export function followSounds<V extends SoundView>(ctl: Listenable<V>, out: (s: Sound) => void = play): () => void {
  if (out === play) unlockAudioOnGesture();
  let prev: SoundMoment | null = null;
  return ctl.listen((v) => {
    if (!v.game) return;
    const next: SoundMoment = {
      seq: v.game.seq,
      currentSeat: v.game.currentSeat,
      viewerPlays: [...(v.game.viewerSeat !== null ? [v.game.viewerSeat] : []), ...(v.info?.viewerPlaysFor ?? [])],
      over: v.game.phase === "over" || v.info?.status === "finished",
    };
    if (prev && next.seq > prev.seq) {
      const after = prev.seq;
      const kinds = v.log.filter((l) => l.seq > after).map((l) => l.kind);
      for (const s of soundsFor(prev, next, kinds)) out(s);
    }
    if (!prev || next.seq >= prev.seq) prev = next;
  });
}
