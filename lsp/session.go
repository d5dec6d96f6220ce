package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/protocol"

	"github.com/assertlens/assertlens/selection"
)

// session serves one workspace folder with its own engine. One worker goroutine makes every
// state-changing engine call and every Select, so edits, file changes and baseline switches
// reach the engine in order and a result always matches the state it was computed from.
type session struct {
	srv    *server
	root   string // absolute, clean
	ctx    context.Context
	cancel context.CancelFunc // ends the worker (folder removed, server exiting)

	ready     chan struct{} // closed when the first index finished (well or not), see markReady
	readyOnce sync.Once
	kick      chan struct{} // wakes the worker; capacity 1
	timer     debounceTimer // edit debounce: ends a burst of edits
	watcher   *watcher

	mu          sync.Mutex
	eng         Engine
	newEngine   bool            // replace the engine (settings changed) on the next sync
	files       map[string]bool // changed on disk since the last sync
	baseline    string          // baseline to set on the next sync
	setBaseline bool
	reindex     bool
	stateGen    uint64          // bumped by every edit or file change
	burst       bool            // an edit came within the debounce delay; its first was selected at once
	coalesced   bool            // later edits of the burst wait for the delay to pass
	applied     []chan struct{} // closed by the next sync once it handed the engine every edit before it (see settle)

	resMu     sync.RWMutex
	result    *selection.Result
	resultGen uint64
	runs      map[string]selection.RunUnit // unit id → outcome of its last run
	runGen    uint64                       // stateGen when the last run finished
	published map[protocol.DocumentURI][]protocol.Diagnostic
	disk      diskTexts // test files read for diagnostic ranges

	undiscoveredShown string // the undiscovered classes last told to the user (see noteUndiscovered)
}

// removeSession stops serving a folder: its worker and watcher end, its diagnostics are
// cleared, and its open documents are served by whichever folder still holds them.
func (s *server) removeSession(root string) {
	s.mu.Lock()
	var ss *session
	for i, x := range s.sessions {
		if x.root == root {
			ss = x
			s.sessions = append(s.sessions[:i:i], s.sessions[i+1:]...)
			break
		}
	}
	s.mu.Unlock()
	if ss == nil {
		s.log.logf("workspace folder %s removed, but it was not served", root)
		return
	}
	ss.cancel()
	ss.resMu.Lock()
	var uris []protocol.DocumentURI
	for u := range ss.published {
		uris = append(uris, u)
	}
	ss.published = map[protocol.DocumentURI][]protocol.Diagnostic{}
	ss.resMu.Unlock()
	for _, u := range uris {
		_ = s.conn.Notify(s.ctx, protocol.MethodTextDocumentPublishDiagnostics,
			&protocol.PublishDiagnosticsParams{URI: u, Diagnostics: []protocol.Diagnostic{}})
	}
	var moved []*session
	s.docs.mu.Lock()
	for _, doc := range s.docs.byURI {
		if doc.ss != ss {
			continue
		}
		doc.ss, doc.pushed = nil, false
		if path, err := uriToPath(doc.uri); err == nil {
			doc.ss, doc.rel = s.locate(path)
		}
		if doc.ss != nil {
			moved = append(moved, doc.ss)
		}
	}
	delete(s.docs.removed, ss)
	s.docs.mu.Unlock()
	for _, m := range moved {
		m.edited()
	}
	s.log.logf("stopped serving %s", root)
}

