package graph

import (
	"context"
	"net/http"
)

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

// MapCheckCharge is the memory a check of a file of size bytes in format is charged.
func MapCheckCharge(format string, size int64) int64 { return mapCheckCharge(format, size) }
