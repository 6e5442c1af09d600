// Writes real outlines into the built-in map files: each territory's shape (SVG path data in the map's
// canvas coordinates) and its label, projected from public-domain geography, and classic's sea crossings. Run by `make geo`; the
// files it writes are committed, and the server never runs it.
//
// us-states: US Census state boundaries from the us-atlas package (states-10m), Albers equal-area conic.
// europe: Natural Earth countries from the world-atlas package (countries-50m), Lambert azimuthal
// equal-area centred on 52N 10E.
// classic: Natural Earth countries from the world-atlas package (countries-110m), whole or cut along
// meridians and parallels, joined into the 42 territories of the board game; Natural Earth projection
// centred on 11E.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { feature } from "topojson-client";
import { presimplify, simplify, quantile } from "topojson-simplify";
import {
  geoAzimuthalEqualArea,
  geoCentroid,
  geoConicEqualArea,
  geoNaturalEarth1,
  geoPath,
} from "d3-geo";
import polygonClipping from "polygon-clipping";

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
// (territory id → GeoJSON geometry) in projection, fitted to the canvas, and the file's sea crossings
// when sea is given.
function writeMap(id, projection, geometries, fit = (features) => features, sea = undefined) {
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
  if (sea) map.sea = sea;
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

// classicCountries are the Natural Earth countries that each territory of classic is made of, whole.
// Countries that are cut, or of which some parts are left out, are in classicCuts.
const classicCountries = {
  greenland: ["Greenland"],
  central_america: ["Mexico", "Guatemala", "Belize", "Honduras", "El Salvador", "Nicaragua", "Costa Rica", "Panama",
    "Cuba", "Jamaica", "Haiti", "Dominican Rep.", "Bahamas", "Puerto Rico"],
  venezuela: ["Venezuela", "Colombia", "Guyana", "Suriname", "Trinidad and Tobago"],
  peru: ["Peru", "Ecuador", "Bolivia"],
  brazil: ["Brazil"],
  argentina: ["Argentina", "Chile", "Uruguay", "Paraguay", "Falkland Is."],
  iceland: ["Iceland"],
  scandinavia: ["Norway", "Sweden", "Finland"],
  great_britain: ["United Kingdom", "Ireland"],
  northern_europe: ["Germany", "Denmark", "Netherlands", "Belgium", "Luxembourg", "Poland", "Czechia", "Slovakia"],
  western_europe: ["Spain", "Portugal"],
  southern_europe: ["Italy", "Switzerland", "Austria", "Hungary", "Slovenia", "Croatia", "Bosnia and Herz.", "Serbia",
    "Montenegro", "Kosovo", "Albania", "Macedonia", "Greece", "Bulgaria", "Romania"],
  ukraine: ["Ukraine", "Belarus", "Moldova", "Lithuania", "Latvia", "Estonia"],
  north_africa: ["Morocco", "W. Sahara", "Algeria", "Tunisia", "Mauritania", "Mali", "Niger", "Chad", "Senegal", "Gambia",
    "Guinea-Bissau", "Guinea", "Sierra Leone", "Liberia", "Côte d'Ivoire", "Burkina Faso", "Ghana", "Togo", "Benin",
    "Nigeria"],
  egypt: ["Egypt", "Libya"],
  east_africa: ["Sudan", "S. Sudan", "Eritrea", "Ethiopia", "Djibouti", "Somalia", "Somaliland", "Kenya", "Uganda",
    "Rwanda", "Burundi", "Tanzania"],
  congo: ["Cameroon", "Central African Rep.", "Eq. Guinea", "Gabon", "Congo", "Dem. Rep. Congo", "Angola"],
  south_africa: ["Zambia", "Malawi", "Mozambique", "Zimbabwe", "Botswana", "Namibia", "South Africa", "Lesotho",
    "eSwatini"],
  madagascar: ["Madagascar"],
  mongolia: ["Mongolia"],
  japan: ["Japan"],
  afghanistan: ["Afghanistan", "Turkmenistan", "Uzbekistan", "Tajikistan", "Kyrgyzstan"],
  china: ["China", "Taiwan", "North Korea", "South Korea"],
  middle_east: ["Turkey", "Cyprus", "N. Cyprus", "Syria", "Lebanon", "Israel", "Palestine", "Jordan", "Iraq", "Iran",
    "Saudi Arabia", "Kuwait", "Qatar", "United Arab Emirates", "Oman", "Yemen", "Georgia", "Armenia", "Azerbaijan"],
  india: ["India", "Pakistan", "Nepal", "Bhutan", "Bangladesh", "Sri Lanka"],
  siam: ["Myanmar", "Thailand", "Laos", "Cambodia", "Vietnam"],
  indonesia: ["Philippines", "Brunei", "Timor-Leste"],
  new_guinea: ["Papua New Guinea", "Solomon Is."],
  eastern_australia: ["New Zealand", "New Caledonia", "Vanuatu", "Fiji"],
};

// classicLeftOut are the Natural Earth countries that belong to no territory of classic.
const classicLeftOut = ["Antarctica", "Fr. S. Antarctic Lands"];

// The bounds of the boxes that reach as far as any land, and the meridians and parallels where the boxes
// of classicCuts cut countries (every country gets a vertex where its outline crosses one: splitAt).
const [W, E, S, N] = [-200, 200, -90, 90];
const cutMeridians = [-102, -98, -79.5, 55, 68, 80, 100, 115, 130, 133, 141.5];
const cutParallels = [55, 60];

// box is the rectangle of longitudes west to east and latitudes south to north, as a polygon; its sides
// are cuts or beyond any land.
function box(west, south, east, north) {
  for (const lon of [west, east]) if (![W, E, 360, ...cutMeridians].includes(lon)) throw new Error(`box: ${lon} is not a cut`);
  for (const lat of [south, north]) if (![S, N, ...cutParallels].includes(lat)) throw new Error(`box: ${lat} is not a cut`);
  return [[[west, south], [east, south], [east, north], [west, north], [west, south]]];
}

// classicCuts says how the countries cut into several territories, or only partly on the map, are
// divided: each part of the country (a polygon: the mainland, an island) goes whole to the territory its
// test gives (from the part's centre, longitude and latitude in degrees), or is cut into the boxes
// (west, south, east, north) of the territories when the test gives boxes; a test giving nothing leaves
// the part out.
const classicCuts = {
  // Alaska is the part of the United States north of 50N and west of 129W, but the westernmost Aleutians
  // and St. Lawrence Island (beyond 169W, where the map's edge runs); the contiguous states are cut at the
  // 98th meridian; Hawaii is left out.
  "United States of America": ([lon, lat]) =>
    lat > 50 && lon > -169 && lon < -129 ? "alaska"
    : lat > 24 && lat < 50 && lon > -125 ? { western_united_states: [box(W, S, -98, N)], eastern_united_states: [box(-98, S, E, N)] }
    : null,
  // Canada's mainland is cut at 60N, 102W and 79.5W (about the borders of Alberta and Saskatchewan
  // with Manitoba, and of Ontario with Quebec); its islands go whole, those north of 60N to Northwest
  // Territory.
  Canada: ([lon, lat], mainland) =>
    mainland ? {
      northwest_territory: [box(W, 60, -79.5, N)],
      alberta: [box(W, S, -102, 60)],
      ontario: [box(-102, S, -79.5, 60)],
      quebec: [box(-79.5, S, E, N)],
    }
    : lat > 60 ? "northwest_territory"
    : lon < -102 ? "alberta"
    : lon < -79.5 ? "ontario"
    : "quebec",
  // Russia (its longitudes beyond 180, in Chukotka, counted on past 180) is cut at 55E (Ukraine, for Eastern
  // Europe, and Ural), 80E (Siberia), 100E, 115E and 130E and at 55N and 60N: Yakutsk north of 60N and
  // Irkutsk south of it between 100E and 130E; the Far East along China south of 55N goes to Mongolia,
  // the east of 130E north of 55N and Sakhalin to Kamchatka. Its islands go whole.
  Russia: ([lon, lat], mainland) => {
    const boxes = {
      ukraine: [box(W, S, 55, N)],
      ural: [box(55, S, 80, N)],
      siberia: [box(80, S, 100, N)],
      yakutsk: [box(100, 60, 130, N)],
      irkutsk: [box(100, S, 115, 60), box(115, 55, 130, 60)],
      mongolia: [box(115, S, 141.5, 55)],
      kamchatka: [box(130, 55, 360, N), box(141.5, S, 360, 55)],
    };
    if (mainland) return boxes;
    return Object.keys(boxes).find((id) => boxes[id].some(([ring]) => inBox(ring, lon, lat))) ?? null;
  },
  // Kazakhstan is cut at 68E: its west to Afghanistan (with Central Asia), its east to Ural.
  Kazakhstan: () => ({ afghanistan: [box(W, S, 68, N)], ural: [box(68, S, E, N)] }),
  // Australia is cut at 133E; Tasmania goes to Eastern Australia.
  Australia: (_, mainland) =>
    mainland ? { western_australia: [box(W, S, 133, N)], eastern_australia: [box(133, S, E, N)] } : "eastern_australia",
  // Indonesia's part of New Guinea and the islands next to it (east of 131E) go to New Guinea.
  Indonesia: ([lon]) => (lon > 131 ? "new_guinea" : "indonesia"),
  // Malaysia's peninsula goes to Siam, its part of Borneo to Indonesia.
  Malaysia: ([lon]) => (lon < 105 ? "siam" : "indonesia"),
  // France: metropolitan France and Corsica to Western Europe, French Guiana to Venezuela.
  France: ([lon, lat]) => (lat > 40 ? "western_europe" : lon < -50 ? "venezuela" : null),
};

// inBox reports whether a point lies inside a box's ring.
function inBox(ring, lon, lat) {
  const lons = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);
  return lon >= Math.min(...lons) && lon < Math.max(...lons) && lat >= Math.min(...lats) && lat < Math.max(...lats);
}

