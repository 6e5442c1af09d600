package live

import "rout/notifications/inbox"

// Notice is one thing a user was told about a game: a row of the notices table, as package inbox (rout/notifications/inbox) reads
// it (its fields are inbox.Notice's).
type Notice inbox.Notice

// seqOf implements sequenced.
func (n *Notice) seqOf() int64 { return n.ID }

// noticeBatch is how many notices one read takes.
const noticeBatch = 200
