package maps

import (
	"fmt"
	"math"
	"strconv"
)

// MaxShapeLength is the most bytes a territory's shape (an SVG path) may have.
const MaxShapeLength = 50_000

// point is a point of the canvas.
type point struct{ x, y float64 }

// pathPoints is what parsePath reads from an SVG path: the end point of every segment (the outline's
// vertices) and every control point of a curve.
type pathPoints struct {
	ends     []point
	controls []point
}

// parsePath reads an SVG path's data with walkPath and returns its points in absolute coordinates, or a
// message saying what is wrong.
func parsePath(d string) (pathPoints, string) {
	var out pathPoints
	msg := walkPath(d, func(p point, control bool) {
		if control {
			out.controls = append(out.controls, p)
		} else {
			out.ends = append(out.ends, p)
		}
	})
	return out, msg
}

// walkPath reads an SVG path's data (the d attribute: commands M, L, H, V, C, S, Q, T, A and Z, in upper
// case for absolute and lower case for relative coordinates, numbers separated by white space or commas)
// and calls visit with each of its points in absolute coordinates, in order, the control points of a
// curve before its end point; it returns a message saying what is wrong, or "". It keeps no point, and
// reads nothing but path data: no other SVG element, attribute or markup gets through.
func walkPath(d string, visit func(p point, control bool)) string {
	s := &pathScanner{s: d}
	ends := 0
	end := func(p point) {
		ends++
		visit(p, false)
	}
	var cur, start point
	var cmd byte
	for {
		s.skip()
		if s.i >= len(s.s) {
			break
		}
		c := s.s[s.i]
		switch {
		case isPathCommand(c):
			cmd = c
			s.i++
		case c == '+' || c == '-' || c == '.' || (c >= '0' && c <= '9'):
			switch cmd {
			case 0:
				return "a shape must start with a move command (M or m)"
			case 'Z', 'z':
				return fmt.Sprintf("a number follows the close command at byte %d", s.i)
			case 'M':
				cmd = 'L' // further pairs after a move are lines
			case 'm':
				cmd = 'l'
			}
		default:
			return fmt.Sprintf("%q at byte %d is not a path command (M L H V C S Q T A Z) or a number", rune(c), s.i)
		}
		if ends == 0 && cmd != 'M' && cmd != 'm' {
			return "a shape must start with a move command (M or m)"
		}
		rel := cmd >= 'a'
		abs := func(p point) point {
			if rel {
				return point{cur.x + p.x, cur.y + p.y}
			}
			return p
		}
		var args [7]float64
		n := pathArgs(cmd)
		for k := range n {
			var ok bool
			if (cmd == 'A' || cmd == 'a') && (k == 3 || k == 4) {
				args[k], ok = s.flag()
			} else {
				args[k], ok = s.number()
			}
			if !ok {
				return fmt.Sprintf("command %c needs %d numbers; byte %d is not one", cmd, n, s.i)
			}
		}
		switch cmd {
		case 'M', 'm':
			cur = abs(point{args[0], args[1]})
			start = cur
			end(cur)
		case 'L', 'l', 'T', 't':
			cur = abs(point{args[0], args[1]})
			end(cur)
		case 'H':
			cur.x = args[0]
			end(cur)
		case 'h':
			cur.x += args[0]
			end(cur)
		case 'V':
			cur.y = args[0]
			end(cur)
		case 'v':
			cur.y += args[0]
			end(cur)
		case 'C', 'c':
			visit(abs(point{args[0], args[1]}), true)
			visit(abs(point{args[2], args[3]}), true)
			cur = abs(point{args[4], args[5]})
			end(cur)
		case 'S', 's', 'Q', 'q':
			visit(abs(point{args[0], args[1]}), true)
			cur = abs(point{args[2], args[3]})
			end(cur)
		case 'A', 'a':
			if args[0] < 0 || args[1] < 0 {
				return "an arc's radii must not be negative"
			}
			cur = abs(point{args[5], args[6]})
			end(cur)
		case 'Z', 'z':
			cur = start
		}
	}
	if ends == 0 {
		return "a shape must hold at least a move command"
	}
	return ""
}

