package main

import (
	"io"
	"os"
)

// runMore dispatches the subcommands beyond index and changes.
func runMore(cmd string, args []string, stdout, stderr io.Writer) error {
	switch cmd {
	case "select":
		return cmdSelect(args, stdout)
	case "slices":
		return cmdSlices(args, stdout)
	case "tests":
		return cmdTests(args, stdout)
	case "run":
		return cmdRun(args, stdout)
	case "check":
		return cmdCheck(args, stdout)
	case "coverage":
		return cmdCoverage(args, stdout)
	case "audit":
		return cmdAudit(args, stdout)
	case "serve":
		return cmdServe(args, os.Stdin, stdout, stderr)
	default:
		return usagef("unknown command %q (see assertlens --help)", cmd)
	}
}
