package push_test

import (
	"strings"
	"testing"

	"rout/notifications/push"
)

// TestCheckEndpoint runs push.CheckEndpoint, the check of registration and of every send, over
// endpointCases: a server that guards its network accepts the public ones only; one with
// AllowPrivateEndpoints (tests) every well-formed https URL.
func TestCheckEndpoint(t *testing.T) {
	t.Parallel()
	strict, lax := push.Config{}, push.Config{AllowPrivateEndpoints: true}
	for _, tc := range endpointCases {
		if err := push.CheckEndpoint(strict, tc.endpoint); (err == nil) != (tc.rule == publicHost) {
			t.Errorf("%s: CheckEndpoint(%q) = %v", tc.why, tc.endpoint, err)
		}
		if err := push.CheckEndpoint(lax, tc.endpoint); (err == nil) != (tc.rule != badURL) {
			t.Errorf("%s: CheckEndpoint(%q) with AllowPrivateEndpoints = %v", tc.why, tc.endpoint, err)
		}
	}
}

// endpointRule is what the endpoint check decides of an endpoint.
type endpointRule int

const (
	publicHost   endpointRule = iota // accepted
	internalHost                     // refused, but by a server with AllowPrivateEndpoints (tests)
	badURL                           // refused by every server: not an https URL the server posts to
)

