import { describe, expect, it } from "vitest";
import { InOrder } from "./inorder";

/** A run that settles when its resolve or reject is called, recording when it started. */
function pending(log: string[], name: string) {
  let resolve!: (v: string) => void;
  let reject!: (e: Error) => void;
  const f = () => {
    log.push(`${name} started`);
    return new Promise<string>((res, rej) => {
      resolve = res;
      reject = rej;
    });
  };
  return { f, resolve: (v: string) => resolve(v), reject: (e: Error) => reject(e) };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("runs of one key", () => {
  it("start one after another, each with its own answer", async () => {
    const q = new InOrder();
    const log: string[] = [];
    const a = pending(log, "a");
    const b = pending(log, "b");
    const c = pending(log, "c");
    const pa = q.run(1, a.f);
    const pb = q.run(1, b.f);
    const pc = q.run(1, c.f);
    await tick();
    expect(log).toEqual(["a started"]); // b waits for a, c for b
    a.reject(new Error("a failed"));
    await expect(pa).rejects.toThrow("a failed");
    await tick();
    expect(log).toEqual(["a started", "b started"]); // a failure lets the next run start too
    b.resolve("b's answer");
    expect(await pb).toBe("b's answer");
    await tick();
    c.resolve("c's answer");
    expect(await pc).toBe("c's answer");
    await tick();
    expect(q.busy).toBe(0);
  });

  it("do not wait for another key's", async () => {
    const q = new InOrder();
    const log: string[] = [];
    const a = pending(log, "a");
    const b = pending(log, "b");
    void q.run(1, a.f);
    void q.run(2, b.f);
    await tick();
    expect(log).toEqual(["a started", "b started"]);
    expect(q.busy).toBe(2);
  });
});
