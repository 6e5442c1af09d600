import { describe, expect, it } from "vitest";
import {
  gameTitle,
  invitationLine,
  mayStart,
  mergeLobby,
  openTeams,
  ordinal,
  parseNewGameSettings,
  resultLine,
  type LobbyGame,
} from "./lobby";
import { seatTitle } from "../ui/format";

const game = (p: Partial<LobbyGame>): LobbyGame => ({
  id: "G1",
  status: "open",
  creator: { id: "U1", name: "Alice" },
  seats: [
    { seat: 0, color: "red", userName: "Alice", user: { id: "U1" }, cpu: false, status: "active" },
    { seat: 1, color: "blue", userName: null, user: null, cpu: false, status: "invited" },
    { seat: 2, color: "green", userName: null, user: null, cpu: true, difficulty: "hard", status: "active" },
  ],
  ...p,
});

describe("lobby", () => {
  it("names seats by colour and player", () => {
    const g = game({});
    expect(g.seats.map(seatTitle)).toEqual(["Red — Alice", "Blue — invited player", "Green — CPU (hard)"]);
  });

  it("lets only the creator start, once every seat is taken", () => {
    expect(mayStart(game({}), "U1")).toEqual({ creator: true, ready: false });
    expect(mayStart(game({}), "U2")).toEqual({ creator: false, ready: false });
    const full = game({});
    full.seats = full.seats.map((s) =>
      s.seat === 1 ? { ...s, userName: "Bob", user: { id: "U2" }, status: "active" } : s,
    );
    expect(mayStart(full, "U1")).toEqual({ creator: true, ready: true });
    expect(mayStart(full, "U2")).toEqual({ creator: false, ready: true });
  });

  it("titles a game by its name, or its map's", () => {
    expect(gameTitle({ name: "Friday night", map: { name: "Classic World" } })).toBe("Friday night");
    expect(gameTitle({ name: "", map: { name: "Classic World" } })).toBe("Classic World");
  });

  it("says who invited, to which colour", () => {
    expect(invitationLine(game({ viewerInvitedSeat: 1 }))).toBe("Alice invited you to play as Blue");
    expect(invitationLine(game({ viewerInvitedSeat: null }))).toBe("Alice invited you to play");
  });

  it("says who won a finished game and how the viewer did", () => {
    expect(resultLine(game({ status: "finished", winner: 0 }), "U1")).toBe("Red — Alice won: you won");
    const lost = game({ status: "finished", winner: 2 });
    expect(resultLine(lost, "U1")).toBe("Green — CPU (hard) won; you were beaten");
    expect(resultLine(lost, "U9")).toBe("Green — CPU (hard) won");
    expect(resultLine(game({ status: "cancelled" }), "U1")).toBe("cancelled");
    expect(resultLine(game({ status: "active" }), "U1")).toBe("");
  });

  it("says the viewer's place in a finished game", () => {
    const seats = (places: Array<number | null>, status = "eliminated") =>
      game({}).seats.map((s, i) => ({ ...s, status: s.seat === 0 ? status : "active", place: places[i] }));
    expect(resultLine(game({ status: "finished", winner: 2, seats: seats([2, 3, 1]) }), "U1")).toBe(
      "Green — CPU (hard) won; you were beaten, your place 2nd of 3",
    );
    expect(resultLine(game({ status: "finished", winner: 2, seats: seats([3, 2, 1], "resigned") }), "U1")).toBe(
      "Green — CPU (hard) won; you were out by resigning, your place 3rd of 3",
    );
    expect(resultLine(game({ status: "finished", winner: 0, seats: seats([1, 3, 2]) }), "U1")).toBe(
      "Red — Alice won: you won",
    );
    expect(["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]).toEqual(
      [1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal),
    );
  });

  it("reads the New game form's last settings, dropping what is no longer offered", () => {
    expect(parseNewGameSettings(null)).toBeNull();
    expect(parseNewGameSettings("{not json")).toBeNull();
    expect(parseNewGameSettings(JSON.stringify({ seats: [] }))).toBeNull();
    const saved = {
      name: "Friday night",
      mapKey: "europe",
      myColor: "blue",
      seats: [
        { kind: "CPU", color: "red", difficulty: "hard", email: "" },
        { kind: "INVITED", color: "green", difficulty: "", email: "bob@example.com" },
        { kind: "CPU", color: "sky", difficulty: "impossible", email: "" },
      ],
      turnLimit: 4 * 3600,
      claim: "round_robin",
      cardSystem: "fixed_ttb",
      ttb: 8,
      private: true,
      rated: true,
      fog: "heavy",
    };
    const s = parseNewGameSettings(JSON.stringify(saved));
    expect(s).toEqual({
      ...saved,
      seats: [saved.seats[0], { ...saved.seats[1], difficulty: "normal" }, { ...saved.seats[2], difficulty: "normal" }],
      teams: null,
    });
    const odd = parseNewGameSettings(
      JSON.stringify({ ...saved, turnLimit: 5, cardSystem: "poker", ttb: 50, claim: "x", fog: "thick" }),
    );
    expect(odd).toMatchObject({ turnLimit: 36 * 3600, cardSystem: "classic", ttb: 6, claim: "random", fog: "none" });
    // Settings kept before fog of war was offered: none.
    const { fog: _, ...before } = saved;
    expect(parseNewGameSettings(JSON.stringify(before))?.fog).toBe("none");
    // Settings kept before rated games were offered: unrated.
    const { rated: __, ...unrated } = saved;
    expect(parseNewGameSettings(JSON.stringify(unrated))?.rated).toBe(false);
  });
});

describe("mergeLobby", () => {
  const info = {
    ...game({}),
    version: 3,
    seats: game({}).seats.map((s) => ({ ...s, cardCount: 0, cards: null as number[] | null })),
  };
  it("takes the seats a gameLobby message brings, keeping the fields it does not carry", () => {
    const joined = {
      version: 4,
      status: "open",
      seats: [{ seat: 1, color: "blue", userName: "Bob", user: { id: "U2" }, cpu: false, status: "active" }],
    };
    const g = mergeLobby(info, joined);
    expect(g.version).toBe(4);
    expect(g.seats[1]).toEqual({
      seat: 1,
      color: "blue",
      userName: "Bob",
      user: { id: "U2" },
      cpu: false,
      status: "active",
      cardCount: 0,
      cards: null,
    });
    expect(g.seats[0]).toEqual(info.seats[0]);
    expect(mayStart(g, "U1").ready).toBe(true);
  });
  it("ignores a message older than what the page has", () => {
    expect(mergeLobby(info, { version: 2, status: "open", seats: [] })).toBe(info);
  });
  it("takes the start", () => {
    expect(mergeLobby(info, { version: 5, status: "active", seats: [] }).status).toBe("active");
  });
});

describe("team games in the lobby", () => {
  const teams = [
    { index: 0, name: "Red", color: "#d62728", openSeats: 1 },
    { index: 1, name: "Blue", color: "#1f77b4", openSeats: 0 },
  ];
  const g = (over: Partial<LobbyGame>): LobbyGame => ({
    id: "G1",
    status: "finished",
    creator: { id: "U1", name: "Ann" },
    teams,
    winner: 2,
    winners: [0, 2],
    seats: [
      {
        seat: 0,
        color: "#d62728",
        team: 0,
        userName: "Ann",
        user: { id: "U1" },
        cpu: false,
        status: "eliminated",
        place: 1,
      },
      {
        seat: 1,
        color: "#1f77b4",
        team: 1,
        userName: "Bob",
        user: { id: "U2" },
        cpu: false,
        status: "eliminated",
        place: 3,
      },
      { seat: 2, color: "#e47d7e", team: 0, cpu: true, difficulty: "hard", status: "active", place: 1 },
      { seat: 3, color: "#79add2", team: 1, cpu: true, difficulty: "easy", status: "eliminated", place: 4 },
    ],
    ...over,
  });

  it("says which team won, and whether the viewer's did", () => {
    expect(resultLine(g({}), "U1")).toBe("Red wins: Ann, CPU 3: your team won");
    expect(resultLine(g({}), "U2")).toBe("Red wins: Ann, CPU 3; your team was beaten, your place 3rd of 4");
    expect(resultLine(g({}), "U9")).toBe("Red wins: Ann, CPU 3");
  });

  it("lists each team's open seats and names the team of an invitation", () => {
    expect(openTeams(g({ status: "open" })).map((t) => t.words)).toEqual(["Red: 1 open seat", "Blue: 0 open seats"]);
    expect(openTeams(game({}))).toEqual([]);
    expect(invitationLine(g({ status: "open", viewerInvitedSeat: 3 }))).toBe("Ann invited you to play for Blue");
  });
});
