package luck

import "math"

// ChiSquare is Pearson's chi-square test of observed counts against the counts a distribution expects.
type ChiSquare struct {
	// Statistic is Σ (observed − expected)² / expected over the cells.
	Statistic float64
	// DegreesOfFreedom is the number of cells less one.
	DegreesOfFreedom int
	// PValue is the chance of a statistic at least this large if the dice are fair: the upper tail of
	// the chi-square distribution with DegreesOfFreedom degrees of freedom. It is 1 when nothing was
	// counted.
	PValue float64
	// SmallSample tells that some cell expects fewer than 5, where the test's p-value is only a rough
	// guide.
	SmallSample bool
}

// chiSquareTest returns the test of observed counts against probabilities (each cell's chance; they add
// up to 1) for n = Σ observed draws. Cells whose chance is 0 are left out.
func chiSquareTest(observed []int, probabilities []float64) ChiSquare {
	n := 0
	for _, o := range observed {
		n += o
	}
	cells := 0
	var stat float64
	small := false
	for i, p := range probabilities {
		if p <= 0 {
			continue
		}
		cells++
		e := p * float64(n)
		if e < 5 {
			small = true
		}
		if n > 0 {
			d := float64(observed[i]) - e
			stat += d * d / e
		}
	}
	t := ChiSquare{Statistic: stat, DegreesOfFreedom: max(cells-1, 0), PValue: 1, SmallSample: small}
	if n > 0 && t.DegreesOfFreedom > 0 {
		t.PValue = ChiSquareSurvival(stat, t.DegreesOfFreedom)
	}
	return t
}

// ChiSquareSurvival returns P(X ≥ x) for X chi-square distributed with k degrees of freedom (k ≥ 1): the
// regularized upper incomplete gamma function Q(k/2, x/2). It is 1 for x ≤ 0.
func ChiSquareSurvival(x float64, k int) float64 {
	if x <= 0 {
		return 1
	}
	return gammaQ(float64(k)/2, x/2)
}

// gammaQ is the regularized upper incomplete gamma function Q(a, x) = Γ(a, x)/Γ(a), for a > 0 and x > 0:
// by its power series for x < a+1 and by its continued fraction (modified Lentz) otherwise, as in
// Numerical Recipes §6.2, to a relative precision near 1e-15.
func gammaQ(a, x float64) float64 {
	lg, _ := math.Lgamma(a)
	prefix := math.Exp(-x + a*math.Log(x) - lg) // x^a e^-x / Γ(a)
	if x < a+1 {
		// P(a, x) = x^a e^-x / Γ(a) · Σ x^n / (a(a+1)...(a+n))
		term := 1 / a
		sum := term
		for n := 1; n < 1000; n++ {
			term *= x / (a + float64(n))
			sum += term
			if math.Abs(term) < math.Abs(sum)*1e-16 {
				break
			}
		}
		return max(0, 1-prefix*sum)
	}
	const tiny = 1e-300
	b := x + 1 - a
	c := 1 / tiny
	d := 1 / b
	h := d
	for i := 1; i < 1000; i++ {
		an := -float64(i) * (float64(i) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < 1e-16 {
			break
		}
	}
	return min(1, prefix*h)
}

// normalCDF is Φ(z), the standard normal distribution function.
func normalCDF(z float64) float64 { return 0.5 * math.Erfc(-z/math.Sqrt2) }
