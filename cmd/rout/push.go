package main

import (
	"context"
	"fmt"
	"io"

	"rout/notifications/push"
)

const pushUsage = `usage: rout push keys

keys  prints a new VAPID key pair for web push as environment lines (ROUT_VAPID_PUBLIC_KEY and
      ROUT_VAPID_PRIVATE_KEY), to put in the server's environment with ROUT_VAPID_SUBJECT. Keep the
      private key secret. Changing the pair later stops every browser subscribed with the old one from
      receiving notifications until it subscribes again.
`

// runPush is rout push: the tools of web push.
func runPush(_ context.Context, args []string, _ func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, pushUsage)
		return usageError("push: no subcommand given")
	}
	switch args[0] {
	case "keys":
		if len(args) != 1 {
			fmt.Fprint(stderr, pushUsage)
			return usageError("push keys: takes no arguments")
		}
		public, private, err := push.GenerateVAPIDKeys()
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s=%s\n%s=%s\n", push.EnvVAPIDPublicKey, public, push.EnvVAPIDPrivateKey, private)
		return nil
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, pushUsage)
		return nil
	default:
		fmt.Fprint(stderr, pushUsage)
		return usageError(fmt.Sprintf("push: unknown subcommand %q", args[0]))
	}
}
