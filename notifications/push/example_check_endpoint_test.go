package push_test

import (
	"fmt"

	"rout/notifications/push"
)

// A server that guards its network (the default) posts to browsers' push services and refuses the
// endpoints that would make it post inside its own network, however they are written.
func ExampleCheckEndpoint() {
	for _, endpoint := range []string{
		"https://fcm.googleapis.com/fcm/send/abc:def",
		"https://0x7f000001/x",
		"https://[::ffff:7f00:1]/x",
		"https://push.example.net:8443/x",
	} {
		fmt.Println(push.CheckEndpoint(push.Config{}, endpoint))
	}
	// Output:
	// <nil>
	// the endpoint's host 0x7f000001 is neither a name nor an IPv4 address of four decimal numbers
	// the endpoint's address ::ffff:127.0.0.1 is not a public one
	// the endpoint's port 8443 is not 443, the port of push services
}
