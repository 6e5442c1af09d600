package graph

// WaitTokenUsage waits for the writes of tokens' last use under way, for the tests of package graph_test.
func WaitTokenUsage() { usageWrites.wait() }

// TokenWithUser is tokenWithUser, for the tests of package graph_test.
var TokenWithUser = tokenWithUser

// TokenCacheTTL is tokenCacheTTL, for the tests of package graph_test.
const TokenCacheTTL = tokenCacheTTL
