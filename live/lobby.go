package live

import (
	"context"
	"errors"
	"fmt"

	"rout/game"
	"rout/rules"
)

// Lobby is a game as it stands after a change of its seats (a join, a leave, a declined invitation, its
// start): the game service's snapshot of it, read once for all the subscribers of the game on this
// replica. Values are shared by those subscribers: never modify one.
type Lobby struct {
	game.Snapshot
}

// seqOf implements sequenced: a lobby is numbered by the game's version.
func (l *Lobby) seqOf() int64 { return l.Version }

// Final tells whether l is the last state a lobby subscriber is sent: the game is no longer open (it
// started, or was cancelled).
func (l *Lobby) Final() bool { return l.Status != game.StatusOpen }

// Lobby subscribes to the changes of the seats of game gameID: first the game as it stands now, then the
// game after each change announced on game.LobbyChannel (changes announced together are coalesced into the
// last). The caller checks that the viewer may see the game, and ends the stream after a Final lobby.
// Close the subscription when done.
func (h *Hub) Lobby(ctx context.Context, gameID int) (*Subscription[*Lobby], error) {
	s, err := h.subscribe(ctx, topicKey{kind: lobbyTopic, id: gameID}, rules.NoPlayer, 0)
	if err != nil {
		return nil, err
	}
	return &Subscription[*Lobby]{s: s}, nil
}

// lobbySource reads a game's snapshot when its version moved on.
type lobbySource struct {
	h      *Hub
	gameID int
}

func (l *lobbySource) start(ctx context.Context) (int64, []sequenced, error) {
	snap, err := l.h.svc.GameSnapshot(ctx, l.gameID)
	if err != nil {
		var ge *game.Error
		if errors.As(err, &ge) && ge.Code == game.CodeNotFound {
			return 0, nil, fmt.Errorf("live: no game %d", l.gameID)
		}
		return 0, nil, err
	}
	return snap.Version, []sequenced{&Lobby{snap}}, nil
}

// batch is more than one read returns (the game as it is now, or nothing), so that a topic reads once
// per wake-up.
func (l *lobbySource) batch() int { return 2 }

func (l *lobbySource) read(ctx context.Context, after int64) ([]sequenced, error) {
	snap, err := l.h.svc.GameSnapshot(ctx, l.gameID)
	if err != nil {
		return nil, err
	}
	if snap.Version <= after {
		return nil, nil
	}
	return []sequenced{&Lobby{snap}}, nil
}
