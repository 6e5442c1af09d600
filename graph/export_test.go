package graph

import (
	"context"
	"net/http"
)

// WaitTokenUsage waits for the writes of tokens' last use under way, for the tests of package graph_test.
func WaitTokenUsage() { usageWrites.wait() }

// TokenWithUser is tokenWithUser, for the tests of package graph_test.
var TokenWithUser = tokenWithUser

// TokenCacheTTL is tokenCacheTTL, for the tests of package graph_test.
const TokenCacheTTL = tokenCacheTTL

// HoldMapChecks takes slots of the map checks and memory bytes of their budget from the API handler h
// (NewHandler's), as checks under way would, and returns the function that gives them back.
func HoldMapChecks(h http.Handler, slots int, memory int64) (release func()) {
	c := h.(*httpHandler).r.mapChecks
	for range slots {
		c.slots <- struct{}{}
	}
	_ = c.memory.Acquire(context.Background(), memory) // a background context never ends
	return func() {
		c.memory.Release(memory)
		for range slots {
			<-c.slots
		}
	}
}

// MapCheckSlots is how many map checks the API handler h runs at once.
func MapCheckSlots(h http.Handler) int { return cap(h.(*httpHandler).r.mapChecks.slots) }

// HoldHashSlots takes every password hashing slot of the API handler h, as sign-ups under way would,
// and returns the function that gives them back.
func HoldHashSlots(h http.Handler) (release func()) {
	slots := h.(*httpHandler).r.hashSlots
	n := cap(slots)
	for range n {
		slots <- struct{}{}
	}
	return func() {
		for range n {
			<-slots
		}
	}
}

// MapCheckCharge is the memory a check of a file of size bytes in format is charged.
func MapCheckCharge(format string, size int64) int64 { return mapCheckCharge(format, size) }