// eastOf180 counts the longitudes beyond 180 (written as negative, west of 0) on past 180, for countries
// across the antimeridian, so that their parts are whole in longitude and latitude (the projection is
// spherical and takes them as they are).
const eastOf180 = (polygon) => polygon.map((ring) => ring.map(([lon, lat]) => [lon < 0 ? lon + 360 : lon, lat]));

// classicSea are the borders of classic across water: where the territories' land does not meet.
const classicSea = [
  ["alaska", "kamchatka"],
  ["northwest_territory", "greenland"],
  ["greenland", "ontario"],
  ["greenland", "quebec"],
  ["greenland", "iceland"],
  ["brazil", "north_africa"],
  ["iceland", "great_britain"],
  ["iceland", "scandinavia"],
  ["scandinavia", "great_britain"],
  ["scandinavia", "northern_europe"],
  ["great_britain", "northern_europe"],
  ["great_britain", "western_europe"],
  ["western_europe", "north_africa"],
  ["southern_europe", "north_africa"],
  ["southern_europe", "egypt"],
  ["east_africa", "madagascar"],
  ["east_africa", "middle_east"],
  ["south_africa", "madagascar"],
  ["kamchatka", "japan"],
  ["mongolia", "japan"],
  ["siam", "indonesia"],
  ["indonesia", "new_guinea"],
  ["indonesia", "western_australia"],
  ["new_guinea", "western_australia"],
  ["new_guinea", "eastern_australia"],
];

