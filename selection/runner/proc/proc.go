// Package proc starts external tools (javac, java, mvn, gradle) so that cancelling their
// context kills them and everything they started.
package proc

import (
	"context"
	"os/exec"
	"syscall"
	"time"
)

// WaitDelay is how long Wait waits for the output pipes after the process group is killed.
const WaitDelay = 5 * time.Second

// Command is exec.CommandContext for a tool that runs in its own process group: when ctx
// is done the whole group is killed (a JVM's children too), and Wait gives up on its
// output after WaitDelay.
func Command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		if cmd.Process == nil {
			return nil
		}
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		return cmd.Process.Kill()
	}
	cmd.WaitDelay = WaitDelay
	return cmd
}
