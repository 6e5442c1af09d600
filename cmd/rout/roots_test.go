package main

import (
	"crypto/x509"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// rootsChildEnv makes TestCARootsChildProcess a child process of TestCARootsWithoutSystemCertificates.
const rootsChildEnv = "ROUT_TEST_ROOTS_CHILD"

// TestCARootsChildProcess prints how many CA roots the binary trusts; it runs only as a child process of
// TestCARootsWithoutSystemCertificates.
func TestCARootsChildProcess(t *testing.T) {
	if os.Getenv(rootsChildEnv) == "" {
		t.Skip("a child process of TestCARootsWithoutSystemCertificates: runs only when that test starts it")
	}
	pool, err := x509.SystemCertPool()
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	//nolint:staticcheck // SA1019: the count is all that is asked; the pool is not a platform verifier here
	fmt.Printf("roots: %d\n", len(pool.Subjects()))
	os.Exit(0) // before the testing package writes PASS on the standard output
}

// TestCARootsWithoutSystemCertificates runs the binary's code where the system has no CA certificates (as
// in the container image, which is the binary alone): it must still trust the public CA roots, so that
// SMTP with STARTTLS and the SMS provider over HTTPS can verify their peers.
func TestCARootsWithoutSystemCertificates(t *testing.T) {
	t.Parallel()
	empty := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCARootsChildProcess$")
	cmd.Env = append(os.Environ(), rootsChildEnv+"=1", "SSL_CERT_FILE="+empty+"/none.pem", "SSL_CERT_DIR="+empty)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v: %s", err, out)
	}
	var n int
	if _, err := fmt.Sscanf(strings.TrimSpace(string(out)), "roots: %d", &n); err != nil || n < 50 {
		t.Errorf("the binary trusts %d CA roots without the system's certificates (%s), want the public roots", n, out)
	}
}
