package lsp_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/assertlens/assertlens/lsp/lsptest"
)

// End-to-end tests: the real assertlens binary (built in TestMain, or $ASSERTLENS_BIN),
// talking LSP over stdio to the fake editor, on the fixture project in a scratch git
// repository (the default baseline is git HEAD).

var (
	serverBin  string // the binary under test
	e2eProblem string // why the binary cannot serve; the e2e tests fail with it
)

func TestMain(m *testing.M) {
	// Hermetic: no mvn/gradle (they would download the fixtures' dependencies); the server
	// processes started by the tests inherit this.
	os.Setenv("ASSERTLENS_BUILD_TOOLS", "off")
	dir, err := os.MkdirTemp("", "assertlens-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	prepareServer(dir)
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// prepareServer builds the binary and checks that it serves LSP.
func prepareServer(dir string) {
	if bin := os.Getenv("ASSERTLENS_BIN"); bin != "" {
		serverBin = bin
	} else {
		serverBin = filepath.Join(dir, "assertlens")
		cmd := exec.Command("go", "build", "-o", serverBin, "./cmd/assertlens")
		cmd.Dir = ".."
		if out, err := cmd.CombinedOutput(); err != nil {
			e2eProblem = fmt.Sprintf("go build ./cmd/assertlens: %v\n%s", err, out)
			return
		}
	}
	// `serve` with an empty input exits at once with 1 (the input ended without shutdown);
	// 2 is the CLI's usage error, when it does not know `serve`.
	cmd := exec.Command(serverBin, serveArgs...)
	cmd.Stdin = strings.NewReader("")
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		e2eProblem = fmt.Sprintf("`%s serve` with an empty input: %v (want exit status 1)\n%s", serverBin, err, out)
	}
}

// serveArgs start the server the way vscode-languageclient does (TransportKind.stdio appends
// --stdio, and clients may pass their process id), so a server that rejects them fails here.
var serveArgs = []string{"serve", "--stdio", "--clientProcessId=1"}

// e2e is one server process and its editor on a scratch copy of a fixture.
type e2e struct {
	t    testing.TB
	ed   *lsptest.Editor
	proc *lsptest.Process
	root string
}

func needServer(t testing.TB) {
	t.Helper()
	if e2eProblem != "" {
		t.Fatal(e2eProblem)
	}
}

// startE2E starts the server on root (a scratch copy of the complex fixture when empty),
// initializes it and waits for the first index.
func startE2E(t testing.TB, root string, initOpts map[string]any) *e2e {
	t.Helper()
	return startE2EWithCache(t, root, t.TempDir(), initOpts)
}

// startE2EWithCache is startE2E with the server's cache folder chosen by the caller.
func startE2EWithCache(t testing.TB, root, cache string, initOpts map[string]any) *e2e {
	t.Helper()
	needServer(t)
	if root == "" {
		root = copyFixture(t, "complex")
		gitInit(t, root)
	}
	env := []string{"ASSERTLENS_CACHE_DIR=" + cache}
	ed, proc, err := lsptest.Start(root, serverBin, serveArgs, env)
	if err != nil {
		t.Fatal(err)
	}
	x := &e2e{t: t, ed: ed, proc: proc, root: root}
	t.Cleanup(func() {
		proc.Kill()
		if t.Failed() {
			t.Logf("server stderr:\n%s", proc.Stderr())
		}
	})
	if initOpts == nil {
		initOpts = map[string]any{}
	}
	if _, ok := initOpts["debounceMs"]; !ok {
		initOpts["debounceMs"] = 30
	}
	ctx := x.ctx(60 * time.Second)
	if _, err := ed.Initialize(ctx, lsptest.Config{WorkDoneProgress: true, CodeLensRefresh: true, InitializationOptions: initOpts}); err != nil {
		t.Fatal(err)
	}
	if err := ed.WaitFor(ctx, "the first index", func() bool {
		for _, p := range ed.Progress() {
			if p.Kind == "end" {
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatal(err)
	}
	return x
}

func (x *e2e) ctx(d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	x.t.Cleanup(cancel)
	return ctx
}

// waitWatching waits until the server's file watcher is set up, so that changes made on
// disk from now on are seen.
func (x *e2e) waitWatching(ctx context.Context) {
	x.t.Helper()
	if err := x.ed.WaitFor(ctx, "the file watcher", func() bool { return strings.Contains(strings.Join(x.ed.Logs(), "\n"), "watching ") }); err != nil {
		x.t.Fatal(err)
	}
}

func (x *e2e) git(args ...string) {
	x.t.Helper()
	runGit(x.t, x.root, args...)
}

func gitInit(t testing.TB, dir string) {
	t.Helper()
	runGit(t, dir, "init", "-q", "-b", "main")
	runGit(t, dir, "add", "-A")
	runGit(t, dir, "commit", "-q", "-m", "fixture")
}

func runGit(t testing.TB, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// inLines reports whether every diagnostic starts within the 1-based lines [from, to].
func inLines(from, to int) func([]protocol.Diagnostic) bool {
	return func(ds []protocol.Diagnostic) bool {
		if len(ds) == 0 {
			return false
		}
		for _, d := range ds {
			if l := int(d.Range.Start.Line) + 1; l < from || l > to {
				return false
			}
		}
		return true
	}
}

func TestE2EEditUndoSave(t *testing.T) {
	x := startE2E(t, "", nil)
	ctx := x.ctx(60 * time.Second)
	ed := x.ed
	if err := ed.OpenFile(ctx, complexJava); err != nil {
		t.Fatal(err)
	}
	if err := ed.EditFile(ctx, complexJava, negateBody, negateEdited); err != nil {
		t.Fatal(err)
	}
	// testNegate spans lines 9-14 of ComplexTest.java; its assertions are on 12 and 13.
	ds, err := ed.WaitForDiagnostics(ctx, complexTest, inLines(9, 14))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ds {
		if d.Severity != protocol.DiagnosticSeverityInformation || d.Source != "assertlens" ||
			!strings.Contains(d.Message, "Complex#negate()") {
			t.Errorf("diagnostic %+v", d)
		}
		if len(d.RelatedInformation) == 0 || d.RelatedInformation[0].Location.URI != ed.URI(complexJava) {
			t.Errorf("related information %+v does not point to the edit", d.RelatedInformation)
		}
	}
	t.Logf("after the edit:%s", lsptest.FormatDiagnostics(ds))
	lenses, err := ed.CodeLens(ctx, complexJava)
	if err != nil {
		t.Fatal(err)
	}
	if len(lenses) == 0 || !strings.HasPrefix(lenses[0].Command.Title, "affects ") || lenses[0].Range.Start.Line != 20 {
		t.Errorf("lenses on Complex.java: %+v", lenses)
	}
	lenses, err = ed.CodeLens(ctx, complexTest)
	titles := map[uint32]string{}
	for _, l := range lenses {
		titles[l.Range.Start.Line+1] = l.Command.Title
		t.Logf("lens line %d: %s", l.Range.Start.Line+1, l.Command.Title)
	}
	// The class lens on "class ComplexTest {" (line 7), the method lens on testNegate (9).
	if err != nil || !strings.HasSuffix(titles[7], "in 1 test ▸ run") || !strings.HasSuffix(titles[9], "assertions affected ▸ run") {
		t.Errorf("lenses on ComplexTest.java: %v %v", titles, err)
	}
	if ed.LensRefreshes() == 0 {
		t.Errorf("no workspace/codeLens/refresh after the results changed")
	}

	// Undo: gone.
	if err := ed.EditFile(ctx, complexJava, negateEdited, negateBody); err != nil {
		t.Fatal(err)
	}
	if _, err := ed.WaitForDiagnostics(ctx, complexTest, hasN(0)); err != nil {
		t.Fatal(err)
	}

	// Edit and save: still affected against HEAD; revert and save: gone.
	_ = ed.EditFile(ctx, complexJava, negateBody, negateEdited)
	if err := ed.SaveFile(ctx, complexJava); err != nil {
		t.Fatal(err)
	}
	if _, err := ed.WaitForDiagnostics(ctx, complexTest, inLines(9, 14)); err != nil {
		t.Fatal(err)
	}
	_ = ed.EditFile(ctx, complexJava, negateEdited, negateBody)
	_ = ed.SaveFile(ctx, complexJava)
	if _, err := ed.WaitForDiagnostics(ctx, complexTest, hasN(0)); err != nil {
		t.Fatal(err)
	}
}

func TestE2EExternalChangeAndCheckout(t *testing.T) {
	x := startE2E(t, "", nil)
	ctx := x.ctx(60 * time.Second)
	ed := x.ed
	x.waitWatching(ctx)
	counter := filepath.Join(x.root, counterJava)
	b, _ := os.ReadFile(counter)
	if err := os.WriteFile(counter, []byte(strings.Replace(string(b), "n += k;", "n += 2 * k;", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	// CounterTest's assertion is on line 13; the test spans 8-14.
	if _, err := ed.WaitForDiagnostics(ctx, counterTest, inLines(8, 14)); err != nil {
		t.Fatal(err)
	}
	x.git("checkout", "--", counterJava)
	if _, err := ed.WaitForDiagnostics(ctx, counterTest, hasN(0)); err != nil {
		t.Fatal(err)
	}

	// A branch whose HEAD already has the edit the buffer holds: after checking it out the
	// buffer equals HEAD, so nothing is affected any more.
	const absBody, absEdited = "return Math.hypot(re, im);", "return Math.abs(re) + Math.abs(im);"
	x.git("checkout", "-q", "-b", "other")
	src, _ := os.ReadFile(filepath.Join(x.root, complexJava))
	_ = os.WriteFile(filepath.Join(x.root, complexJava), []byte(strings.Replace(string(src), absBody, absEdited, 1)), 0o644)
	x.git("commit", "-q", "-am", "abs by sum")
	x.git("checkout", "-q", "main")
	// testAbs spans lines 24-28.
	if _, err := ed.WaitForDiagnostics(ctx, complexTest, hasN(0)); err != nil {
		t.Fatal(err)
	}
	_ = ed.OpenFile(ctx, complexJava)
	_ = ed.EditFile(ctx, complexJava, absBody, absEdited)
	if _, err := ed.WaitForDiagnostics(ctx, complexTest, inLines(24, 29)); err != nil {
		t.Fatal(err)
	}
	x.git("checkout", "-q", "other")
	if _, err := ed.WaitForDiagnostics(ctx, complexTest, hasN(0)); err != nil {
		t.Fatal(err)
	}
}

func TestE2ECancellationAndMalformedInput(t *testing.T) {
	x := startE2E(t, "", nil)
	ctx := x.ctx(60 * time.Second)
	ed := x.ed
	// A run cancelled by its numeric id right away answers RequestCancelled, or "not
	// available yet" while running is not wired; either way the server keeps serving.
	ch, err := ed.RawCall(`4242`, "workspace/executeCommand", map[string]any{"command": "assertlens.runAffected"})
	if err != nil {
		t.Fatal(err)
	}
	_ = ed.Cancel(ctx, `4242`)
	select {
	case r := <-ch:
		if r.Error == nil || (r.Error.Code != -32800 && !strings.Contains(r.Error.Message, "not available yet")) {
			t.Errorf("cancelled run answered %+v", r)
		}
	case <-ctx.Done():
		t.Fatal("no answer to a cancelled request")
	}
	_ = ed.SendRaw(lsptest.Frame([]byte(`{"jsonrpc":"2.0","id":7,"method":"textDocument/codeLens","params":{`)))
	_ = ed.SendRaw(lsptest.Frame([]byte(`not json at all`)))
	if err := ed.WaitFor(ctx, "parse errors", func() bool { return len(ed.NullIDErrors()) >= 2 }); err != nil {
		t.Fatal(err)
	}
	if err := ed.Call(ctx, "textDocument/definition", map[string]any{}, nil); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("unknown method answered %v", err)
	}
	_ = ed.OpenFile(ctx, complexJava)
	_ = ed.EditFile(ctx, complexJava, negateBody, negateEdited)
	if _, err := ed.WaitForDiagnostics(ctx, complexTest, inLines(9, 14)); err != nil {
		t.Fatalf("the server stopped serving after bad input: %v", err)
	}
	if out := x.proc.Stderr(); !strings.Contains(out, "malformed JSON") {
		t.Errorf("stderr lacks the malformed-input log line:\n%s", out)
	}
}

func TestE2EShutdownExitCodes(t *testing.T) {
	for _, shutdown := range []bool{true, false} {
		t.Run(fmt.Sprintf("shutdown=%v", shutdown), func(t *testing.T) {
			x := startE2E(t, "", nil)
			ctx := x.ctx(30 * time.Second)
			if shutdown {
				if err := x.ed.Shutdown(ctx); err != nil {
					t.Fatal(err)
				}
			}
			_ = x.ed.Exit(ctx)
			code, err := x.proc.Wait(ctx)
			if err != nil {
				t.Fatal(err)
			}
			want := 1
			if shutdown {
				want = 0
			}
			if code != want {
				t.Errorf("exit code %d, want %d", code, want)
			}
		})
	}
}

// TestE2EParentPOMAboveWorkspace opens a module of a larger repository: its parent POM is
// ../pom.xml, outside the workspace. Saving a change to that parent changes the build of
// every test, so every test is affected, as for the module's own pom.xml; reverting it
// clears them. Before, the parent was neither read nor watched, and nothing was selected.
func TestE2EParentPOMAboveWorkspace(t *testing.T) {
	top := t.TempDir()
	mod := filepath.Join(top, "complex")
	if err := os.Rename(copyFixture(t, "complex"), mod); err != nil {
		t.Fatal(err)
	}
	const parent = `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>demo</groupId>
  <artifactId>demo-parent</artifactId>
  <version>1.0</version>
  <packaging>pom</packaging>
  <properties><answer>42</answer></properties>
</project>
`
	if err := os.WriteFile(filepath.Join(top, "pom.xml"), []byte(parent), 0o644); err != nil {
		t.Fatal(err)
	}
	pom, err := os.ReadFile(filepath.Join(mod, "pom.xml"))
	if err != nil {
		t.Fatal(err)
	}
	withParent := strings.Replace(string(pom), "<modelVersion>4.0.0</modelVersion>",
		"<modelVersion>4.0.0</modelVersion>\n  <parent><groupId>demo</groupId><artifactId>demo-parent</artifactId><version>1.0</version></parent>", 1)
	if err := os.WriteFile(filepath.Join(mod, "pom.xml"), []byte(withParent), 0o644); err != nil {
		t.Fatal(err)
	}
	gitInit(t, top)
	x := startE2E(t, mod, nil)
	ctx := x.ctx(60 * time.Second)
	x.waitWatching(ctx)
	if err := os.WriteFile(filepath.Join(top, "pom.xml"), []byte(strings.Replace(parent, "42", "43", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, test := range []string{counterTest, complexTest} {
		if _, err := x.ed.WaitForDiagnostics(ctx, test, func(ds []protocol.Diagnostic) bool { return len(ds) > 0 }); err != nil {
			t.Fatalf("%s after the parent POM changed: %v", test, err)
		}
	}
	if err := os.WriteFile(filepath.Join(top, "pom.xml"), []byte(parent), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := x.ed.WaitForDiagnostics(ctx, complexTest, hasN(0)); err != nil {
		t.Fatalf("after the parent POM was reverted: %v", err)
	}
}
