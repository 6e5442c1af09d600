// Area borders, pure: the edges two territories of different bonus areas share, as one path, so the map
// draws each area's outline inland with a thicker line. Shared edges are found by their end points (the
// server writes neighbouring cells with the same rounded vertices), so the work is linear in the map.

/** The rings of a polygon path of absolute M, L and Z commands (the server's and the board's shapes). */
export function rings(d: string): Array<Array<[number, number]>> {
  const out: Array<Array<[number, number]>> = [];
  let ring: Array<[number, number]> | null = null;
  const re = /([MLZmlz])|(-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)[ ,]+(-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)/g;
  let m: RegExpExecArray | null;
  let cmd = "M";
  while ((m = re.exec(d))) {
    if (m[1]) {
      cmd = m[1];
      if (cmd === "Z" || cmd === "z") ring = null;
      if (cmd !== "M" && cmd !== "L") {
        if (cmd !== "Z" && cmd !== "z") return out; // relative or curved: not a shape this reads
      }
      continue;
    }
    const p: [number, number] = [Number(m[2]), Number(m[3])];
    if (cmd === "M" || !ring) {
      ring = [p];
      out.push(ring);
      cmd = "L";
    } else {
      ring.push(p);
    }
  }
  return out;
}

function fmt(n: number): string {
  return (Math.round(n * 10) / 10).toString();
}

/**
 * The path of every edge between two territories whose first areas differ (`areaOf(i)`: the key of
 * territory i's first area, or undefined): an edge of one territory both of whose ends are corners of a
 * territory of another area (so an edge that the other side splits in two still counts). Each edge once.
 */
export function areaBorders(paths: readonly string[], areaOf: (i: number) => string | undefined): string {
  const all = paths.map((p) => rings(p));
  const at = new Map<string, number[]>();
  all.forEach((rs, i) => {
    if (areaOf(i) === undefined) return;
    for (const ring of rs)
      for (const p of ring) {
        const k = `${fmt(p[0])},${fmt(p[1])}`;
        const list = at.get(k);
        if (!list) at.set(k, [i]);
        else if (list[list.length - 1] !== i) list.push(i);
      }
  });
  const done = new Set<string>();
  let d = "";
  all.forEach((rs, i) => {
    const area = areaOf(i);
    if (area === undefined) return;
    for (const ring of rs) {
      for (let j = 0; j < ring.length; j++) {
        const a = ring[j];
        const b = ring[(j + 1) % ring.length];
        const ka = `${fmt(a[0])},${fmt(a[1])}`;
        const kb = `${fmt(b[0])},${fmt(b[1])}`;
        if (ka === kb) continue;
        const key = ka < kb ? `${ka} ${kb}` : `${kb} ${ka}`;
        if (done.has(key)) continue;
        const ta = at.get(ka) ?? [];
        const tb = at.get(kb) ?? [];
        if (ta.some((t) => t !== i && areaOf(t) !== area && tb.includes(t))) {
          done.add(key);
          d += `M${ka}L${kb}`;
        }
      }
    }
  });
  return d;
}
