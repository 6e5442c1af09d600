import { describe, expect, it } from "vitest";
import {
  followSounds,
  isMuted,
  parseMuted,
  setMuted,
  soundsFor,
  SOUND_KEY,
  type Sound,
  type SoundMoment,
  type SoundView,
} from "./sound";

const at = (seq: number, currentSeat: number | null, over = false): SoundMoment => ({
  seq,
  currentSeat,
  viewerPlays: [1],
  over,
});

describe("sounds of events", () => {
  it("is silent when the game is first read", () => {
    expect(soundsFor(null, at(40, 1), ["battle_rolled", "turn_started"])).toEqual([]);
  });

  it("rolls dice for a battle, and a conquest instead of its dice", () => {
    expect(soundsFor(at(1, 0), at(2, 0), ["battle_rolled"])).toEqual(["dice"]);
    expect(soundsFor(at(1, 0), at(4, 0), ["battle_rolled", "battle_rolled"])).toEqual(["dice"]);
    expect(soundsFor(at(1, 0), at(3, 0), ["battle_rolled", "territory_conquered"])).toEqual(["conquest"]);
    expect(soundsFor(at(1, 0), at(2, 0), ["armies_placed"])).toEqual([]);
  });

  it('says "your turn" when the move comes to the viewer, once', () => {
    expect(soundsFor(at(1, 0), at(3, 1), ["turn_ended", "turn_started"])).toEqual(["your_turn"]);
    expect(soundsFor(at(3, 1), at(4, 1), ["armies_placed"])).toEqual([]);
    expect(soundsFor(at(1, 0), at(3, 2), ["turn_started"])).toEqual([]);
    expect(soundsFor(at(1, 0), at(3, 1, true), ["game_over"])).toEqual([]);
    const spectator = { ...at(3, 1), viewerPlays: [] };
    expect(soundsFor(at(1, 0), spectator, ["turn_started"])).toEqual([]);
  });

  it('says "your turn" for a seat handed over to the viewer, and for their own after it', () => {
    const playsFor3 = (seq: number, currentSeat: number) => ({ ...at(seq, currentSeat), viewerPlays: [1, 3] });
    expect(soundsFor(playsFor3(1, 2), playsFor3(3, 3), ["turn_ended", "turn_started"])).toEqual(["your_turn"]);
    expect(soundsFor(playsFor3(3, 3), playsFor3(5, 1), ["turn_ended", "turn_started"])).toEqual(["your_turn"]);
    expect(soundsFor(playsFor3(5, 1), playsFor3(6, 1), ["armies_placed"])).toEqual([]);
  });

  it("ignores what is not newer", () => {
    expect(soundsFor(at(5, 0), at(5, 1), ["battle_rolled"])).toEqual([]);
  });

  it("follows a controller: the new log lines of each view", () => {
    let listener: ((v: SoundView) => void) | null = null;
    const ctl = { listen: (f: (v: SoundView) => void) => ((listener = f), () => (listener = null)) };
    const heard: Sound[] = [];
    const stop = followSounds(ctl, (s) => heard.push(s));
    const view = (seq: number, currentSeat: number, log: Array<[number, string]>): SoundView => ({
      game: { seq, currentSeat, viewerSeat: 1, phase: "attack" },
      info: { status: "active", viewerPlaysFor: [] },
      log: log.map(([s, kind]) => ({ seq: s, kind })),
    });
    listener!({ game: null, info: null, log: [] });
    listener!(
      view(10, 0, [
        [9, "battle_rolled"],
        [10, "territory_conquered"],
      ]),
    );
    // The log read after the opening: old lines, no sound.
    listener!(
      view(10, 0, [
        [1, "battle_rolled"],
        [9, "battle_rolled"],
        [10, "territory_conquered"],
      ]),
    );
    expect(heard).toEqual([]);
    listener!(
      view(11, 0, [
        [10, "territory_conquered"],
        [11, "battle_rolled"],
      ]),
    );
    listener!(
      view(13, 1, [
        [11, "battle_rolled"],
        [12, "turn_ended"],
        [13, "turn_started"],
      ]),
    );
    expect(heard).toEqual(["dice", "your_turn"]);
    stop();
    expect(listener).toBeNull();
  });
});

describe("the mute switch", () => {
  const store = () => {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
  };

  it('is on by default and for anything but "off"', () => {
    expect(parseMuted(null)).toBe(false);
    expect(parseMuted("on")).toBe(false);
    expect(parseMuted("garbage")).toBe(false);
    expect(parseMuted("off")).toBe(true);
  });

  it("is kept per device", () => {
    const s = store();
    expect(isMuted(s)).toBe(false);
    setMuted(true, s);
    expect(s.m.get(SOUND_KEY)).toBe("off");
    expect(isMuted(s)).toBe(true);
    setMuted(false, s);
    expect(isMuted(s)).toBe(false);
  });

  it("reads as on when the storage refuses", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
    };
    expect(isMuted(broken)).toBe(false);
    expect(isMuted(null)).toBe(false);
  });
});
