package graph

// pageSize is the number of items a connection field's page holds for its first and last arguments, as
// the complexity limit counts them (an out-of-range value counts as the largest page).
func pageSize(first, last *int) int {
	for _, n := range []*int{first, last} {
		if n != nil {
			if *n < 0 || *n > MaxPageSize {
				return MaxPageSize
			}
			return *n
		}
	}
	return DefaultPageSize
}

// pageArgs checks the first and last arguments of a connection field and returns the ones to give Ent's
// Paginate: DefaultPageSize when neither is given, an error for a page larger than MaxPageSize or both
// directions at once. (Ent's Paginate returns every row when both are nil.)
func pageArgs(first, last *int) (*int, *int, error) {
	switch {
	case first != nil && last != nil:
		return nil, nil, errorf(CodeBadUserInput, "give first or last, not both")
	case first == nil && last == nil:
		n := DefaultPageSize
		return &n, nil, nil
	}
	for _, v := range []struct {
		name string
		n    *int
	}{{"first", first}, {"last", last}} {
		if v.n != nil && (*v.n < 0 || *v.n > MaxPageSize) {
			return nil, nil, errorf(CodeBadUserInput, "%s must be from 0 to %d, not %d", v.name, MaxPageSize, *v.n)
		}
	}
	return first, last, nil
}
