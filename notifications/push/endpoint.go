package push

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"strings"
)

// This file owns the one decision of which endpoints the server posts to: CheckEndpoint, at
// registration and before every send, and internalAddress, also the dialer's check of every address it
// connects to (sender.go).

// MaxEndpointLength is the longest endpoint URL a subscription may have.
const MaxEndpointLength = 2048

// CheckEndpoint reports why the server does not post to endpoint, a subscription's URL; cfg's
// AllowPrivateEndpoints decides whether the host is checked. The URL must be absolute https with a
// host, no user information, no percent-encoding or backslash before its path, no white space and at
// most MaxEndpointLength bytes. Its host (checked unless cfg.AllowPrivateEndpoints) must be a public
// address or a name of two labels or more: not localhost or a name under it, nor under the top-level
// domains of local networks (local, localdomain, internal, home.arpa); an IPv4 address must be written
// as four decimal numbers (any other spelling, which a resolver may still read as an address, is
// refused) and an IPv6 one with no zone; either must be public (internalAddress). Its port, when
// written, is 443, the only one browsers' push services use.
func CheckEndpoint(cfg Config, endpoint string) error {
	if len(endpoint) > MaxEndpointLength {
		return fmt.Errorf("the endpoint is longer than %d bytes", MaxEndpointLength)
	}
	u, err := url.Parse(endpoint)
	if err != nil || !u.IsAbs() || u.Opaque != "" || strings.ContainsAny(endpoint, " \t\r\n\\") {
		return errors.New("the endpoint is not an absolute URL")
	}
	if u.Scheme != "https" {
		return errors.New("the endpoint is not an https URL")
	}
	if u.Hostname() == "" || u.User != nil {
		return errors.New("the endpoint has no host, or has user information")
	}
	if cfg.AllowPrivateEndpoints {
		return nil
	}
	if port := u.Port(); port != "" && port != "443" {
		return fmt.Errorf("the endpoint's port %s is not 443, the port of push services", port)
	}
	return checkHost(u.Host, u.Hostname())
}

// checkHost reports why the server does not post to host, the authority of an endpoint (hostname is
// host without port or brackets).
func checkHost(host, hostname string) error {
	if strings.HasPrefix(host, "[") {
		addr, err := netip.ParseAddr(hostname)
		switch {
		case err != nil:
			return fmt.Errorf("the endpoint's host %s is not an IPv6 address", host)
		case addr.Zone() != "":
			return fmt.Errorf("the endpoint's address %s has a zone: it is of the server's own network", hostname)
		case internalAddress(addr):
			return fmt.Errorf("the endpoint's address %s is not a public one", addr)
		}
		return nil
	}
	name := strings.ToLower(hostname)
	if strings.Trim(name, "abcdefghijklmnopqrstuvwxyz0123456789-.") != "" {
		return fmt.Errorf("the endpoint's host %q is not a name of letters, digits, hyphens and dots", hostname)
	}
	labels := strings.Split(name, ".")
	if endsInNumber(labels[len(labels)-1]) {
		// URL parsers and resolvers read such a host as an IPv4 address (inet_aton's forms: 127.1,
		// 0x7f000001, 0177.0.0.1, 2130706433): only the usual spelling is read the same way by all.
		addr, err := netip.ParseAddr(name)
		if err != nil || !addr.Is4() {
			return fmt.Errorf("the endpoint's host %s is neither a name nor an IPv4 address of four decimal numbers", hostname)
		}
		if internalAddress(addr) {
			return fmt.Errorf("the endpoint's address %s is not a public one", addr)
		}
		return nil
	}
	for _, label := range labels {
		if label == "" {
			return fmt.Errorf("the endpoint's host %q has an empty label (or a trailing dot)", hostname)
		}
	}
	for _, domain := range localDomains {
		if name == domain || strings.HasSuffix(name, "."+domain) {
			return fmt.Errorf("the endpoint's host %s is a name of a local network (%s)", hostname, domain)
		}
	}
	if len(labels) == 1 {
		return fmt.Errorf("the endpoint's host %s is a name of one label, which only a local network resolves", hostname)
	}
	return nil
}

