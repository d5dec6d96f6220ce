package selection

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/slicing"
)

// Baseline kinds: what a pending edit is compared with.
const (
	BaselineHead    = "head"    // git HEAD
	BaselineSaved   = "saved"   // files on disk (only unsaved buffers are edits)
	BaselineLastRun = "lastRun" // the sources of the last run
)

// BaselineError reports a baseline revision that cannot be read (unknown revision, not
// a git repository).
type BaselineError struct {
	Revision string
	Err      error
}

func (e *BaselineError) Error() string { return fmt.Sprintf("base %s: %v", e.Revision, e.Err) }

// Unwrap returns the cause.
func (e *BaselineError) Unwrap() error { return e.Err }

// Options configure an Engine.
type Options struct {
	Baseline string // head, saved or lastRun; "" picks lastRun once a run exists, else head
	// Revision, when set, is the git revision compared with (the CLI's --base); it
	// overrides Baseline.
	Revision        string
	Classpath       []string
	ExtraAssertions []string
	Level           slicing.Level
	// RunTimeout limits the test JVM of Run; zero means 10 minutes.
	RunTimeout time.Duration
	// NoCoverage makes selection static only, ignoring any coverage record.
	NoCoverage bool
	// RecordOnRun makes Run record the coverage of the tests it runs and merge it into
	// the coverage record (see coverage.Merge). It runs whole test methods, not slices.
	RecordOnRun bool
	// Logger receives what the engine has to say (cache or history not saved); nil logs
	// to slog.Default(). The server mirrors it to the client's log.
	Logger *slog.Logger
}

// Engine is the long-lived model of one workspace used by the language server: the saved
// files, the unsaved buffers laid over them, the baseline, and the graph of the current
// state, updated one file at a time. All methods are safe for concurrent use.
type Engine struct {
	Root     string
	CacheDir string

	mu       sync.Mutex
	opts     Options
	cache    *analysis.Cache
	disk     *analysis.Snapshot // saved files
	overlays map[string][]byte
	parsers  map[string]*analysis.DocumentParser // incremental parsers of the overlays
	cur      *analysis.Snapshot                  // disk + overlays
	curGraph *analysis.Graph
	// graphRestored says that Index restored curGraph from the cache.
	graphRestored bool
	tests         *slicing.Discovery // tests of some earlier state; see testsLocked
	pending       map[string]bool    // paths edited since tests was made
	memo          Memo
	base          *analysis.Snapshot
	baseName      string
	baseGraph     *analysis.Graph
	indexed       bool
	// failed are the tests that failed in recent runs: read from the history once at
	// Index and updated by Run, never per Select.
	failed []string
	cov    coverageCache // the coverage record, reloaded when its file changes
	// writes counts the cache writes running in the background (see Flush).
	writes sync.WaitGroup
	// preview is a View of the parsed files whose tests are listed from their declarations
	// alone (each test one method unit); Index makes it beside the graph and the discovery,
	// and lenses are answered from it until the index is done (see Previewed). ready is set
	// when Index is done.
	preview     atomic.Pointer[View]
	previewed   chan struct{}
	previewOnce sync.Once
	ready       atomic.Bool
	// afterParse, when set (by tests), runs in Index once the files are parsed, before the
	// graph, the baseline and the discovery.
	afterParse func()
}

// log returns the engine's logger.
func (e *Engine) log() *slog.Logger {
	if e.opts.Logger != nil {
		return e.opts.Logger
	}
	return slog.Default()
}

// NewEngine prepares an engine for root; Index must be called before Select.
func NewEngine(root string, opts Options) (*Engine, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("resolve root: %w", err)
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("workspace root %s is not a directory", abs)
	}
	dir, err := analysis.CacheDir(abs)
	if err != nil {
		return nil, err
	}
	return &Engine{Root: abs, CacheDir: dir, opts: opts, overlays: map[string][]byte{},
		parsers: map[string]*analysis.DocumentParser{}, previewed: make(chan struct{})}, nil
}