// didChangeWorkspaceFolders adds and removes served folders.
func (s *server) didChangeWorkspaceFolders(raw json.RawMessage) error {
	var p struct {
		Event struct {
			Added   []struct{ URI protocol.DocumentURI } `json:"added"`
			Removed []struct{ URI protocol.DocumentURI } `json:"removed"`
		} `json:"event"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return fmt.Errorf("decode params: %w", err)
	}
	for _, f := range p.Event.Removed {
		if path, err := uriToPath(f.URI); err != nil {
			s.log.logf("removed folder %s: %v", f.URI, err)
		} else {
			s.removeSession(path)
		}
	}
	for _, f := range p.Event.Added {
		path, err := uriToPath(f.URI)
		if err != nil {
			s.log.logf("added folder %s: %v", f.URI, err)
			continue
		}
		if ss := s.addSession(path); ss != nil {
			ss.startWatching()
			s.docs.mu.Lock()
			for _, doc := range s.docs.byURI {
				if p, err := uriToPath(doc.uri); err == nil {
					if owner, rel := s.locate(p); owner == ss {
						doc.ss, doc.rel, doc.pushed = ss, rel, false
					}
				}
			}
			s.docs.mu.Unlock()
			ss.edited()
		}
	}
	return nil
}

// addSession creates the engine of a folder and starts its worker. A folder whose engine
// cannot be created is reported and skipped (nil).
func (s *server) addSession(root string) *session {
	st := s.currentSettings()
	o := st.options()
	o.Logger = slog.New(s.log.handler())
	eng, err := s.factory(root, o)
	if err != nil {
		s.log.errorf("cannot serve %s: %v", root, err)
		s.showMessage(protocol.MessageTypeError, "assertlens cannot serve %s: %v", filepath.Base(root), err)
		return nil
	}
	ss := &session{
		srv: s, root: root, eng: eng,
		ready: make(chan struct{}), kick: make(chan struct{}, 1),
		files: map[string]bool{}, runs: map[string]selection.RunUnit{},
		published: map[protocol.DocumentURI][]protocol.Diagnostic{},
	}
	ss.ctx, ss.cancel = context.WithCancel(s.ctx)
	s.mu.Lock()
	s.sessions = append(s.sessions, ss)
	s.mu.Unlock()
	s.log.logf("serving %s", root)
	s.goSafe("worker "+root, ss.loop)
	return ss
}

// edited schedules a selection for an edit. The first edit after a quiet spell is
// selected at once (its diagnostics then wait only for the analysis); edits that follow
// within the debounce delay of the previous one are coalesced into one selection when the
// delay has passed since the last of them, so a burst of keystrokes costs two selections,
// not one per keystroke.
func (ss *session) edited() {
	d := ss.srv.currentSettings().Debounce
	ss.mu.Lock()
	ss.stateGen++
	leading := !ss.burst
	if leading {
		ss.burst = true
	} else {
		ss.coalesced = true
	}
	if ss.timer == nil {
		ss.timer = ss.srv.cfg.after(d, ss.burstEnded)
	} else {
		ss.timer.Stop()
		ss.timer.Reset(d)
	}
	ss.mu.Unlock()
	if leading {
		ss.wake()
	}
}

// burstEnded runs when the debounce delay has passed since the last edit: the edits that
// came after the burst's first one are selected now.
func (ss *session) burstEnded() {
	ss.mu.Lock()
	pending := ss.coalesced
	ss.burst, ss.coalesced = false, false
	ss.mu.Unlock()
	if pending {
		ss.wake()
	}
}

// filesChanged records files changed on disk; debounced selects after the edit delay,
// otherwise at once (the watcher debounces its own bursts).
func (ss *session) filesChanged(rels []string, debounced bool) {
	if len(rels) == 0 {
		return
	}
	ss.mu.Lock()
	for _, r := range rels {
		ss.files[r] = true
	}
	ss.mu.Unlock()
	if debounced {
		ss.edited()
		return
	}
	ss.mu.Lock()
	ss.stateGen++
	ss.mu.Unlock()
	ss.wake()
}

// refreshBaseline asks the worker to (re)set the baseline: after a configuration change, or
// when git's HEAD moved.
func (ss *session) refreshBaseline(kind string) {
	ss.mu.Lock()
	ss.baseline, ss.setBaseline = kind, true
	ss.stateGen++
	ss.mu.Unlock()
	ss.wake()
}

// requestNewEngine asks the worker to replace the engine with one made from the current
// settings, and to index it.
func (ss *session) requestNewEngine() {
	ss.mu.Lock()
	ss.newEngine = true
	ss.stateGen++
	ss.mu.Unlock()
	ss.wake()
}

// engine returns the session's engine.
func (ss *session) engine() Engine {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.eng
}

// requestReindex asks the worker for a full index.
func (ss *session) requestReindex() {
	ss.mu.Lock()
	ss.reindex = true
	ss.stateGen++
	ss.mu.Unlock()
	ss.wake()
}

func (ss *session) wake() {
	select {
	case ss.kick <- struct{}{}:
	default:
	}
}

// settle wakes the worker and waits until it has handed the engine every edit and file
// change made before the call, the debounce notwithstanding: a coverage run after a save
// must record the saved sources, not the state before the burst of edits that led to it.
// It returns early when ctx ends.
func (ss *session) settle(ctx context.Context) {
	done := make(chan struct{})
	ss.mu.Lock()
	ss.applied = append(ss.applied, done)
	ss.mu.Unlock()
	ss.wake()
	select {
	case <-done:
	case <-ctx.Done():
	}
}

// waitReady waits for the first index, at most the configured time. It reports whether the
// index is done; callers then answer with what is known.
func (ss *session) waitReady(ctx context.Context) bool {
	t := time.NewTimer(ss.srv.cfg.readyWait)
	defer t.Stop()
	select {
	case <-ss.ready:
		return true
	case <-t.C:
	case <-ctx.Done():
	}
	return false
}

// waitAnswerable waits, like waitReady, for the first index, but returns as soon as the
// engine can answer from the parsed files (see Previewer). It reports whether the index is
// done.
func (ss *session) waitAnswerable(ctx context.Context) bool {
	pv, ok := ss.engine().(Previewer)
	if !ok {
		return ss.waitReady(ctx)
	}
	t := time.NewTimer(ss.srv.cfg.readyWait)
	defer t.Stop()
	select {
	case <-ss.ready:
		return true
	case <-pv.Previewed():
	case <-t.C:
	case <-ctx.Done():
	}
	return ss.isReady()
}

// markReady records that the first index finished. index calls it before it reports the
// end of its progress, so a client that saw the end finds the session ready.
func (ss *session) markReady() { ss.readyOnce.Do(func() { close(ss.ready) }) }

// isReady reports whether the first index is done.
func (ss *session) isReady() bool {
	select {
	case <-ss.ready:
		return true
	default:
		return false
	}
}

func (ss *session) loop() {
	ctx := ss.ctx
	ss.guard("index", func() { ss.index(ctx) })
	ss.markReady() // also after a panic in index
	for {
		ss.guard("select", func() { ss.sync(ctx) })
		select {
		case <-ss.kick:
		case <-ctx.Done():
			ss.stop()
			return
		}
	}
}

// guard runs f, logging a panic instead of letting it end the worker.
func (ss *session) guard(what string, f func()) {
	defer func() {
		if p := recover(); p != nil {
			ss.srv.log.errorf("panic during %s in %s: %v\n%s", what, ss.root, p, debug.Stack())
		}
	}()
	f()
}

func (ss *session) stop() {
	ss.mu.Lock()
	if ss.timer != nil {
		ss.timer.Stop()
	}
	w := ss.watcher
	ss.mu.Unlock()
	if w != nil {
		w.close()
	}
}

// index runs a full index with progress.
func (ss *session) index(ctx context.Context) {
	start := time.Now()
	p := ss.srv.prog.begin(ctx, "assertlens: indexing "+filepath.Base(ss.root), false, nil)
	err := ss.engine().Index(p.ctx, p.report)
	ss.markReady()
	switch {
	case err != nil && ctx.Err() == nil:
		p.end("failed")
		ss.srv.log.errorf("indexing %s failed: %v", ss.root, err)
		ss.srv.showMessage(protocol.MessageTypeError, "assertlens: indexing %s failed: %v", filepath.Base(ss.root), err)
	case err == nil:
		p.end(fmt.Sprintf("done in %d ms", time.Since(start).Milliseconds()))
		ss.srv.log.logf("indexed %s in %s", ss.root, time.Since(start).Round(time.Millisecond))
		if w, ok := ss.engine().(Warmer); ok {
			ss.srv.goSafe("warm "+ss.root, func() {
				start := time.Now()
				w.Warm()
				ss.srv.log.logf("warmed %s in %s", ss.root, time.Since(start).Round(time.Millisecond))
			})
		}
	default:
		p.end("cancelled")
	}
}

// sync hands pending state to the engine, selects and publishes.
func (ss *session) sync(ctx context.Context) {
	if ctx.Err() != nil {
		return
	}
	ss.mu.Lock()
	files := make([]string, 0, len(ss.files))
	for f := range ss.files {
		files = append(files, f)
	}
	ss.files = map[string]bool{}
	baseline, setBaseline, reindex, renew := ss.baseline, ss.setBaseline, ss.reindex, ss.newEngine
	ss.setBaseline, ss.reindex, ss.newEngine = false, false, false
	gen := ss.stateGen
	applied := ss.applied
	ss.applied = nil
	ss.mu.Unlock()
	sort.Strings(files)

	if renew {
		o := ss.srv.currentSettings().options()
		o.Logger = slog.New(ss.srv.log.handler())
		eng, err := ss.srv.factory(ss.root, o)
		if err != nil {
			ss.srv.log.errorf("new settings not applied to %s: %v", ss.root, err)
		} else {
			ss.mu.Lock()
			ss.eng = eng
			ss.mu.Unlock()
			ss.srv.docs.resetSession(ss)
			reindex, setBaseline, files = true, false, nil
		}
	}
	eng := ss.engine()
	if reindex {
		ss.index(ctx)
	}
	if setBaseline {
		if err := eng.SetBaseline(baseline); err != nil {
			ss.srv.log.errorf("baseline %q: %v", baseline, err)
			ss.srv.showMessage(protocol.MessageTypeError, "assertlens: cannot use baseline %q: %v", baseline, err)
		}
	}
	t0 := time.Now()
	docs := ss.srv.docs.drain(ss)
	rels := make([]string, 0, len(docs.overlays))
	for rel := range docs.overlays {
		rels = append(rels, rel)
	}
	sort.Strings(rels)
	for _, rel := range rels {
		eng.SetOverlay(rel, docs.overlays[rel])
	}
	if len(files) > 0 {
		eng.FilesChanged(files)
	}
	for _, ch := range applied {
		close(ch)
	}
	t1 := time.Now()
	res, err := eng.Select(ctx)
	t2 := time.Now()
	if err != nil {
		if ctx.Err() == nil {
			ss.srv.log.errorf("select in %s: %v", ss.root, err)
		}
		return
	}
	if !ss.srv.docs.current(docs.versions) {
		// A document changed while selecting: this result describes an outdated version.
		// The change scheduled another round, which will publish.
		ss.srv.log.logf("dropping a result computed for outdated document versions")
		return
	}
	ss.noteUndiscovered(res.Undiscovered)
	ss.setResult(ctx, res, gen, docs.versions)
	if total := time.Since(t0); total > slowSync {
		ss.srv.log.logf("slow update (%d ms): overlays and file changes %d ms, select %d ms, publish %d ms",
			total.Milliseconds(), t1.Sub(t0).Milliseconds(), t2.Sub(t1).Milliseconds(), time.Since(t2).Milliseconds())
	}
}

// slowSync is the update time above which the time split is logged.
const slowSync = 50 * time.Millisecond

// setResult stores a new result and publishes what changed.
func (ss *session) setResult(ctx context.Context, res *selection.Result, gen uint64, versions map[protocol.DocumentURI]int32) {
	ss.resMu.Lock()
	ss.result = res
	ss.resultGen++
	if gen != ss.runGen {
		// The state moved on since the last run: passed units are no longer known good.
		for id, ru := range ss.runs {
			if ru.Status == "passed" {
				delete(ss.runs, id)
			}
		}
	}
	ss.resMu.Unlock()
	ss.publishDiagnostics(ctx, versions)
	ss.srv.refreshLenses()
	ss.srv.sendStatus()
}

// snapshot returns the current result (possibly nil) and run outcomes.
func (ss *session) snapshot() (*selection.Result, map[string]selection.RunUnit) {
	ss.resMu.RLock()
	defer ss.resMu.RUnlock()
	runs := make(map[string]selection.RunUnit, len(ss.runs))
	for k, v := range ss.runs {
		runs[k] = v
	}
	return ss.result, runs
}

func (ss *session) currentGen() uint64 {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.stateGen
}

// uri returns the URI of a workspace-relative slash path.
func (ss *session) uri(rel string) protocol.DocumentURI {
	return pathToURI(filepath.Join(ss.root, filepath.FromSlash(rel)))
}

// noteUndiscovered tells the user once (per set of classes) that the JUnit Platform runs
// tests static discovery misses, and logs the classes: they are selected whole.
func (ss *session) noteUndiscovered(classes []string) {
	key := strings.Join(classes, ",")
	ss.mu.Lock()
	shown := ss.undiscoveredShown == key
	ss.undiscoveredShown = key
	ss.mu.Unlock()
	if shown || len(classes) == 0 {
		return
	}
	for _, c := range classes {
		ss.srv.log.logf("undiscovered: the JUnit Platform runs tests of %s that static discovery misses; selecting the class whole", c)
	}
	ss.srv.showMessage(protocol.MessageTypeWarning, "assertlens: %d test classes have tests JUnit runs that assertlens did not discover (%s); they are selected whole for every edit.",
		len(classes), strings.Join(classes, ", "))
}
