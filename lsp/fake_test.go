package lsp_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/lsp"
	"github.com/assertlens/assertlens/lsp/lsptest"
	"github.com/assertlens/assertlens/selection"
	"github.com/assertlens/assertlens/slicing"
)

// Paths and lines of the fixture testdata/lsp/complex.
const (
	complexJava  = "src/main/java/demo/Complex.java"
	complexTest  = "src/test/java/demo/ComplexTest.java"
	counterJava  = "src/main/java/demo/Counter.java"
	counterTest  = "src/test/java/demo/CounterTest.java"
	negateBody   = "return new Complex(-re, -im);"
	negateEdited = "return new Complex(-re, im);"
)

// fakeEngine is an in-memory Engine: Select reports testNegate's two assertions as affected
// while Complex.java's overlay or disk content differs from the original fixture.
type fakeEngine struct {
	root string

	mu        sync.Mutex
	overlays  map[string][]byte
	changed   []string
	baselines []string
	selects   int
	indexes   int
	opts      lsp.Options

	selectGate   chan struct{}                                                         // Select waits on it when set
	indexGate    chan struct{}                                                         // Index waits on it when set
	previewed    chan struct{}                                                         // Previewed; nil never answers early
	run          func(ctx context.Context, ids []string) (*selection.RunResult, error) // nil: ErrRunUnavailable
	selectHook   func()                                                                // called at the start of Select
	units        func() []slicing.Unit                                                 // TestUnits; may panic
	undiscovered []string                                                              // Result.Undiscovered of every Select
	warmGate     chan struct{}                                                         // Warm waits on it when set
	warmed       int                                                                   // Warm calls that returned
}

// Previewed implements lsp.Previewer.
func (f *fakeEngine) Previewed() <-chan struct{} {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.previewed
}

// Warm implements lsp.Warmer.
func (f *fakeEngine) Warm() {
	f.mu.Lock()
	gate := f.warmGate
	f.mu.Unlock()
	if gate != nil {
		<-gate
	}
	f.mu.Lock()
	f.warmed++
	f.mu.Unlock()
}

