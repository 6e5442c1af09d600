import { describe, expect, it } from "vitest";
import { choiceKeys, mapFollows } from "./pick";

describe("mapFollows", () => {
  it("brings a selection made in the list into view when its targets are not", () => {
    expect(mapFollows("peru", null, false)).toBe("zoom");
    expect(mapFollows("peru", "brazil", false)).toBe("zoom");
    expect(mapFollows("peru", null, true)).toBe("none");
  });
  it("leaves the view alone for the map's own pick and for no selection", () => {
    expect(mapFollows("peru", "peru", false)).toBe("none");
    expect(mapFollows(null, "peru", false)).toBe("none");
  });
});

describe("choiceKeys", () => {
  it("is the selection and its targets, or the target chosen", () => {
    expect(choiceKeys("peru", null, ["brazil", "peru", "venezuela"])).toEqual(["peru", "brazil", "venezuela"]);
    expect(choiceKeys("peru", "brazil", ["brazil", "venezuela"])).toEqual(["peru", "brazil"]);
    expect(choiceKeys(null, null, ["brazil"])).toEqual([]);
  });
});
