package account

import "rout/ent"

// TokenWithUser is tokenWithUser, for the tests of package account_test.
var TokenWithUser = tokenWithUser

// Ent is the service's Ent client, for the tests of package account_test.
func (s *Service) Ent() *ent.Client { return s.ent }
