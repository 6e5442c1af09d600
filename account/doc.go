// Package account owns Rout's accounts: the users table (names, addresses, passwords, notification and
// chat preferences, the admin and moderator roles), the tokens table (sessions and API tokens), the
// push_subscriptions table (the browsers a user receives web push on) and the user_blocks table (who
// blocks whom). No other package reads or writes them (TestTablesHaveOneOwner).
//
// A Service signs users up and in, opens and revokes sessions and API tokens, authenticates bearer
// tokens (with a cache of the tokens found live, when its caller hears every replica's revocations on
// RevocationChannel and calls Forget), changes preferences, unsubscribes by link, registers push devices,
// grants the moderator role, keeps block lists, and answers the reads the other packages need: a user's
// row, names, addresses, preferences, devices, moderators and blocks. A refused input is a Refusal: a list of Problems with stable codes and the input field each is
// about; the API turns them into userErrors.
//
// Package account/username holds the rule of user names (PRECIS and the look-alike key).
package account