func isPathCommand(c byte) bool {
	switch c {
	case 'M', 'm', 'L', 'l', 'H', 'h', 'V', 'v', 'C', 'c', 'S', 's', 'Q', 'q', 'T', 't', 'A', 'a', 'Z', 'z':
		return true
	}
	return false
}

// pathArgs is the number of arguments of one use of a path command.
func pathArgs(cmd byte) int {
	switch cmd {
	case 'H', 'h', 'V', 'v':
		return 1
	case 'M', 'm', 'L', 'l', 'T', 't':
		return 2
	case 'S', 's', 'Q', 'q':
		return 4
	case 'C', 'c':
		return 6
	case 'A', 'a':
		return 7
	}
	return 0
}

// pathScanner reads the numbers of an SVG path.
type pathScanner struct {
	s string
	i int
}

// skip passes white space and at most one comma.
func (p *pathScanner) skip() {
	comma := false
	for p.i < len(p.s) {
		switch c := p.s[p.i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
		case c == ',' && !comma:
			comma = true
		default:
			return
		}
		p.i++
	}
}

// number reads a number: an optional sign, digits with an optional decimal point, and an optional
// exponent.
func (p *pathScanner) number() (float64, bool) {
	p.skip()
	start := p.i
	if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
		p.i++
	}
	digits := p.digits()
	if p.i < len(p.s) && p.s[p.i] == '.' {
		p.i++
		digits += p.digits()
	}
	if digits == 0 {
		p.i = start
		return 0, false
	}
	if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
		j := p.i + 1
		if j < len(p.s) && (p.s[j] == '+' || p.s[j] == '-') {
			j++
		}
		k := j
		for k < len(p.s) && p.s[k] >= '0' && p.s[k] <= '9' {
			k++
		}
		if k > j {
			p.i = k
		}
	}
	v, err := strconv.ParseFloat(p.s[start:p.i], 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		p.i = start
		return 0, false
	}
	return v, true
}

func (p *pathScanner) digits() int {
	n := 0
	for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		p.i++
		n++
	}
	return n
}

// flag reads an arc's flag: a single 0 or 1.
func (p *pathScanner) flag() (float64, bool) {
	p.skip()
	if p.i < len(p.s) && (p.s[p.i] == '0' || p.s[p.i] == '1') {
		p.i++
		return float64(p.s[p.i-1] - '0'), true
	}
	return 0, false
}

// checkShape checks a territory's shape: at most MaxShapeLength bytes of SVG path data whose every point
// (vertices and control points) lies on the canvas of width w and height h (0: not given, then
// MaxCanvas).
func (v *validator) checkShape(path at, shape string, w, h int) {
	if shape == "" {
		return
	}
	if len(shape) > MaxShapeLength {
		v.addAt(path, CodeTooLong, "shape is %d bytes long; the limit is %d", len(shape), MaxShapeLength)
		return
	}
	w, h = canvasLimit(w), canvasLimit(h)
	var off point // the first point outside the canvas
	outside := false
	msg := walkPath(shape, func(p point, _ bool) {
		if !outside && (p.x < 0 || p.y < 0 || p.x > float64(w) || p.y > float64(h)) {
			off, outside = p, true
		}
	})
	switch {
	case msg != "":
		v.addAt(path, CodeBadShape, "shape is not SVG path data: %s", msg)
	case outside:
		v.addAt(path, CodeBadShape, "shape has the point (%v, %v) outside the canvas (0 to %d, 0 to %d)", off.x, off.y, w, h)
	}
}

// canvasLimit is the limit of a coordinate on a canvas side of size n (0: not given).
func canvasLimit(n int) int {
	if n <= 0 || n > MaxCanvas {
		return MaxCanvas
	}
	return n
}