// Index reads the whole workspace (using the on-disk cache) and the baseline.
func (e *Engine) Index(ctx context.Context, progress func(done, total int)) error {
	if progress != nil {
		progress(0, 3)
	}
	cache := analysis.OpenCache(e.CacheDir)
	if cache.Empty() {
		defer coldGC()()
	}
	disk, err := analysis.Build(ctx, e.Root, analysis.DirSource{Root: e.Root}, cache)
	if err != nil {
		return fmt.Errorf("index %s: %w", e.Root, err)
	}
	e.inBackground(func() {
		if err := cache.Save(); err != nil {
			e.log().Warn("index cache not saved", "err", err)
		}
	})
	if progress != nil {
		progress(1, 3)
	}
	go e.makePreview(disk, e.Options())
	if e.afterParse != nil {
		e.afterParse()
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.cache = cache
	e.disk = disk
	e.failed = RecentlyFailed(e.CacheDir, e.Root)
	e.cur = e.overlaid()
	// Discovery reads only the snapshot: it runs beside the graph and the baseline (on a
	// large project it is the longest of the three). Resolving the test statements is left
	// to Warm.
	discovered := make(chan discovery, 1)
	cur := e.cur
	e.inBackground(func() { e.restoreOrDiscover(cur, discovered) })
	start := time.Now()
	g, graphStored, restored := graphOf(e.CacheDir, e.cur)
	if restored {
		e.log().Debug("graph restored from the cache", "elapsed", time.Since(start).Round(time.Millisecond))
	}
	e.inBackground(func() {
		if err := graphStored(); err != nil {
			e.log().Warn("graph not stored", "err", err)
		}
	})
	e.curGraph, e.graphRestored = g, restored
	if progress != nil {
		progress(2, 3)
	}
	baseErr := e.loadBaselineLocked(ctx)
	d := <-discovered
	disk.ReleaseParsedTrees() // those discovery did not take: it restored the tests
	if baseErr != nil {
		return baseErr
	}
	e.indexed = true
	e.ready.Store(true)
	e.tests, e.pending = d.tests, nil
	if d.err != nil {
		e.log().Warn("tests not discovered", "err", d.err)
	}
	if progress != nil {
		progress(3, 3)
	}
	return nil
}

// makePreview lists the tests of the parsed files disk from their declarations alone and
// installs the View lenses are answered from while the index is still loading.
func (e *Engine) makePreview(disk *analysis.Snapshot, opts Options) {
	defer e.previewOnce.Do(func() { close(e.previewed) })
	if e.ready.Load() {
		return
	}
	classes, err := slicing.ListTests(disk, disk.Read)
	if err != nil && len(classes) == 0 {
		return
	}
	e.preview.Store(&View{root: e.Root, cacheDir: e.CacheDir, opts: opts, in: Input{Cur: disk, Tests: classes}})
}

// Previewed is closed once the engine can answer TestUnits, Declarations and MemberAt for
// the parsed files while the index is still loading (Ready says when that is over); the
// tests are then listed from their declarations alone, one method unit each.
func (e *Engine) Previewed() <-chan struct{} { return e.previewed }

// Ready reports whether Index is done.
func (e *Engine) Ready() bool { return e.ready.Load() }

// viewOrPreview is the current View, or the preview while Index is still running.
func (e *Engine) viewOrPreview() (*View, error) {
	if !e.ready.Load() {
		if p := e.preview.Load(); p != nil {
			return p, nil
		}
	}
	return e.View()
}

// inBackground runs f on its own goroutine; Flush waits for it. Index writes the caches
// this way, after handing over what they hold: a start does not wait for its own disk
// writes.
func (e *Engine) inBackground(f func()) {
	e.writes.Add(1)
	go func() {
		defer e.writes.Done()
		f()
	}()
}

// Flush waits for the cache writes Index started. A one-shot command calls it before it
// exits; a crash meanwhile loses only the writes, never the old caches (they are written
// atomically).
func (e *Engine) Flush() { e.writes.Wait() }

// Warm resolves every test statement of the current state ahead of the first selection,
// so that the first edit pays only for what it changes. Index leaves it to the caller: the
// language server runs it after reporting the index done (code lenses and hovers are
// answered meanwhile; a selection waits for it), a one-shot command never does.
func (e *Engine) Warm() {
	e.mu.Lock()
	if !e.indexed {
		e.mu.Unlock()
		return
	}
	tests, err := e.testsLocked()
	g, cur := e.curGraph, e.cur
	restored := err == nil && e.tests.Restored()
	e.mu.Unlock()
	if restored {
		// Tests restored from the cache answer lenses and selections, but an edit would
		// discover everything again: discover now, in the background, so that the first
		// edit updates incrementally.
		if tests, err = e.rediscover(cur); err != nil {
			return
		}
	}
	if err == nil {
		e.memo.Warm(g, cur, tests)
	}
}

// rediscover discovers the tests of cur without the lock and installs them if cur is
// still the current state; otherwise an edit came meanwhile and the next selection
// updates from what is installed.
func (e *Engine) rediscover(cur *analysis.Snapshot) ([]*slicing.TestClass, error) {
	d := e.discover(cur)
	if d.err != nil {
		return nil, d.err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.cur == cur && e.tests != nil && e.tests.Snapshot() == cur {
		e.tests = d.tests
	}
	return d.tests.Classes, nil
}

// rebuildCurrentLocked lays the overlays over the disk snapshot and rebuilds the graph.
func (e *Engine) rebuildCurrentLocked() {
	e.cur = e.overlaid()
	e.curGraph = analysis.BuildGraph(e.cur)
	e.tests, e.pending = nil, nil
}

// overlaid is the disk snapshot with the open buffers laid over it.
func (e *Engine) overlaid() *analysis.Snapshot {
	cur := e.disk
	for _, rel := range sortedKeys(e.overlays) {
		cur = cur.WithFile(rel, e.overlays[rel])
	}
	return cur
}

// discovery is the outcome of a full test discovery.
type discovery struct {
	tests *slicing.Discovery
	err   error
}

// restoreOrDiscover sends the tests of cur on out: the stored discovery when it was made
// from the same sources by the same program, otherwise a new discovery, which it then
// stores for the next start.
func (e *Engine) restoreOrDiscover(cur *analysis.Snapshot, out chan<- discovery) {
	opts := slicing.Options{ExtraAssertions: e.opts.ExtraAssertions}
	key, keyed := testsKey(cur, opts)
	if keyed {
		start := time.Now()
		if d, ok := restoreTests(e.CacheDir, key, cur, opts); ok {
			e.log().Debug("tests restored from the cache", "classes", len(d.Classes), "elapsed", time.Since(start).Round(time.Millisecond))
			out <- discovery{tests: d}
			return
		}
	}
	d := e.discover(cur)
	out <- d
	if keyed && d.err == nil {
		if err := storeTests(e.CacheDir, key, d.tests); err != nil {
			e.log().Warn("tests not stored", "err", err)
		}
	}
}

// discover finds every test of cur. It reads only cur and the engine's options, so it may
// run without the lock.
func (e *Engine) discover(cur *analysis.Snapshot) discovery {
	d, err := slicing.DiscoverAll(cur, cur.Read, slicing.Options{ExtraAssertions: e.opts.ExtraAssertions})
	if err != nil {
		return discovery{err: fmt.Errorf("find tests: %w", err)}
	}
	return discovery{tests: d}
}

func sortedKeys(m map[string][]byte) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// loadBaselineLocked builds the baseline snapshot and its graph.
func (e *Engine) loadBaselineLocked(ctx context.Context) error {
	if rev := e.opts.Revision; rev != "" {
		src, _, err := analysis.RevisionSource(e.Root, rev)
		if err != nil {
			return &BaselineError{Revision: rev, Err: err}
		}
		base, err := analysis.Build(ctx, e.Root, src, e.cache)
		if err != nil {
			return fmt.Errorf("index %s: %w", rev, err)
		}
		e.base, e.baseName, e.baseGraph = base, rev, graphFrom(e.curGraph, base)
		return nil
	}
	kind := e.opts.Baseline
	if kind == "" || kind == BaselineLastRun {
		if rs, err := LoadRunSources(e.CacheDir); err == nil && rs != nil {
			base, err := analysis.Build(ctx, e.Root, rs, e.cache)
			if err == nil {
				e.base, e.baseName, e.baseGraph = base, BaselineLastRun, graphFrom(e.curGraph, base)
				return nil
			}
		}
		kind = BaselineHead
	}
	switch kind {
	case BaselineSaved:
		e.base, e.baseName, e.baseGraph = e.disk, BaselineSaved, e.curGraphForDisk()
		return nil
	case BaselineHead:
		src, _, err := analysis.RevisionSource(e.Root, "HEAD")
		if err != nil {
			// Not a git repository (or no commit yet): compare with the saved files.
			e.base, e.baseName, e.baseGraph = e.disk, BaselineSaved, e.curGraphForDisk()
			return nil
		}
		base, err := analysis.Build(ctx, e.Root, src, e.cache)
		if err != nil {
			return fmt.Errorf("index HEAD: %w", err)
		}
		e.base, e.baseName, e.baseGraph = base, "HEAD", graphFrom(e.curGraph, base)
		return nil
	default:
		return fmt.Errorf("unknown baseline %q (want head, saved or lastRun)", kind)
	}
}

func (e *Engine) curGraphForDisk() *analysis.Graph {
	if e.cur == e.disk && e.curGraph != nil {
		return e.curGraph
	}
	return graphFrom(e.curGraph, e.disk)
}

// graphFrom returns the graph of s. When g, the graph of another state, differs from s in
// a few files (a baseline is usually the working tree give or take an edit), it is derived
// from g by Graph.Update, which resolves only those files and what depends on them, and
// gives the graph BuildGraph would; otherwise it is built.
func graphFrom(g *analysis.Graph, s *analysis.Snapshot) *analysis.Graph {
	if g == nil {
		return analysis.BuildGraph(s)
	}
	changed := analysis.ChangedPaths(g.Snapshot(), s)
	if len(changed) > 64+len(s.Files)/10 {
		return analysis.BuildGraph(s)
	}
	return g.Update(s, changed)
}

// SetBaseline switches what edits are compared with.
func (e *Engine) SetBaseline(kind string) error {
	switch kind {
	case BaselineHead, BaselineSaved, BaselineLastRun, "":
	default:
		return fmt.Errorf("unknown baseline %q (want head, saved or lastRun)", kind)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.opts.Baseline = kind
	if !e.indexed {
		return nil
	}
	return e.loadBaselineLocked(context.Background())
}

// SetOverlay records the unsaved content of a file (nil removes the overlay).
func (e *Engine) SetOverlay(rel string, content []byte) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if content == nil {
		if _, ok := e.overlays[rel]; !ok {
			return
		}
		delete(e.overlays, rel)
		if p := e.parsers[rel]; p != nil {
			p.Close()
			delete(e.parsers, rel)
		}
		if e.cur == nil {
			return
		}
		// Back to the saved content (Java source, build file or resource).
		_, java := e.disk.Files[rel]
		_, other := e.disk.Other[rel]
		if java || other {
			if b, err := e.disk.Read(rel); err == nil {
				e.updateFileLocked(rel, b)
				return
			}
		}
		e.updateFileLocked(rel, nil)
		return
	}
	e.overlays[rel] = content
	if e.cur != nil {
		e.updateFileLocked(rel, content)
	}
}

// updateFileLocked re-parses one file of the current state and updates the graph by delta.
func (e *Engine) updateFileLocked(rel string, content []byte) {
	if filepath.Ext(rel) != ".java" {
		// Build files and resources change Other (and a build file the layout); their
		// changes select whole modules.
		e.cur = e.cur.WithFile(rel, content)
		e.markPendingLocked(rel)
		return
	}
	if _, open := e.overlays[rel]; open && content != nil {
		// An unsaved buffer changes keystroke by keystroke: parse it incrementally.
		p := e.parsers[rel]
		if p == nil {
			p = analysis.NewDocumentParser(rel)
			e.parsers[rel] = p
		}
		e.cur = e.cur.WithParsedFile(p.Parse(content), content)
	} else {
		e.cur = e.cur.WithFile(rel, content)
	}
	e.curGraph = e.curGraph.Update(e.cur, []string{rel})
	e.markPendingLocked(rel)
}

// markPendingLocked records that a file changed since the tests were discovered.
func (e *Engine) markPendingLocked(rels ...string) {
	if e.pending == nil {
		e.pending = map[string]bool{}
	}
	for _, rel := range rels {
		e.pending[rel] = true
	}
}

// FilesChanged re-reads files that changed on disk (saved, created, deleted, checked out):
// Java sources, build files and resources alike. A changed build file may move the
// build's source folders, so it re-indexes the saved files (from the cache).
func (e *Engine) FilesChanged(rels []string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.disk == nil {
		return
	}
	headMoved, layout := false, false
	var changed []string
	for _, rel := range rels {
		if rel == ".git/HEAD" || filepath.Base(rel) == "HEAD" {
			headMoved = true
			continue
		}
		b, err := os.ReadFile(filepath.Join(e.Root, filepath.FromSlash(rel)))
		if err != nil {
			b = nil // vanished
		}
		if analysis.IsBuildFile(rel) {
			layout = true
		}
		e.disk = e.disk.WithFile(rel, b)
		changed = append(changed, rel)
	}
	if layout {
		if disk, err := analysis.Build(context.Background(), e.Root, analysis.DirSource{Root: e.Root}, e.cache); err == nil {
			e.disk = disk
			e.rebuildCurrentLocked()
		} else {
			e.log().Warn("re-index after a build file change failed", "err", err)
		}
	} else {
		// Rebuild the current state from disk plus overlays; cheap relative to a full index
		// since unchanged files are shared.
		cur := e.disk
		for _, rel := range sortedKeys(e.overlays) {
			cur = cur.WithFile(rel, e.overlays[rel])
		}
		e.cur = cur
		e.curGraph = e.curGraph.Update(cur, changed)
		e.markPendingLocked(changed...)
	}
	if headMoved || e.baseName == BaselineSaved {
		if err := e.loadBaselineLocked(context.Background()); err != nil {
			e.log().Warn("baseline not reloaded", "err", err)
		}
	}
}

// Overlays returns a copy of the unsaved buffers.
func (e *Engine) Overlays() map[string][]byte {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := make(map[string][]byte, len(e.overlays))
	for k, v := range e.overlays {
		out[k] = v
	}
	return out
}

// Tests returns the test classes of the current state.
func (e *Engine) Tests() ([]*slicing.TestClass, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.testsLocked()
}

// testsLocked returns the tests of the current state. Discovery is incremental: the
// files edited since the last discovery are analysed again, and everything else is kept
// unless an edit changed what slices rely on (see slicing.Discovery.Update).
func (e *Engine) testsLocked() ([]*slicing.TestClass, error) {
	if e.tests != nil && e.tests.Snapshot() == e.cur {
		return e.tests.Classes, nil
	}
	var d *slicing.Discovery
	var err error
	if e.tests == nil {
		r := e.discover(e.cur)
		if r.err != nil {
			return nil, r.err
		}
		d = r.tests
	} else {
		paths := make([]string, 0, len(e.pending))
		for p := range e.pending {
			paths = append(paths, p)
		}
		sort.Strings(paths)
		d, _, err = e.tests.Update(e.cur, e.cur.Read, paths)
	}
	if err != nil {
		return nil, fmt.Errorf("find tests: %w", err)
	}
	e.tests, e.pending = d, nil
	return d.Classes, nil
}

// Select computes the affected units of the current state against the baseline: the
// current View's Select.
func (e *Engine) Select(ctx context.Context) (*Result, error) {
	v, err := e.View()
	if err != nil {
		return nil, err
	}
	return v.Select(ctx)
}

// Run runs the given units (all affected units when ids is nil) in the shadow tree, records
// the outcomes in the run history and makes the state that ran the "lastRun" baseline. The
// state is taken once, under the lock: edits arriving during the minutes a run takes do not
// mix into what it records.
func (e *Engine) Run(ctx context.Context, unitIDs []string) (*RunResult, error) {
	start := time.Now()
	v, err := e.View()
	if err != nil {
		return nil, err
	}
	in, err := v.RunPlan(ctx, unitIDs)
	if err != nil {
		return nil, err
	}
	cur, curGraph, opts := v.in.Cur, v.in.CurGraph, v.opts

	analysisMs := time.Since(start).Milliseconds()
	out, res, rec, err := RunUnits(ctx, in)
	if err != nil {
		return nil, err
	}
	out.Timing.AnalysisMs = analysisMs
	if rec != nil {
		out.Coverage, err = e.mergeCoverage(rec)
		if err != nil {
			e.log().Warn("coverage of the run not recorded", "err", err)
		}
	}
	if len(out.CompileErrors) == 0 && res != nil {
		if err := RecordRun(e.CacheDir, cur, res); err != nil {
			e.log().Warn("run not recorded", "err", err)
		}
		failed := RecentlyFailed(e.CacheDir, e.Root)
		e.mu.Lock()
		e.failed = failed
		if opts.Revision == "" && (e.opts.Baseline == "" || e.opts.Baseline == BaselineLastRun) {
			// The state that ran, with its own graph (not the graph of later edits).
			e.base, e.baseName, e.baseGraph = cur, BaselineLastRun, curGraph
		}
		e.mu.Unlock()
	}
	return out, nil
}

// Options returns the engine's options.
func (e *Engine) Options() Options {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.opts
}

// Declarations is the current View's Declarations (the preview's while the index is
// loading); nil before the files are parsed.
func (e *Engine) Declarations(rel string) map[string]int {
	v, err := e.viewOrPreview()
	if err != nil {
		return nil
	}
	return v.Declarations(rel)
}

// TestUnits lists every unit of the test classes declared in one file, affected or not
// (the current View's Units; while the index is loading, the preview's: one method unit
// per test); nil before the files are parsed.
func (e *Engine) TestUnits(rel string) []slicing.Unit {
	v, err := e.viewOrPreview()
	if err != nil {
		return nil
	}
	return v.Units(rel)
}
