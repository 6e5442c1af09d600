package graph

import "context"

// userNames names the users of API objects in one read of the accounts: each object's user and where its
// name goes are added, then fill writes every name.
type userNames struct {
	ids  []int
	into []*string
	// named are the fields given a name only when the accounts name their user (nil otherwise).
	named []namedField
}

// namedField is a nullable name field and the user it names.
type namedField struct {
	id   int
	into **string
}

// add asks for the name of user id, to be written into *into (empty for a user the accounts do not name).
func (n *userNames) add(id int, into *string) {
	n.ids, n.into = append(n.ids, id), append(n.into, into)
}

// addNamed asks for the name of user id, to be written into *into as a new string when the accounts name
// id; *into is left nil otherwise.
func (n *userNames) addNamed(id int, into **string) {
	n.named = append(n.named, namedField{id, into})
}

// fill reads the names asked for, at once, and writes them.
func (n *userNames) fill(ctx context.Context, r *Resolver) error {
	ids := n.ids
	for _, f := range n.named {
		ids = append(ids, f.id)
	}
	if len(ids) == 0 {
		return nil
	}
	names, err := r.accounts.Names(ctx, nil, ids)
	if err != nil {
		return err
	}
	for i, id := range n.ids {
		*n.into[i] = names[id]
	}
	for _, f := range n.named {
		if name, ok := names[f.id]; ok {
			*f.into = &name
		}
	}
	return nil
}