// endpointCases are the endpoints the check decides, each with why. Every spelling of an internal
// address that a browser's URL parser, Go's net/http or a resolver's inet_aton could read is refused.
var endpointCases = []struct {
	endpoint string
	rule     endpointRule
	why      string
}{
	// The push services of browsers, and public addresses.
	{"https://fcm.googleapis.com/fcm/send/abc:def", publicHost, "Chrome's push service"},
	{"https://updates.push.services.mozilla.com/wpush/v2/gAAAA", publicHost, "Firefox's push service"},
	{"https://web.push.apple.com/QGx", publicHost, "Safari's push service"},
	{"https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB", publicHost, "Edge's push service"},
	{"https://FCM.GoogleAPIs.com/fcm/send/x", publicHost, "a name in capitals"},
	{"https://fcm.googleapis.com:443/x", publicHost, "the https port, written"},
	{"https://push.example.net/send/abc", publicHost, "a name of three labels"},
	{"https://xn--bcher-kva.example/x", publicHost, "an internationalised name in its ASCII form"},
	{"https://8.8.8.8/x", publicHost, "a public IPv4 address"},
	{"https://172.32.0.1/x", publicHost, "just past 172.16/12"},
	{"https://100.128.0.1/x", publicHost, "just past 100.64/10"},
	{"https://192.169.0.1/x", publicHost, "just past 192.168/16"},
	{"https://[2001:4860:4860::8888]/x", publicHost, "a public IPv6 address"},
	{"https://[2606:4700::1111]:443/x", publicHost, "a public IPv6 address with the https port"},
	{"https://[64:ff9b::808:808]/x", publicHost, "NAT64 of a public IPv4 address"},
	{"https://[2002:808:808::1]/x", publicHost, "6to4 of a public IPv4 address"},

	// Loopback, written every way.
	{"https://127.0.0.1/x", internalHost, "loopback"},
	{"https://127.255.255.254/x", internalHost, "loopback, the end of 127/8"},
	{"https://0x7f000001/x", internalHost, "loopback in hex"},
	{"https://0x7f.0.0.1/x", internalHost, "loopback with a hex part"},
	{"https://0X7F.0x0.0x0.0x1/x", internalHost, "loopback in hex parts"},
	{"https://0177.0.0.1/x", internalHost, "loopback with an octal part"},
	{"https://017700000001/x", internalHost, "loopback in octal"},
	{"https://2130706433/x", internalHost, "loopback in decimal"},
	{"https://127.1/x", internalHost, "loopback, short form of two parts"},
	{"https://127.0.1/x", internalHost, "loopback, short form of three parts"},
	{"https://127.0.0.1./x", internalHost, "loopback with a trailing dot"},
	{"https://127.000.000.001/x", internalHost, "loopback with leading zeros"},
	{"https://127.0.0.1%2523/x", internalHost, "loopback with a percent-encoded suffix"},
	{"https://127。0。0。1/x", internalHost, "loopback with ideographic full stops (a browser reads dots)"},
	{"https://ｌｏｃａｌｈｏｓｔ/x", internalHost, "localhost in full-width letters (a browser reads localhost)"},
	{"https://[::1]/x", internalHost, "IPv6 loopback"},
	{"https://[0:0:0:0:0:0:0:1]/x", internalHost, "IPv6 loopback in full"},
	{"https://[::ffff:127.0.0.1]/x", internalHost, "IPv4-mapped loopback"},
	{"https://[::ffff:7f00:1]/x", internalHost, "IPv4-mapped loopback in hex"},
	{"https://[::127.0.0.1]/x", internalHost, "IPv4-compatible loopback"},
	{"https://[64:ff9b::7f00:1]/x", internalHost, "NAT64 of loopback"},
	{"https://[2002:7f00:1::1]/x", internalHost, "6to4 of loopback"},
	{"https://localhost/x", internalHost, "localhost"},
	{"https://LOCALHOST/x", internalHost, "localhost in capitals"},
	{"https://localhost./x", internalHost, "localhost with a trailing dot"},
	{"https://db.localhost/x", internalHost, "a name under localhost"},
	{"https://fcm.googleapis.com:8443/x", internalHost, "a port other than 443"},
	{"https://push.example.net:80/x", internalHost, "port 80"},

	// The server's other networks.
	{"https://0.0.0.0/x", internalHost, "unspecified"},
	{"https://0/x", internalHost, "unspecified in decimal"},
	{"https://0.1.2.3/x", internalHost, "this network (0/8)"},
	{"https://[::]/x", internalHost, "IPv6 unspecified"},
	{"https://255.255.255.255/x", internalHost, "broadcast"},
	{"https://4294967295/x", internalHost, "broadcast in decimal"},
	{"https://240.0.0.1/x", internalHost, "reserved (240/4)"},
	{"https://10.0.0.1/x", internalHost, "private 10/8"},
	{"https://10.1/x", internalHost, "private 10/8, short form"},
	{"https://0xa000001/x", internalHost, "private 10/8 in hex"},
	{"https://172.16.5.4/x", internalHost, "private 172.16/12"},
	{"https://172.31.255.255/x", internalHost, "private 172.16/12, its end"},
	{"https://192.168.0.10/x", internalHost, "private 192.168/16"},
	{"https://3232235530/x", internalHost, "private 192.168/16 in decimal"},
	{"https://100.64.1.1/x", internalHost, "shared address space of carrier-grade NAT"},
	{"https://100.127.255.255/x", internalHost, "shared address space, its end"},
	{"https://169.254.169.254/latest", internalHost, "link-local: a cloud's metadata service"},
	{"https://224.0.0.1/x", internalHost, "multicast"},
	{"https://239.255.255.250/x", internalHost, "multicast, its end"},
	{"https://192.0.0.1/x", internalHost, "IETF protocol assignments"},
	{"https://192.0.2.1/x", internalHost, "documentation (TEST-NET-1)"},
	{"https://198.18.0.1/x", internalHost, "benchmarking"},
	{"https://[::ffff:10.0.0.1]/x", internalHost, "IPv4-mapped private"},
	{"https://[fe80::1]/x", internalHost, "IPv6 link-local"},
	{"https://[fe80::1%25eth0]/x", internalHost, "IPv6 link-local with a zone"},
	{"https://[fc00::1]/x", internalHost, "unique local (fc00::/7)"},
	{"https://[fd12:3456::1]/x", internalHost, "unique local (fd00::/8)"},
	{"https://[fec0::1]/x", internalHost, "site-local (deprecated)"},
	{"https://[ff02::1]/x", internalHost, "IPv6 multicast"},
	{"https://[64:ff9b::10.0.0.1]/x", internalHost, "NAT64 of a private address"},
	{"https://[64:ff9b:1::808:808]/x", internalHost, "local-use NAT64"},
	{"https://[2002:c0a8:1::1]/x", internalHost, "6to4 of a private address"},
	{"https://[2001::1]/x", internalHost, "Teredo"},
	{"https://[2001:db8::1]/x", internalHost, "IPv6 documentation"},
	{"https://[100::1]/x", internalHost, "IPv6 discard-only"},
	{"https://intranet/x", internalHost, "a name of one label (a search domain completes it)"},
	{"https://printer.local/x", internalHost, "multicast DNS"},
	{"https://metadata.google.internal/x", internalHost, "a private-use top-level domain"},
	{"https://router.home.arpa/x", internalHost, "a home network"},
	{"https://nas.localdomain/x", internalHost, "localdomain"},

	// Not an https URL the server posts to.
	{"", badURL, "empty"},
	{"http://fcm.googleapis.com/x", badURL, "http"},
	{"wss://fcm.googleapis.com/x", badURL, "a websocket URL"},
	{"ftp://push.example.net/x", badURL, "ftp"},
	{"https://", badURL, "no host"},
	{"https:///send", badURL, "an empty host"},
	{"/send/abc", badURL, "relative"},
	{"push.example.net/x", badURL, "no scheme"},
	{"https:fcm.googleapis.com/x", badURL, "no authority"},
	{`https:\\fcm.googleapis.com/x`, badURL, "backslashes"},
	{`https://fcm.googleapis.com\@127.0.0.1/x`, badURL, "a backslash before user information"},
	{"https://me:pw@push.example.net/x", badURL, "user information"},
	{"https://fcm.googleapis.com@127.0.0.1/x", badURL, "a public name as user information"},
	{"https://push.example.net/a b", badURL, "a space"},
	{"https://push.example.net/a\nb", badURL, "a line break"},
	{"https://%31%32%37.0.0.1/x", badURL, "a percent-encoded host"},
	{"https://%2e/x", badURL, "a percent-encoded dot"},
	{"https://push.example.net/" + strings.Repeat("a", 2048), badURL, "longer than 2048 bytes"},
}
