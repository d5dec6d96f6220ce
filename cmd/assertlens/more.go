package main

import "io"

// runMore dispatches the subcommands beyond index and changes.
func runMore(cmd string, args []string, stdout, stderr io.Writer) error {
	switch cmd {
	default:
		return usagef("unknown command %q (see assertlens --help)", cmd)
	}
}
