package runner

import (
	"bufio"
	"context"
	"fmt"
	"github.com/assertlens/assertlens/analysis/atomicfile"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// buildListener compiles the progress listener into dir (once; a stamp file with the
// source hash says it is current) and returns the folder to put on the launcher classpath.
func buildListener(ctx context.Context, dir string, junit []string) (string, error) {
	stamp := filepath.Join(dir, "stamp")
	want := hashBytes([]byte(listenerSource + strings.Join(junit, ":")))
	out := filepath.Join(dir, "classes")
	if data, err := os.ReadFile(stamp); err == nil && string(data) == want {
		return out, nil
	}
	_ = os.Remove(stamp)
	if err := os.RemoveAll(out); err != nil {
		return "", fmt.Errorf("build progress listener: %w", err)
	}
	src := filepath.Join(dir, "src", "assertlens", "listener", "ProgressListener.java")
	if err := atomicfile.Write(src, []byte(listenerSource)); err != nil {
		return "", fmt.Errorf("build progress listener: %w", err)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return "", fmt.Errorf("build progress listener: %w", err)
	}
	text, err := runJavac(ctx, dir, javacOptions(8, junit, out), []string{src})
	if err != nil {
		return "", fmt.Errorf("build progress listener: %w: %s", err, text)
	}
	svc := filepath.Join(out, "META-INF", "services", "org.junit.platform.launcher.TestExecutionListener")
	if err := atomicfile.Write(svc, []byte(listenerClass+"\n")); err != nil {
		return "", fmt.Errorf("build progress listener: %w", err)
	}
	if err := atomicfile.Write(stamp, []byte(want)); err != nil {
		return "", fmt.Errorf("build progress listener: %w", err)
	}
	return out, nil
}

// progressResults reads the listener's file after a killed run: finished tests get their
// status (invocations folded, worst wins); tests that started but did not finish, and
// planned tests that never started, are "error: timed out".
func progressResults(path string, loc *sourceLocator) []TestResult {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	type state struct {
		r                 TestResult
		started, finished int
	}
	index := map[string]*state{}
	var order []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		p := strings.Split(sc.Text(), "\t")
		if len(p) < 3 || (p[0] == "F" && len(p) < 7) {
			continue // torn by the kill
		}
		key := p[1] + "#" + p[2]
		st, ok := index[key]
		if !ok {
			rel := loc.classFile(p[1])
			file, _ := loc.userLocation(rel, 0)
			st = &state{r: TestResult{Class: p[1], Method: p[2], Status: StatusSkipped, File: file}}
			index[key] = st
			order = append(order, key)
		}
		switch p[0] {
		case "P":
			continue
		case "S":
			st.started++
			continue
		}
		st.finished++
		r := finishedResult(p, st.r.File, loc)
		if statusRank[r.Status] > statusRank[st.r.Status] {
			st.r = r
		}
	}
	out := make([]TestResult, 0, len(order))
	for _, k := range order {
		st := index[k]
		if st.started > st.finished || st.finished == 0 {
			st.r.Status, st.r.Message, st.r.Expected, st.r.Actual, st.r.Line = StatusError, "timed out", "", "", 0
		}
		out = append(out, st.r)
	}
	return out
}

// finishedResult turns a listener "F" line into a result.
func finishedResult(p []string, file string, loc *sourceLocator) TestResult {
	r := TestResult{Class: p[1], Method: p[2], File: file}
	switch p[3] {
	case "SUCCESSFUL":
		r.Status = StatusPassed
	case "ABORTED", "SKIPPED":
		r.Status, r.Message = StatusSkipped, unescapeTabs(p[6])
	default:
		r.Status, r.Message = StatusError, unescapeTabs(p[6])
		if strings.Contains(p[5], "AssertionError") || strings.Contains(p[5], "AssertionFailedError") || strings.HasSuffix(p[5], "ComparisonFailure") {
			r.Status = StatusFailed
		}
		r.Expected, r.Actual = expectedActual(r.Message, p[5])
		if n, _ := strconv.Atoi(p[4]); n > 0 {
			_, r.Line = loc.userLocation(loc.classFile(r.Class), n)
		}
	}
	return r
}

// unescapeTabs reverses the listener's escaping.
func unescapeTabs(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			switch s[i] {
			case 't':
				b.WriteByte('\t')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			default:
				b.WriteByte(s[i])
			}
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
