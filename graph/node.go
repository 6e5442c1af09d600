package graph

import (
	"context"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"

	"rout/ent"
)

// The type names inside global ids; they are the GraphQL type names.
const (
	typeUser     = "User"
	typeAPIToken = "ApiToken"
)

// GlobalID returns the opaque global id of the object of GraphQL type typ with Ent id id: the unpadded
// base64url encoding of "Type:id". Clients must not parse it; Rout may change the encoding.
func GlobalID(typ string, id int) string {
	return base64.RawURLEncoding.EncodeToString([]byte(typ + ":" + strconv.Itoa(id)))
}

// ParseGlobalID reads a global id that GlobalID wrote. A malformed id is a BAD_USER_INPUT error.
func ParseGlobalID(gid string) (typ string, id int, err error) {
	raw, err := base64.RawURLEncoding.DecodeString(gid)
	if err != nil {
		return "", 0, errorf(CodeBadUserInput, "%q is not a global id", gid)
	}
	typ, num, ok := strings.Cut(string(raw), ":")
	id, err = strconv.Atoi(num)
	if !ok || typ == "" || err != nil || id <= 0 {
		return "", 0, errorf(CodeBadUserInput, "%q is not a global id", gid)
	}
	return typ, id, nil
}

// parseIDOf reads a global id that must be of GraphQL type typ; another type is a NOT_FOUND error.
func parseIDOf(gid, typ string) (int, error) {
	t, id, err := ParseGlobalID(gid)
	if err != nil {
		return 0, err
	}
	if t != typ {
		return 0, errorf(CodeNotFound, "no %s with id %q", typ, gid)
	}
	return id, nil
}

// node returns the object with global id gid, if the caller may see it: the type resolver behind the
// node and nodes fields. Each type that implements Node gets a case here. An object the caller may not
// see is NOT_FOUND, like one that does not exist, so ids reveal nothing.
func (r *Resolver) node(ctx context.Context, gid string) (Noder, error) {
	typ, id, err := ParseGlobalID(gid)
	if err != nil {
		return nil, err
	}
	notFound := errorf(CodeNotFound, "no object with id %q", gid)
	switch typ {
	case typeUser:
		u, err := r.accounts.User(ctx, id)
		if err != nil {
			return nil, err
		}
		if u == nil {
			return nil, notFound
		}
		return u, nil
	case typeAPIToken:
		me, ok := ViewerID(ctx)
		if !ok {
			return nil, notFound
		}
		t, err := r.accounts.APIToken(ctx, me, id)
		if err != nil {
			return nil, err
		}
		if t == nil {
			return nil, notFound
		}
		return t, nil
	case typePushSubscription:
		me, ok := ViewerID(ctx)
		if !ok {
			return nil, notFound
		}
		sub, err := r.accounts.PushSubscription(ctx, me, id)
		if err != nil {
			return nil, err
		}
		if sub == nil {
			return nil, notFound
		}
		return sub, nil
	case typeGame:
		// Hands are never part of a Game: Seat.cards shows only the viewer's own.
		g, err := r.gameByID(ctx, id, gid)
		if err != nil {
			return nil, err
		}
		return g, nil
	case typeChatMessage:
		return r.chatNode(ctx, id, notFound)
	case typeTournament:
		return r.tournamentByID(ctx, gid)
	case typeGameMap:
		m, err := r.ent.GameMap.Get(ctx, id)
		if ent.IsNotFound(err) || err == nil && !mayReadMap(ctx, m) {
			return nil, notFound
		}
		if err != nil {
			return nil, fmt.Errorf("error loading map %d: %w", id, err)
		}
		return m, nil
	default:
		return nil, notFound
	}
}
