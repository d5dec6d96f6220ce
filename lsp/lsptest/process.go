package lsptest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"sync"
	"time"
)

// Process is a server started as a child process.
type Process struct {
	cmd    *exec.Cmd
	stderr *syncBuffer
	done   chan struct{}
	err    error
}

// Start runs bin with args (e.g. "serve") in dir with the extra environment env, and
// connects an editor for the workspace root to its stdio.
func Start(root, bin string, args, env []string) (*Editor, *Process, error) {
	cmd := exec.Command(bin, args...)
	cmd.Dir = root
	cmd.Env = append(cmd.Environ(), env...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, nil, fmt.Errorf("stdin: %w", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, fmt.Errorf("stdout: %w", err)
	}
	p := &Process{cmd: cmd, stderr: &syncBuffer{}, done: make(chan struct{})}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		return nil, nil, fmt.Errorf("start %s: %w", bin, err)
	}
	go func() {
		p.err = cmd.Wait()
		close(p.done)
	}()
	return Connect(root, stdout, stdin), p, nil
}

// Wait waits for the process to exit (at most timeout) and returns its exit code.
func (p *Process) Wait(ctx context.Context) (int, error) {
	select {
	case <-p.done:
	case <-ctx.Done():
		return -1, fmt.Errorf("server did not exit: %w", ctx.Err())
	}
	var ee *exec.ExitError
	if errors.As(p.err, &ee) {
		return ee.ExitCode(), nil
	}
	if p.err != nil {
		return -1, p.err
	}
	return 0, nil
}

// Exited reports whether the process has exited.
func (p *Process) Exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// Kill stops the process if it still runs and waits briefly for it.
func (p *Process) Kill() {
	if p.Exited() {
		return
	}
	_ = p.cmd.Process.Kill()
	select {
	case <-p.done:
	case <-time.After(5 * time.Second):
	}
}

// Stderr returns what the process logged so far.
func (p *Process) Stderr() string { return p.stderr.String() }

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
