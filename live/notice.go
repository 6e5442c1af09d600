package live

import "rout/notice"

// Notice is one thing a user was told about a game: a row of the notices table, as package notice reads
// it (its fields are notice.Notice's).
type Notice notice.Notice

// seqOf implements sequenced.
func (n *Notice) seqOf() int64 { return n.ID }

// noticeBatch is how many notices one read takes.
const noticeBatch = 200
