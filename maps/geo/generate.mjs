// Writes real outlines into the built-in map files: each territory's shape (SVG path data in the map's
// canvas coordinates) and its label, projected from public-domain geography. Run by `make geo`; the
// files it writes are committed, and the server never runs it.
//
// us-states: US Census state boundaries from the us-atlas package (states-10m), Albers equal-area conic.
// europe: Natural Earth countries from the world-atlas package (countries-50m), Lambert azimuthal
// equal-area centred on 52N 10E.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { feature } from "topojson-client";
import { presimplify, simplify, quantile } from "topojson-simplify";
import { geoAzimuthalEqualArea, geoCentroid, geoConicEqualArea, geoPath } from "d3-geo";

const require = createRequire(import.meta.url);
const builtin = new URL("../builtin/", import.meta.url);
const pad = 10;

// simplified drops the detail of a topology's arcs, keeping shared borders shared, so that the map file
// stays small; keep is the share of points kept.
function simplified(topo, keep) {
  const pre = presimplify(topo);
  return simplify(pre, quantile(pre, 1 - keep));
}

// pathData is a geometry's outline as compact SVG path data (one decimal).
function pathData(path, geometry) {
  return path(geometry).replace(/(\d+\.\d)\d+/g, "$1").replace(/\.0(?=\D|$)/g, "");
}

// labelOf is the label point of a geometry: the centroid of its largest polygon.
function labelOf(path, geometry) {
  let best = geometry;
  if (geometry.type === "MultiPolygon") {
    let area = -1;
    for (const coordinates of geometry.coordinates) {
      const polygon = { type: "Polygon", coordinates };
      const a = path.area(polygon);
      if (a > area) [area, best] = [a, polygon];
    }
  }
  return path.centroid(best).map((v) => Math.round(v * 10) / 10);
}

// writeMap sets the shape and label of every territory of the map file named id from geometries
// (territory id → GeoJSON geometry) in projection, fitted to the canvas.
function writeMap(id, projection, geometries, fit = (features) => features) {
  const file = new URL(`${id}.json`, builtin);
  const map = JSON.parse(readFileSync(file, "utf8"));
  const features = map.territories.map((t) => {
    if (!geometries[t.id]) throw new Error(`${id}: no geometry for ${t.id}`);
    return { type: "Feature", geometry: geometries[t.id] };
  });
  if (fit) projection.fitExtent([[pad, pad], [map.width - pad, map.height - pad]], { type: "FeatureCollection", features: fit(features) });
  projection.clipExtent([[0, 0], [map.width, map.height]]);
  const path = geoPath(projection);
  for (const t of map.territories) {
    [t.x, t.y] = labelOf(path, geometries[t.id]);
    t.shape = pathData(path, geometries[t.id]);
  }
  writeFileSync(file, format(map));
}

// format writes a map file as the hand-written ones are: one territory, border or area a line.
function format(map) {
  const lines = (list) => list.map((v) => "    " + JSON.stringify(v)).join(",\n");
  const head = { ...map };
  delete head.territories;
  delete head.borders;
  delete head.bonusAreas;
  delete head.sea;
  let out = JSON.stringify(head, null, 2).replace(/\n}$/, "");
  out += `,\n  "territories": [\n${lines(map.territories)}\n  ],\n  "borders": [\n${lines(map.borders)}\n  ]`;
  if (map.sea) out += `,\n  "sea": [\n${lines(map.sea)}\n  ]`;
  out += `,\n  "bonusAreas": [\n${lines(map.bonusAreas)}\n  ]\n}\n`;
  return out;
}

// key is a place's name as a territory id: "New York" → "new_york".
const key = (name) => name.toLowerCase().replace(/[^a-z]+/g, "_");

function usStates() {
  const topo = simplified(require("us-atlas/states-10m.json"), 0.06);
  const geometries = {};
  for (const f of feature(topo, topo.objects.states).features) geometries[key(f.properties.name)] = f.geometry;
  // Albers equal-area conic of the contiguous states: standard parallels 29.5N and 45.5N, 96W.
  writeMap("us-states", geoConicEqualArea().parallels([29.5, 45.5]).rotate([96, 0]), geometries);
}

// europeIds are the territory ids of the Natural Earth names that key() does not give.
const europeIds = { "Bosnia and Herz.": "bosnia_and_herzegovina", Macedonia: "north_macedonia" };

function europe() {
  const topo = simplified(require("world-atlas/countries-50m.json"), 0.2);
  const geometries = {};
  for (const f of feature(topo, topo.objects.countries).features) {
    geometries[europeIds[f.properties.name] ?? key(f.properties.name)] = f.geometry;
  }
  // Overseas parts (French Guiana, the Canaries, the Azores, Svalbard, ...) are not on the map; the canvas
  // cuts Russia.
  const inEurope = (coordinates) => {
    const [lon, lat] = geoCentroid({ type: "Polygon", coordinates });
    return lon > -25 && lon < 70 && lat > 34 && lat < 72;
  };
  for (const [id, g] of Object.entries(geometries)) {
    if (id === "russia") continue;
    const polygons = g.type === "Polygon" ? [g.coordinates] : g.type === "MultiPolygon" ? g.coordinates : [];
    geometries[id] = { type: "MultiPolygon", coordinates: polygons.filter(inEurope) };
  }
  // Kaliningrad is the part of Russia between 19E and 23E; Russia is the rest, cut by the canvas.
  const west = (coordinates) => {
    const [lon] = geoCentroid({ type: "Polygon", coordinates });
    return lon > 19 && lon < 23;
  };
  const russia = geometries.russia.coordinates;
  geometries.kaliningrad = { type: "MultiPolygon", coordinates: russia.filter(west) };
  geometries.russia = { type: "MultiPolygon", coordinates: russia.filter((p) => !west(p)) };
  // Lambert azimuthal equal-area centred on 52N 10E (the European grid ETRS89-LAEA), fitted to the
  // countries but Russia, which the canvas cuts at about 50E.
  const projection = geoAzimuthalEqualArea().rotate([-10, -52]);
  writeMap("europe", projection, geometries, (features) => features.filter((f) => f.geometry !== geometries.russia));
}

usStates();
europe();