// splitAt adds a vertex to each edge of polygon wherever it crosses one of the meridians lons or the
// parallels lats, computed alike for an edge walked either way, and at every whole degree of an edge along
// one of the parallels. Clipping drops vertices in line with their neighbours; this puts them back, so
// that two territories sharing a border have the same vertices along it where a cut meets it, and a cut
// along a parallel follows the parallel (the projection draws an edge as the shortest way on the sphere).
function splitAt(polygon, lons, lats) {
  return polygon.map((ring) => {
    const out = [ring[0]];
    for (let i = 1; i < ring.length; i++) {
      const [a, b] = [ring[i - 1], ring[i]];
      const [lo, hi] = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]) ? [a, b] : [b, a];
      const cuts = [];
      if (a[1] === b[1] && lats.includes(a[1])) {
        for (let lon = Math.floor(lo[0]) + 1; lon < hi[0]; lon++) cuts.push([lon, a[1]]);
      } else {
        for (const lon of lons) {
          if (lon > lo[0] && lon < hi[0]) cuts.push([lon, lo[1] + ((lon - lo[0]) / (hi[0] - lo[0])) * (hi[1] - lo[1])]);
        }
        for (const lat of lats) {
          if (lat > Math.min(a[1], b[1]) && lat < Math.max(a[1], b[1])) {
            cuts.push([lo[0] + ((lat - lo[1]) / (hi[1] - lo[1])) * (hi[0] - lo[0]), lat]);
          }
        }
      }
      const along = (p) => Math.hypot(p[0] - a[0], p[1] - a[1]);
      out.push(...cuts.sort((p, q) => along(p) - along(q)), b);
    }
    return out;
  });
}

