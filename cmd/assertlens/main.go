// Command assertlens finds the test assertions a pending Java edit can affect, runs just
// those, and serves the results to editors over LSP.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
)

// usageError marks errors that exit with status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// exitError carries a specific exit status without a message (e.g. "tests failed").
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

const usage = `usage: assertlens <command> [flags]

commands:
  index    --root DIR [--json]                 build or refresh the index
  changes  --root DIR [--base REV] [--json]    member changes of the working tree against REV
  select   --root DIR [--base REV] [--level assertion|method|class] [--json]
                                               tests affected by the changes, with why
  slices   --root DIR [FILE...] [--json]       every unit of the test files
  tests    --root DIR [--classes DIRS --classpath CP] [--json]
                                               every test the project runs (class × method),
                                               engine, kind, build filter, JUnit Platform check
  run      --root DIR [--base REV] [--classpath CP] [--level L] [--json]
                                               run the affected units
  check    --root DIR [--base REV] [--json]    verify the selection misses nothing
  coverage --root DIR [--classpath CP] [--member ID] [--json]
                                               run the suite once recording, per test
                                               statement, the members it executed
  audit    --root DIR [--sample N --seed S] [--json]
                                               compare every covered member's selection
                                               with the recorded coverage (exit 1 on a miss)
  serve                                        language server over stdio
`

func main() {
	os.Exit(profiled(func() int { return run(os.Args[1:], os.Stdout, os.Stderr) }))
}

// profiled runs fn, writing a CPU profile of it to $ASSERTLENS_CPUPROFILE when that is set
// (any command, the server included: for finding where time goes on a real project).
func profiled(fn func() int) int {
	path := os.Getenv("ASSERTLENS_CPUPROFILE")
	if path == "" {
		return fn()
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "assertlens: cpu profile: %v\n", err)
		return fn()
	}
	defer f.Close()
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintf(os.Stderr, "assertlens: cpu profile: %v\n", err)
		return fn()
	}
	defer pprof.StopCPUProfile()
	return fn()
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stderr, usage)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	cmd, rest := args[0], args[1:]
	defer flushEngines() // the caches the command's engines write after answering
	var err error
	switch cmd {
	case "index":
		err = cmdIndex(rest, stdout)
	case "changes":
		err = cmdChanges(rest, stdout)
	default:
		err = runMore(cmd, rest, stdout, stderr)
	}
	if err == nil {
		return 0
	}
	var ee exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	var help helpRequested
	if errors.As(err, &help) {
		fmt.Fprint(stderr, help.text)
		return 0
	}
	fmt.Fprintf(stderr, "assertlens %s: %v\n", cmd, err)
	var ue usageError
	if errors.As(err, &ue) {
		return 2
	}
	return 2
}