// endsInNumber reports whether label, the last of a host, makes the host an IPv4 address to a URL
// parser (WHATWG URL's "ends in a number": decimal digits, or 0x and hex digits) and to inet_aton.
func endsInNumber(label string) bool {
	if hex, ok := strings.CutPrefix(label, "0x"); ok {
		return strings.Trim(hex, "0123456789abcdef") == ""
	}
	return label != "" && strings.Trim(label, "0123456789") == ""
}

// localDomains are the domains whose names only a local network resolves.
var localDomains = []string{"localhost", "local", "localdomain", "internal", "home.arpa"}

// The IPv6 prefixes internalAddress reads.
var (
	nat64  = netip.MustParsePrefix("64:ff9b::/96") // NAT64 (RFC 6052): an IPv4 address in the last 32 bits
	sixTo4 = netip.MustParsePrefix("2002::/16")    // 6to4 (RFC 3056): an IPv4 address in the next 32 bits
	// globalUnicast holds every IPv6 address of the internet (RFC 4291), and some that are not
	// (internalPrefixes lists them).
	globalUnicast = netip.MustParsePrefix("2000::/3")
)

// internalPrefixes are the ranges of IANA's special-purpose address registries (RFC 6890) that are not
// reachable on the internet: IPv4's, and IPv6's within globalUnicast.
var internalPrefixes = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),       // this network, 0.0.0.0 included
	netip.MustParsePrefix("10.0.0.0/8"),      // private
	netip.MustParsePrefix("100.64.0.0/10"),   // shared address space of carrier-grade NAT
	netip.MustParsePrefix("127.0.0.0/8"),     // loopback
	netip.MustParsePrefix("169.254.0.0/16"),  // link-local, cloud metadata services included
	netip.MustParsePrefix("172.16.0.0/12"),   // private
	netip.MustParsePrefix("192.0.0.0/24"),    // IETF protocol assignments
	netip.MustParsePrefix("192.0.2.0/24"),    // documentation
	netip.MustParsePrefix("192.88.99.0/24"),  // 6to4 relays (deprecated)
	netip.MustParsePrefix("192.168.0.0/16"),  // private
	netip.MustParsePrefix("198.18.0.0/15"),   // benchmarking
	netip.MustParsePrefix("198.51.100.0/24"), // documentation
	netip.MustParsePrefix("203.0.113.0/24"),  // documentation
	netip.MustParsePrefix("224.0.0.0/4"),     // multicast
	netip.MustParsePrefix("240.0.0.0/4"),     // reserved, broadcast included
	netip.MustParsePrefix("2001::/23"),       // IETF protocol assignments, Teredo included
	netip.MustParsePrefix("2001:db8::/32"),   // documentation
	netip.MustParsePrefix("3fff::/20"),       // documentation
}

// internalAddress reports whether addr is one the server never posts to (unless
// Config.AllowPrivateEndpoints): an address with a zone, an IPv6 address outside the global
// unicast range (loopback, unspecified, IPv4-compatible, unique local, link-local, site-local, multicast,
// local-use NAT64, discard), or one of internalPrefixes. An IPv6 address that carries an IPv4 address
// (mapped, NAT64, 6to4) is that address.
func internalAddress(addr netip.Addr) bool {
	if addr.Zone() != "" {
		return true
	}
	addr = addr.Unmap()
	if addr.Is6() {
		b := addr.As16()
		switch {
		case nat64.Contains(addr):
			addr = netip.AddrFrom4([4]byte(b[12:16]))
		case sixTo4.Contains(addr):
			addr = netip.AddrFrom4([4]byte(b[2:6]))
		case !globalUnicast.Contains(addr):
			return true
		}
	}
	for _, p := range internalPrefixes {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}
