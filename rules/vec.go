package rules

// vec is a persistent vector: a trie of fixed depth three and width 32, so that reading or replacing one
// element costs the same on a 42-territory board as on a 10,000-territory one, and a new state shares every
// untouched node with the state it came from.
//
// Nodes created under an edit token may be changed in place while that token is in use (like Clojure's
// transients): one Apply or Evolve call creates a token, so a battle of twenty rolls copies a path once,
// not twenty times. A token is never reused after its call returns, so published states are immutable.
type vec[T any] struct {
	root *vecRoot[T]
	n    int
}

const (
	vecBits  = 5
	vecWidth = 1 << vecBits
	vecMask  = vecWidth - 1
	vecCap   = 1 << (3 * vecBits) // 32,768 elements
)

// edit is the token that lets a call change the nodes it created. It has a size so that every token has
// its own address.
type edit struct{ _ byte }

type vecRoot[T any] struct {
	edit *edit
	kids [vecWidth]*vecMid[T]
}

type vecMid[T any] struct {
	edit *edit
	kids [vecWidth]*vecLeaf[T]
}

type vecLeaf[T any] struct {
	edit  *edit
	items [vecWidth]T
}

// Len returns the number of elements.
func (v vec[T]) Len() int { return v.n }

// Get returns element i, which must be below Len. Every element below Len has its nodes (Set creates
// them), so the path needs no nil checks.
func (v vec[T]) Get(i int) T {
	return v.root.kids[(i>>(2*vecBits))&vecMask].kids[(i>>vecBits)&vecMask].items[i&vecMask]
}

// Set returns the vector with element i replaced by x; i must be below Len.
func (v vec[T]) Set(e *edit, i int, x T) vec[T] {
	*v.Mut(e, i) = x
	return v
}

// Mut makes the path to element i belong to edit token e, copying the nodes that do not, and returns a
// pointer to the element, valid while e is in use. It changes v itself, never a node of another token.
func (v *vec[T]) Mut(e *edit, i int) *T {
	if v.root == nil || v.root.edit != e {
		r := &vecRoot[T]{edit: e}
		if v.root != nil {
			r.kids = v.root.kids
		}
		v.root = r
	}
	hi, mi := (i>>(2*vecBits))&vecMask, (i>>vecBits)&vecMask
	mid := v.root.kids[hi]
	if mid == nil || mid.edit != e {
		m := &vecMid[T]{edit: e}
		if mid != nil {
			m.kids = mid.kids
		}
		mid = m
		v.root.kids[hi] = mid
	}
	leaf := mid.kids[mi]
	if leaf == nil || leaf.edit != e {
		l := &vecLeaf[T]{edit: e}
		if leaf != nil {
			l.items = leaf.items
		}
		leaf = l
		mid.kids[mi] = leaf
	}
	return &leaf.items[i&vecMask]
}

// Append returns the vector with x added at the end.
func (v vec[T]) Append(e *edit, x T) vec[T] {
	v.n++
	return v.Set(e, v.n-1, x)
}

// Pop returns the vector without its last element.
func (v vec[T]) Pop() vec[T] {
	v.n--
	return v
}

// vecOf builds a vector holding xs.
func vecOf[T any](xs []T) vec[T] {
	e := new(edit)
	v := vec[T]{n: len(xs)}
	for i, x := range xs {
		v = v.Set(e, i, x)
	}
	return v
}

// vecFilled builds a vector of n copies of x.
func vecFilled[T any](n int, x T) vec[T] {
	e := new(edit)
	v := vec[T]{n: n}
	for i := range n {
		v = v.Set(e, i, x)
	}
	return v
}

// All returns the elements in order as a new slice.
func (v vec[T]) All() []T {
	out := make([]T, v.n)
	for i := range out {
		out[i] = v.Get(i)
	}
	return out
}