func (f *fakeEngine) Index(ctx context.Context, progress func(done, total int)) error {
	f.mu.Lock()
	f.indexes++
	gate := f.indexGate
	f.mu.Unlock()
	for i := 0; i <= 4; i++ {
		progress(i, 4)
	}
	if gate != nil {
		select {
		case <-gate:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

func (f *fakeEngine) SetOverlay(rel string, content []byte) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if content == nil {
		delete(f.overlays, rel)
	} else {
		f.overlays[rel] = content
	}
}

func (f *fakeEngine) FilesChanged(rels []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.changed = append(f.changed, rels...)
}

func (f *fakeEngine) SetBaseline(kind string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.baselines = append(f.baselines, kind)
	return nil
}

// content returns what the engine sees for rel: the overlay, else the disk.
func (f *fakeEngine) content(rel string) []byte {
	f.mu.Lock()
	b, ok := f.overlays[rel]
	f.mu.Unlock()
	if ok {
		return b
	}
	b, _ = os.ReadFile(filepath.Join(f.root, filepath.FromSlash(rel)))
	return b
}

func (f *fakeEngine) Select(ctx context.Context) (*selection.Result, error) {
	f.mu.Lock()
	f.selects++
	gate, hook := f.selectGate, f.selectHook
	f.mu.Unlock()
	if hook != nil {
		hook()
	}
	if gate != nil {
		select {
		case <-gate:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	res := &selection.Result{Base: "HEAD"}
	f.mu.Lock()
	res.Undiscovered = f.undiscovered
	f.mu.Unlock()
	src := f.content(complexJava)
	if len(src) > 0 && !bytes.Contains(src, []byte(negateBody)) {
		res.Changes = []analysis.Change{{ID: "demo.Complex#negate()", Kind: "method", Change: "modified",
			File: complexJava, Line: 21, Rerun: true, Level: "member", Detail: "body changed"}}
		for _, line := range []int{12, 13} {
			res.Units = append(res.Units, slicing.Unit{
				ID: "demo.ComplexTest#testNegate:" + strconv.Itoa(line), Test: "demo.ComplexTest#testNegate",
				Class: "demo.ComplexTest", File: complexTest, Level: slicing.LevelAssertion,
				Line: line, EndLine: line, Assertions: 1,
				Because: []string{"demo.Complex#negate()"},
				Via: []string{"demo.ComplexTest#testNegate", "demo.ComplexTest#testNegate line 11",
					"demo.Complex#negate()"},
			})
		}
	}
	if c := f.content(counterJava); len(c) > 0 && !bytes.Contains(c, []byte("n += k;")) {
		res.Changes = append(res.Changes, analysis.Change{ID: "demo.Counter#add(int)", Kind: "method",
			Change: "modified", File: counterJava, Line: 7, Rerun: true})
		res.Units = append(res.Units, slicing.Unit{ID: "demo.CounterTest#testAdd:13", Test: "demo.CounterTest#testAdd",
			Class: "demo.CounterTest", File: counterTest, Level: slicing.LevelAssertion, Line: 13, EndLine: 13,
			Assertions: 1, Because: []string{"demo.Counter#add(int)"}, Via: []string{"demo.CounterTest#testAdd:11", "demo.Counter#add(int)"}})
	}
	return res, nil
}

func (f *fakeEngine) Run(ctx context.Context, ids []string) (*selection.RunResult, error) {
	if f.run == nil {
		return nil, errors.New("fake engine: no run configured")
	}
	return f.run(ctx, ids)
}

// TestUnits implements lsp.TestUnitLister when units is set.
func (f *fakeEngine) TestUnits(rel string) []slicing.Unit {
	if f.units == nil {
		return nil
	}
	return f.units()
}

func (f *fakeEngine) stats() (selects, indexes int, changed, baselines []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.selects, f.indexes, append([]string(nil), f.changed...), append([]string(nil), f.baselines...)
}

// copyFixture copies testdata/lsp/<name> into a temporary folder.
func copyFixture(t testing.TB, name string) string {
	t.Helper()
	src := filepath.Join("..", "testdata", "lsp", name)
	dst := t.TempDir()
	err := filepath.Walk(src, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if info.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatalf("copy fixture: %v", err)
	}
	return dst
}

// harness is an in-process server with fake engines, connected to a fake editor.
type harness struct {
	t      testing.TB
	ed     *lsptest.Editor
	done   <-chan error
	mu     sync.Mutex
	fakes  map[string]*fakeEngine
	logs   *lockedBuffer
	setup  func(*fakeEngine)
	cancel context.CancelFunc
}

type harnessOpts struct {
	cfg       lsptest.Config
	watch     bool
	readyWait time.Duration
	setup     func(*fakeEngine) // adjusts each fake before use
	root      string
	timers    *lsp.FakeTimers              // the edit debounce's clock; nil is real time
	wrap      func(*fakeEngine) lsp.Engine // the engine the server gets for each fake; nil is the fake
}

func startHarness(t testing.TB, o harnessOpts) *harness {
	t.Helper()
	if o.root == "" {
		o.root = copyFixture(t, "complex")
	}
	if o.readyWait == 0 {
		o.readyWait = 2 * time.Second
	}
	if o.cfg.InitializationOptions == nil {
		o.cfg.InitializationOptions = map[string]any{"debounceMs": 20}
	}
	ctx, cancel := context.WithCancel(context.Background())
	h := &harness{t: t, fakes: map[string]*fakeEngine{}, logs: &lockedBuffer{}, setup: o.setup, cancel: cancel}
	factory := func(root string, opts lsp.Options) (lsp.Engine, error) {
		f := &fakeEngine{root: root, overlays: map[string][]byte{}, opts: opts}
		if h.setup != nil {
			h.setup(f)
		}
		h.mu.Lock()
		h.fakes[root] = f
		h.mu.Unlock()
		if o.wrap != nil {
			return o.wrap(f), nil
		}
		return f, nil
	}
	h.ed, h.done = lsptest.Pipe(o.root, func(in io.Reader, out io.Writer) error {
		return lsp.ServeWithTimers(ctx, in, out, h.logs, factory, o.readyWait, o.watch, o.timers)
	})
	t.Cleanup(func() {
		cancel()
		_ = h.ed.Close()
		select {
		case <-h.done:
		case <-time.After(5 * time.Second):
			t.Errorf("server did not stop")
		}
		if t.Failed() {
			t.Logf("server log:\n%s", h.logs.String())
		}
	})
	if _, err := h.ed.Initialize(h.ctx(), o.cfg); err != nil {
		t.Fatalf("initialize: %v", err)
	}
	return h
}

func (h *harness) ctx() context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	h.t.Cleanup(cancel)
	return ctx
}

func (h *harness) fake() *fakeEngine {
	h.mu.Lock()
	defer h.mu.Unlock()
	f := h.fakes[h.ed.Root()]
	if f == nil {
		h.t.Fatalf("no engine for %s", h.ed.Root())
	}
	return f
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Declarations implements lsp.DeclarationLister for the fixture, whose test files declare
// one class each with void test methods: "class Name" and "void name(" lines.
func (f *fakeEngine) Declarations(rel string) map[string]int {
	out := map[string]int{}
	class := ""
	for i, line := range strings.Split(string(f.content(rel)), "\n") {
		if k := strings.Index(line, "class "); k >= 0 {
			if fields := strings.Fields(line[k+len("class "):]); len(fields) > 0 {
				class = "demo." + fields[0]
				out[class] = i + 1
			}
		}
		if k := strings.Index(line, "void "); k >= 0 && class != "" {
			rest := line[k+len("void "):]
			if p := strings.IndexByte(rest, '('); p > 0 {
				out[class+"#"+strings.TrimSpace(rest[:p])] = i + 1
			}
		}
	}
	return out
}

// quietAfterOpen waits, on the test's own debounce clock, for the selects an open starts,
// then ends its burst and lets a select the last timer may have started finish: afterwards
// the next edit is a burst's first, selected at once.
func (h *harness) quietAfterOpen(ctx context.Context, timers *lsp.FakeTimers, f *fakeEngine) {
	h.t.Helper()
	if err := h.ed.WaitFor(ctx, "first select", func() bool { timers.Fire(); s, _, _, _ := f.stats(); return s >= 2 }); err != nil {
		h.t.Fatal(err)
	}
	if err := h.ed.WaitFor(ctx, "quiet", func() bool {
		a, _, _, _ := f.stats()
		timers.Fire()
		b, _, _, _ := f.stats()
		return a == b && timers.Fire() == 0
	}); err != nil {
		h.t.Fatal(err)
	}
}
