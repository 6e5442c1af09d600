package maps

import (
	"errors"
	"math"
	"slices"
	"sort"
	"strconv"
)

// Geometry is what a client needs to draw a map beyond its file: a shape for every territory and which
// borders are sea crossings. It is derived once per map version (DeriveGeometry) and stored with it.
type Geometry struct {
	// Shapes holds an outline per territory, in the order of the map's territories, as SVG path data in
	// canvas coordinates: the file's shape when it gives one, a derived cell otherwise.
	Shapes []string `json:"shapes"`
	// Sea lists, in increasing order, the indexes in the map's Borders of the borders that do not follow
	// an edge the two territories' shapes share (sea crossings): clients draw them as lines.
	Sea []int `json:"sea"`
	// Width and Height are the canvas the shapes lie on: the map's, or, when the map gives none, one
	// around its labels.
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// IsSea reports whether border i of the map is a sea crossing.
func (g *Geometry) IsSea(i int) bool {
	_, found := slices.BinarySearch(g.Sea, i)
	return found
}

// The derived cells.
const (
	// cellRadiusFactor times the median distance from a label to its nearest neighbour is the radius
	// that bounds a derived cell: far enough for neighbours on land to share an edge, near enough for
	// seas and empty parts of the canvas to stay empty.
	cellRadiusFactor = 1.2
	// cellSides is the number of sides of the polygon standing for the circle of that radius.
	cellSides = 24
	// minSharedEdge is the shortest edge, as a fraction of the radius, two derived cells must share for
	// their border to count as one on land.
	minSharedEdge = 0.05
	// nonNeighbourGap is half the gap, as a fraction of the radius, between the cells of two territories
	// that do not border each other.
	nonNeighbourGap = 0.03
	// lobeMargin is how far past the midpoint between two bordering labels a cell's lobe towards the
	// other label reaches, as a fraction of half their distance, so that the two lobes overlap at the
	// bisector; lobeHalfWidth is half the width of a lobe's end, as a fraction of the radius.
	lobeMargin    = 0.25
	lobeHalfWidth = 0.3
	// maxLobe bounds a lobe's length, as a multiple of the radius: two bordering labels further apart
	// than about twice that are a sea crossing.
	maxLobe = 4.0
)

// DeriveGeometry returns the geometry of a valid map. A territory whose file gives no shape gets a derived
// cell: the part of the canvas nearer to its label than to any other label (its Voronoi cell), cut to a
// circle around the label whose radius is 1.2 times the median distance from a label to its nearest
// neighbour, widened by a lobe towards each bordering label too far for the circle to meet (see
// cellDeriver.cell), so that seas and empty parts of the canvas show as gaps; the cells of two
// territories that do not border each other, or whose border the file marks as sea (Map.Sea), keep a
// thin gap between them (6% of the radius). A border the file marks as sea is a sea crossing. Another
// border between two derived cells is on land when the cells share an edge of at least 5% of that radius;
// a border with a territory whose file gives a shape is on land when the two outlines have a vertex
// within a small tolerance (0.2% of the canvas' diagonal, at least 0.5) of each other. Every other
// border is a sea crossing.
//
// The map must not be modified afterwards (DeriveGeometry builds its board, see Map.Board). The result
// depends only on the map (the same map always gives the same geometry), and takes linear time
// in the size of the map (see docs/benchmarks.md for 5,000 territories).
func DeriveGeometry(m *Map) (*Geometry, error) {
	// Board validates the map once and keeps the result, so a map whose board was built is not checked again.
	if _, err := m.Board(); err != nil {
		return nil, err
	}
	n := len(m.Territories)
	sites := make([]point, n)
	for i, t := range m.Territories {
		sites[i] = point{t.X, t.Y}
	}
	radius := cellRadius(sites, m.Width, m.Height)
	w, h := float64(m.Width), float64(m.Height)
	if m.Width == 0 || m.Height == 0 {
		// No canvas: one around the labels, with room for their cells.
		var maxX, maxY float64
		for _, p := range sites {
			maxX, maxY = max(maxX, p.x), max(maxY, p.y)
		}
		if m.Width == 0 {
			w = min(maxX+radius, MaxCanvas)
		}
		if m.Height == 0 {
			h = min(maxY+radius, MaxCanvas)
		}
	}
	g := &Geometry{Shapes: make([]string, n), Width: w, Height: h}
	// Buckets as wide as the farthest site that can cut a cell without lobes.
	grid := newSiteGrid(sites, 2*(radius/math.Cos(math.Pi/cellSides)+nonNeighbourGap*radius))
	deriver := newCellDeriver(sites, grid, radius, w, h)
	index := make(map[string]int, n)
	for i, t := range m.Territories {
		index[t.ID] = i
	}
	// The file's sea crossings are no borders to the cells: they keep a gap, and reach no lobe out.
	water := make(map[[2]int]bool, len(m.Sea))
	for _, b := range m.Sea {
		i, j := index[b[0]], index[b[1]]
		water[[2]int{min(i, j), max(i, j)}] = true
	}
	adj := make([][]int, n)
	for _, b := range m.Borders {
		i, j := index[b[0]], index[b[1]]
		if !water[[2]int{min(i, j), max(i, j)}] {
			adj[i], adj[j] = append(adj[i], j), append(adj[j], i)
		}
	}
	cells := make([]cell, n)
	outlines := make([][]point, n)
	for i, t := range m.Territories {
		if t.Shape != "" {
			pts, msg := parsePath(t.Shape)
			if msg != "" {
				return nil, errors.New("error reading the shape of " + t.ID + ": " + msg)
			}
			g.Shapes[i] = t.Shape
			outlines[i] = pts.ends
			continue
		}
		slices.Sort(adj[i])
		cells[i] = deriver.cell(i, adj[i])
		g.Shapes[i] = cells[i].path(w, h)
		outlines[i] = cells[i].pts
	}
	tol := max(0.5, 0.002*math.Hypot(w, h))
	for bi, b := range m.Borders {
		i, j := index[b[0]], index[b[1]]
		var land bool
		switch {
		case water[[2]int{min(i, j), max(i, j)}]:
		case m.Territories[i].Shape == "" && m.Territories[j].Shape == "":
			land = cells[i].shares(j, minSharedEdge*radius) && cells[j].shares(i, minSharedEdge*radius)
		default:
			land = outlinesMeet(outlines[i], outlines[j], tol)
		}
		if !land {
			g.Sea = append(g.Sea, bi)
		}
	}
	if g.Sea == nil {
		g.Sea = []int{}
	}
	return g, nil
}

// cellRadius is the radius that bounds the derived cells of sites: cellRadiusFactor times the median of
// the distances from each site to its nearest other site that is not at the same place.
func cellRadius(sites []point, width, height int) float64 {
	w, h := float64(canvasLimit(width)), float64(canvasLimit(height))
	if width == 0 || height == 0 {
		var maxX, maxY float64
		for _, p := range sites {
			maxX, maxY = max(maxX, p.x), max(maxY, p.y)
		}
		w, h = max(maxX, 1), max(maxY, 1)
	}
	spacing := max(math.Sqrt(w*h/float64(len(sites))), 1)
	grid := newSiteGrid(sites, spacing)
	var dists []float64
	for i := range sites {
		if d := grid.nearest(i); d > 0 && !math.IsInf(d, 1) {
			dists = append(dists, d)
		}
	}
	if len(dists) == 0 {
		return spacing / 2
	}
	sort.Float64s(dists)
	return max(cellRadiusFactor*dists[len(dists)/2], 0.5)
}

// siteGrid buckets sites into square cells of a size, for finding the sites near one.
type siteGrid struct {
	sites      []point
	size       float64
	cols, rows int
	buckets    [][]int32
}

func newSiteGrid(sites []point, size float64) *siteGrid {
	var maxX, maxY float64
	for _, p := range sites {
		maxX, maxY = max(maxX, p.x), max(maxY, p.y)
	}
	// At most about 4 buckets per site, however small the size.
	limit := 2 * math.Sqrt(float64(len(sites)))
	size = max(size, maxX/limit, maxY/limit, 1e-9)
	g := &siteGrid{sites: sites, size: size, cols: int(maxX/size) + 1, rows: int(maxY/size) + 1}
	g.buckets = make([][]int32, g.cols*g.rows)
	for i, p := range sites {
		b := g.bucket(p)
		g.buckets[b] = append(g.buckets[b], int32(i))
	}
	return g
}

func (g *siteGrid) coords(p point) (int, int) {
	return min(int(p.x/g.size), g.cols-1), min(int(p.y/g.size), g.rows-1)
}

func (g *siteGrid) bucket(p point) int {
	c, r := g.coords(p)
	return r*g.cols + c
}

// within calls f for every site other than i in the buckets up to rings away from site i's ((2 rings +
// 1)² buckets).
func (g *siteGrid) within(i, rings int, f func(j int)) {
	c, r := g.coords(g.sites[i])
	for y := max(r-rings, 0); y <= min(r+rings, g.rows-1); y++ {
		for x := max(c-rings, 0); x <= min(c+rings, g.cols-1); x++ {
			for _, j := range g.buckets[y*g.cols+x] {
				if int(j) != i {
					f(int(j))
				}
			}
		}
	}
}

// nearest returns the distance from site i to the nearest other site not at the same place (+Inf when
// there is none).
func (g *siteGrid) nearest(i int) float64 {
	p := g.sites[i]
	c, r := g.coords(p)
	best := math.Inf(1)
	for ring := 0; ring <= max(g.cols, g.rows); ring++ {
		// Sites in this ring and beyond are at least (ring-1) * size away.
		if float64(ring-1)*g.size > best {
			break
		}
		for y := r - ring; y <= r+ring; y++ {
			if y < 0 || y >= g.rows {
				continue
			}
			for x := c - ring; x <= c+ring; x++ {
				if x < 0 || x >= g.cols || (y != r-ring && y != r+ring && x != c-ring && x != c+ring) {
					continue
				}
				for _, j := range g.buckets[y*g.cols+x] {
					if d := math.Hypot(g.sites[j].x-p.x, g.sites[j].y-p.y); d > 0 && d < best {
						best = d
					}
				}
			}
		}
	}
	return best
}

// cell is a convex polygon; src[k] is what made its edge from pts[k] to pts[k+1]: the index of the
// neighbouring site whose bisector it lies on, or -1 (the circle or the canvas).
type cell struct {
	pts []point
	src []int
}

// cellDeriver derives the cells of the sites of one map.
type cellDeriver struct {
	sites []point
	grid  *siteGrid
	r     float64 // the radius
	w, h  float64 // the canvas
	buf   *cell   // the storage clip hands on
	hull  []point // the storage of the bounding polygon's points
}

func newCellDeriver(sites []point, grid *siteGrid, r, w, h float64) *cellDeriver {
	return &cellDeriver{sites: sites, grid: grid, r: r, w: w, h: h,
		buf: &cell{pts: make([]point, 0, 2*cellSides), src: make([]int, 0, 2*cellSides)}}
}

// cell returns site i's cell. It starts from a bounding polygon: the circle of radius r around the site
// (a polygon whose sides are r away), with a lobe towards each bordering site (adj, sorted, lists them)
// that the circle does not reach halfway to, so that bordering territories far apart still meet; a lobe
// reaches lobeMargin past the midpoint and ends lobeHalfWidth × r wide on either side, and two sites
// further apart than twice maxLobe × r get none (a sea crossing). The polygon is the convex hull of the
// circle and the lobes' ends, cut to the canvas w × h and to the half-planes nearer to site i than to
// each site near enough to cut it. The half-plane of a site that does not border site i stops short of
// the bisector by nonNeighbourGap × r, so that territories without a border between them never share an
// edge.
func (d *cellDeriver) cell(i int, adj []int) cell {
	s, r := d.sites[i], d.r
	rc := r / math.Cos(math.Pi/cellSides)
	pts := d.hull[:0]
	for k := range cellSides {
		a := 2 * math.Pi * float64(k) / cellSides
		pts = append(pts, point{s.x + rc*math.Cos(a), s.y + rc*math.Sin(a)})
	}
	reach := rc
	for _, j := range adj {
		o := d.sites[j]
		dx, dy := o.x-s.x, o.y-s.y
		dist := math.Hypot(dx, dy)
		l := (1 + lobeMargin) * dist / 2
		if l <= r || l > maxLobe*r {
			continue
		}
		ux, uy := dx/dist, dy/dist
		hw := lobeHalfWidth * r
		pts = append(pts, point{s.x + l*ux - hw*uy, s.y + l*uy + hw*ux}, point{s.x + l*ux + hw*uy, s.y + l*uy - hw*ux})
		reach = max(reach, math.Hypot(l, hw))
	}
	if len(pts) > cellSides {
		pts = convexHull(pts)
	}
	d.hull = pts
	c := cell{pts: make([]point, len(pts), 2*len(pts)), src: make([]int, len(pts), 2*len(pts))}
	copy(c.pts, pts)
	for k := range c.src {
		c.src[k] = -1
	}
	buf := d.buf
	c = c.clip(point{-1, 0}, 0, -1, buf)
	c = c.clip(point{0, -1}, 0, -1, buf)
	c = c.clip(point{1, 0}, d.w, -1, buf)
	c = c.clip(point{0, 1}, d.h, -1, buf)
	// A site further than twice the reach (and the gap) has a bisector beyond the bounding polygon.
	far := 2 * (reach + nonNeighbourGap*r)
	d.grid.within(i, int(math.Ceil(far/d.grid.size)), func(j int) {
		o := d.sites[j]
		dx, dy := o.x-s.x, o.y-s.y
		if dx*dx+dy*dy > far*far {
			return
		}
		if dx == 0 && dy == 0 {
			// Two labels at one place: the lower index takes the left half, the other the right.
			if i < j {
				c = c.clip(point{1, 0}, s.x, j, buf)
			} else {
				c = c.clip(point{-1, 0}, -s.x, j, buf)
			}
			return
		}
		mid := point{(s.x + o.x) / 2, (s.y + o.y) / 2}
		k := dx*mid.x + dy*mid.y
		if _, border := slices.BinarySearch(adj, j); !border {
			k -= nonNeighbourGap * r * math.Hypot(dx, dy)
		}
		c = c.clip(point{dx, dy}, k, j, buf)
	})
	if c.area() < 1e-9*r*r {
		// Cut away entirely (three labels at one place): a small square around the label.
		e := min(r/4, 0.5)
		x0, y0 := max(s.x-e, 0), max(s.y-e, 0)
		x1, y1 := min(s.x+e, d.w), min(s.y+e, d.h)
		c = cell{pts: []point{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}, src: []int{-1, -1, -1, -1}}
	}
	// The cell's storage is its own: buf's is handed on to the next cell.
	own := cell{pts: slices.Clone(c.pts), src: slices.Clone(c.src)}
	return own
}

// convexHull returns the convex hull of pts, counter-clockwise in the canvas' coordinates (y down: the
// same turning as the circle's points), reusing pts' storage.
func convexHull(pts []point) []point {
	slices.SortFunc(pts, func(a, b point) int {
		if a.x != b.x {
			return cmpFloat(a.x, b.x)
		}
		return cmpFloat(a.y, b.y)
	})
	cross := func(o, a, b point) float64 { return (a.x-o.x)*(b.y-o.y) - (a.y-o.y)*(b.x-o.x) }
	hull := make([]point, 0, 2*len(pts))
	for _, p := range pts {
		for len(hull) >= 2 && cross(hull[len(hull)-2], hull[len(hull)-1], p) <= 0 {
			hull = hull[:len(hull)-1]
		}
		hull = append(hull, p)
	}
	lower := len(hull) + 1
	for k := len(pts) - 2; k >= 0; k-- {
		p := pts[k]
		for len(hull) >= lower && cross(hull[len(hull)-2], hull[len(hull)-1], p) <= 0 {
			hull = hull[:len(hull)-1]
		}
		hull = append(hull, p)
	}
	return append(pts[:0], hull[:len(hull)-1]...)
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// clip returns the part of c where n·p <= k, written into buf's storage (which is not c's), and hands c's
// storage to buf for the next clip; the new edge along the line comes from src.
func (c cell) clip(n point, k float64, src int, buf *cell) cell {
	if len(c.pts) == 0 {
		return c
	}
	out := cell{pts: buf.pts[:0], src: buf.src[:0]}
	*buf = c
	eps := 1e-9 * (math.Abs(k) + 1)
	for a := range c.pts {
		p, q := c.pts[a], c.pts[(a+1)%len(c.pts)]
		dp, dq := n.x*p.x+n.y*p.y-k, n.x*q.x+n.y*q.y-k
		in, qin := dp <= eps, dq <= eps
		switch {
		case in && qin:
			out.pts, out.src = append(out.pts, p), append(out.src, c.src[a])
		case in:
			t := dp / (dp - dq)
			out.pts, out.src = append(out.pts, p), append(out.src, c.src[a])
			out.pts, out.src = append(out.pts, point{p.x + t*(q.x-p.x), p.y + t*(q.y-p.y)}), append(out.src, src)
		case qin:
			t := dp / (dp - dq)
			out.pts, out.src = append(out.pts, point{p.x + t*(q.x-p.x), p.y + t*(q.y-p.y)}), append(out.src, c.src[a])
		}
	}
	if len(out.pts) < 3 {
		return cell{pts: out.pts[:0], src: out.src[:0]}
	}
	return out
}

// area returns the cell's area.
func (c cell) area() float64 {
	var a float64
	for k, p := range c.pts {
		q := c.pts[(k+1)%len(c.pts)]
		a += p.x*q.y - q.x*p.y
	}
	return math.Abs(a) / 2
}

// shares reports whether the cell has edges from site j at least minLen long in all.
func (c cell) shares(j int, minLen float64) bool {
	var total float64
	for k, s := range c.src {
		if s == j {
			p, q := c.pts[k], c.pts[(k+1)%len(c.pts)]
			total += math.Hypot(q.x-p.x, q.y-p.y)
		}
	}
	return total >= minLen && total > 0
}

// path writes the cell as SVG path data, coordinates rounded to a tenth and kept on the w × h canvas;
// points that rounding makes equal are written once.
func (c cell) path(w, h float64) string {
	b := make([]byte, 0, len(c.pts)*12+1)
	var first, last point
	for k, p := range c.pts {
		q := point{min(max(math.Round(p.x*10)/10, 0), w), min(max(math.Round(p.y*10)/10, 0), h)}
		if k > 0 && (q == last || q == first) {
			continue
		}
		if k == 0 {
			first = q
			b = append(b, 'M')
		} else {
			b = append(b, 'L')
		}
		b = strconv.AppendFloat(b, q.x, 'f', -1, 64)
		b = append(b, ' ')
		b = strconv.AppendFloat(b, q.y, 'f', -1, 64)
		last = q
	}
	b = append(b, 'Z')
	return string(b)
}

// outlinesMeet reports whether a vertex of a lies within tol of a vertex of b.
func outlinesMeet(a, b []point, tol float64) bool {
	type key struct{ x, y int64 }
	near := make(map[key]struct{}, len(a))
	cellOf := func(p point) key { return key{int64(math.Floor(p.x / tol)), int64(math.Floor(p.y / tol))} }
	for _, p := range a {
		near[cellOf(p)] = struct{}{}
	}
	for _, p := range b {
		k := cellOf(p)
		for dx := int64(-1); dx <= 1; dx++ {
			for dy := int64(-1); dy <= 1; dy++ {
				if _, ok := near[key{k.x + dx, k.y + dy}]; ok {
					return true
				}
			}
		}
	}
	return false
}

// WithGeometry returns a copy of the valid map m that carries its geometry in the file itself: every
// territory's shape (the file's own, or its derived cell), every sea crossing in Sea, and the canvas'
// size. Deriving the geometry of the copy gives the same shapes and sea crossings again. It is what a
// client gets from the API (GameMap), as a map file, for tools and tests that draw maps without a server.
func WithGeometry(m *Map) (*Map, error) {
	g, err := DeriveGeometry(m)
	if err != nil {
		return nil, err
	}
	c := m.Clone()
	for i := range c.Territories {
		c.Territories[i].Shape = g.Shapes[i]
	}
	c.Sea = make([]Border, len(g.Sea))
	for i, b := range g.Sea {
		c.Sea[i] = c.Borders[b]
	}
	if c.Width == 0 || c.Height == 0 {
		c.Width, c.Height = int(math.Ceil(g.Width)), int(math.Ceil(g.Height))
	}
	return c, nil
}
