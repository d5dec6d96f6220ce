package runner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/assertlens/assertlens/selection/runner/proc"
)

// launchSpec is one launcher JVM invocation.
type launchSpec struct {
	jvmArgs    []string // options before the class path (-javaagent)
	classpath  []string
	reportsDir string
	selectors  []Selector
	scanDirs   []string // used when selectors is empty: run every test found there
	sysProps   map[string]string
	timeout    time.Duration
	// timeUp, when set, replaces the timer: closing it counts as the time limit passing
	// (tests stop a run on an event instead of a wall-clock margin).
	timeUp  <-chan struct{}
	workDir string
	// subcommand goes right after the launcher's class name (see junitSetup.subcommand).
	subcommand string
}

// launchOutcome is what the launcher JVM did.
type launchOutcome struct {
	output   string
	timedOut bool
	exitCode int
}

// maxOutput bounds the captured launcher output.
const maxOutput = 256 << 10

// launcherArgs builds the java command line.
func launcherArgs(spec launchSpec) []string {
	args := append(javaOptions(), spec.jvmArgs...)
	for k, v := range spec.sysProps {
		args = append(args, "-D"+k+"="+v)
	}
	args = append(args, "-cp", strings.Join(spec.classpath, string(os.PathListSeparator)),
		"org.junit.platform.console.ConsoleLauncher")
	if spec.subcommand != "" {
		args = append(args, spec.subcommand)
	}
	args = append(args, "--disable-banner", "--details=none", "--disable-ansi-colors",
		"--reports-dir", spec.reportsDir)
	if len(spec.selectors) == 0 {
		for _, d := range spec.scanDirs {
			args = append(args, "--scan-classpath", d)
		}
		args = append(args, "--include-classname", ".*")
		return args
	}
	for _, s := range spec.selectors {
		if s.Method == "" {
			args = append(args, "--select-class", s.Class)
		} else {
			args = append(args, "--select-method", s.Class+"#"+s.Method)
		}
	}
	return args
}

// launch runs the console launcher in its own process group; the whole group is killed
// when the time limit passes or ctx is cancelled.
func launch(ctx context.Context, spec launchSpec) (launchOutcome, error) {
	var out launchOutcome
	limit, cancel := context.WithTimeout(ctx, spec.timeout)
	if spec.timeUp != nil {
		bound, cancelBound := limit, cancel
		limit, cancel = context.WithCancel(bound)
		defer cancelBound()
		go func() {
			select {
			case <-spec.timeUp:
				cancel()
			case <-limit.Done():
			}
		}()
	}
	defer cancel()
	cmd := proc.Command(limit, javaTool("java"), launcherArgs(spec)...)
	cmd.Dir = spec.workDir
	buf := &cappedBuffer{limit: maxOutput}
	cmd.Stdout = buf
	cmd.Stderr = buf
	err := cmd.Run()
	out.output = buf.String()
	if ctx.Err() != nil {
		return out, fmt.Errorf("run tests: %w", ctx.Err())
	}
	out.timedOut = limit.Err() != nil
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) && !out.timedOut {
		return out, fmt.Errorf("run launcher: %w", err)
	}
	if cmd.ProcessState != nil {
		out.exitCode = cmd.ProcessState.ExitCode()
	}
	return out, nil
}

// cappedBuffer keeps the first half of the limit and the most recent output.
type cappedBuffer struct {
	mu      sync.Mutex
	limit   int
	head    bytes.Buffer
	tail    []byte
	dropped int
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := len(p)
	if room := c.limit/2 - c.head.Len(); room > 0 {
		k := min(room, len(p))
		c.head.Write(p[:k])
		p = p[k:]
	}
	c.tail = append(c.tail, p...)
	if over := len(c.tail) - c.limit/2; over > 0 {
		c.tail = c.tail[over:]
		c.dropped += over
	}
	return n, nil
}

func (c *cappedBuffer) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.dropped == 0 {
		return c.head.String() + string(c.tail)
	}
	return fmt.Sprintf("%s\n… %d bytes dropped …\n%s", c.head.String(), c.dropped, c.tail)
}