// polygonsOf are the polygons of a GeoJSON geometry.
const polygonsOf = (g) => (g.type === "Polygon" ? [g.coordinates] : g.type === "MultiPolygon" ? g.coordinates : []);

// planarArea is the area of a polygon in square degrees.
function planarArea(polygon) {
  let a = 0;
  const ring = polygon[0];
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) a += ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
  return Math.abs(a / 2);
}

// classic writes the outlines of the classic map: the countries of each territory, whole or cut, joined
// into one outline per territory, and the file's sea crossings.
function classic() {
  const topo = simplified(require("world-atlas/countries-110m.json"), 0.6);
  const territoryOf = {};
  for (const [id, names] of Object.entries(classicCountries)) for (const name of names) territoryOf[name] = id;
  const parts = {}; // territory id → polygons (planar, in longitude and latitude)
  const add = (id, polygons) => (parts[id] ??= []).push(...polygons);
  for (const f of feature(topo, topo.objects.countries).features) {
    const name = f.properties.name;
    let polygons = polygonsOf(f.geometry);
    if (name === "Russia" || name === "Fiji") polygons = polygons.map(eastOf180);
    if (classicCuts[name]) {
      const largest = Math.max(...polygons.map(planarArea));
      for (const polygon of polygons) {
        const to = classicCuts[name](geoCentroid({ type: "Polygon", coordinates: polygon }), planarArea(polygon) === largest);
        if (typeof to === "string") add(to, [polygon]);
        else if (to) for (const [id, boxes] of Object.entries(to)) add(id, polygonClipping.intersection(polygon, boxes));
      }
    } else if (territoryOf[name]) add(territoryOf[name], polygons);
    else if (!classicLeftOut.includes(name)) throw new Error(`classic: no territory for ${name}`);
  }
  // The union of a territory's parts, its outer rings turned clockwise as d3-geo wants them.
  const geometries = {};
  for (const [id, polygons] of Object.entries(parts)) {
    const union = polygonClipping.union(...polygons.map((p) => [p]));
    geometries[id] = {
      type: "MultiPolygon",
      coordinates: union.map((polygon) => splitAt(polygon, cutMeridians, cutParallels).map((ring) => ring.slice().reverse())),
    };
  }
  // The Natural Earth projection centred on 11E, so that the map's edges run through the Bering Strait
  // at 169W, fitted to the territories.
  writeMap("classic", geoNaturalEarth1().rotate([-11, 0]), geometries, undefined, classicSea);
}

usStates();
europe();
classic();
