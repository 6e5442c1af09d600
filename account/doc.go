// Package account owns Rout's accounts: the users table (names, addresses, passwords, notification
// preferences), the tokens table (sessions and API tokens) and the push_subscriptions table (the browsers
// a user receives web push on). No other package reads or writes them (TestAccountTablesHaveOneOwner).
//
// A Service signs users up and in, opens and revokes sessions and API tokens, authenticates bearer
// tokens (with a cache of the tokens found live, when its caller hears every replica's revocations on
// RevocationChannel and calls Forget), changes preferences, unsubscribes by link, registers push devices,
// and answers the reads the other packages need: a user's row, names, addresses, preferences and
// devices. A refused input is a Refusal: a list of Problems with stable codes and the input field each is
// about; the API turns them into userErrors.
//
// Package account/username holds the rule of user names (PRECIS and the look-alike key).
package account
