package runner

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// fixture copies testdata/run/<name> into a temporary workspace and returns the
// workspace root and a cache directory outside it.
func fixture(t testing.TB, name string) (root, cache string) {
	t.Helper()
	src := filepath.Join("..", "..", "testdata", "run", name)
	base := t.TempDir()
	root = filepath.Join(base, "ws")
	cache = filepath.Join(base, "cache")
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		dst := filepath.Join(root, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatalf("copy fixture %s: %v", name, err)
	}
	return root, cache
}

// treeDigest hashes every path, mode and content under dir.
func treeDigest(t *testing.T, dir string) string {
	t.Helper()
	var lines []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		info, err := d.Info()
		if err != nil {
			return err
		}
		line := rel + " " + info.Mode().String()
		if !d.IsDir() {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			s := sha256.Sum256(data)
			line += " " + hex.EncodeToString(s[:])
		}
		lines = append(lines, line)
		return nil
	})
	if err != nil {
		t.Fatalf("digest %s: %v", dir, err)
	}
	sort.Strings(lines)
	s := sha256.Sum256([]byte(strings.Join(lines, "\n")))
	return hex.EncodeToString(s[:])
}

// testContext bounds a run by the test binary's own deadline (go test -timeout), not by a
// wall-clock margin of its own: on a busy machine a compile and launch can take minutes, and
// a real hang still ends at the deadline.
func testContext(t *testing.T) (context.Context, context.CancelFunc) {
	t.Helper()
	if deadline, ok := t.Deadline(); ok {
		return context.WithDeadline(t.Context(), deadline.Add(-5*time.Second))
	}
	return context.WithCancel(t.Context())
}

// mustRun runs and fails the test on a Go error.
func mustRun(t *testing.T, req Request) *Result {
	t.Helper()
	ctx, cancel := testContext(t)
	defer cancel()
	res, err := Run(ctx, req)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return res
}

// result finds the result of class#method.
func result(t *testing.T, res *Result, class, method string) TestResult {
	t.Helper()
	for _, r := range res.Tests {
		if r.Class == class && r.Method == method {
			return r
		}
	}
	t.Fatalf("no result for %s#%s in %+v\noutput:\n%s", class, method, res.Tests, res.Output)
	return TestResult{}
}
