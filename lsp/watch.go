package lsp

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/assertlens/assertlens/analysis/project"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
	"go.lsp.dev/protocol"
)

// headRel is the path reported to the engine when git's HEAD (or the branch it names) moved.
const headRel = ".git/HEAD"

// watchDebounce collects bursts of file events (a checkout touches many files at once).
const watchDebounce = 50 * time.Millisecond

// watcher reports changes made outside the editor (git checkout, generated code, other
// tools) to its session. fsnotify does not recurse, so every folder is watched and new
// folders are added as they appear.
type watcher struct {
	ss   *session
	fw   *fsnotify.Watcher
	done chan struct{}

	mu      sync.Mutex
	known   map[string]bool // files seen, so a removed folder reports the files it held
	pending map[string]bool
	timer   *time.Timer
	closed  bool
}

// startWatching starts the file watcher of a session (once).
func (ss *session) startWatching() {
	if ss.srv.cfg.noWatch {
		return
	}
	ss.mu.Lock()
	started := ss.watcher != nil
	ss.mu.Unlock()
	if started {
		return
	}
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		ss.srv.log.errorf("file watching is off for %s: %v", ss.root, err)
		return
	}
	w := &watcher{ss: ss, fw: fw, done: make(chan struct{}), known: map[string]bool{}, pending: map[string]bool{}}
	ss.mu.Lock()
	ss.watcher = w
	ss.mu.Unlock()
	ss.srv.goSafe("watcher "+ss.root, func() {
		w.addTree(ss.root, false)
		w.watchGit(ss.root)
		w.watchAncestors()
		ss.srv.log.logf("watching %s for changes", ss.root)
		w.loop()
	})
}

// addTree watches dir and every folder below it that is not skipped. With report, the files
// found are reported as changed (a folder that appeared brings its files along).
func (w *watcher) addTree(dir string, report bool) {
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // vanished or unreadable: skip
		}
		if d.IsDir() {
			if path != dir && skipDir(w.rel(path)) {
				return filepath.SkipDir
			}
			if err := w.fw.Add(path); err != nil {
				w.ss.srv.log.logf("cannot watch %s: %v", path, err)
			}
			return nil
		}
		rel := w.rel(path)
		w.mu.Lock()
		w.known[rel] = true
		w.mu.Unlock()
		if report {
			w.note(rel)
		}
		return nil
	})
	if err != nil {
		w.ss.srv.log.logf("walk %s: %v", dir, err)
	}
}

// skipDir reports folders never watched, by their path relative to the root: the project
// model's (build outputs, tool and hidden folders; git's HEAD is watched separately).
func skipDir(rel string) bool { return project.SkipDir(rel) }

// watchGit watches the files that say where HEAD is in the repository whose top is dir,
// so a checkout or commit re-reads the baseline.
func (w *watcher) watchGit(dir string) {
	git := filepath.Join(dir, ".git")
	if st, err := os.Stat(git); err != nil || !st.IsDir() {
		return
	}
	for _, d := range []string{git, filepath.Join(git, "refs", "heads")} {
		if err := w.fw.Add(d); err != nil {
			w.ss.srv.log.logf("cannot watch %s: %v", d, err)
		}
	}
}

// maxAncestors bounds how far above the workspace the repository's top is looked for.
const maxAncestors = 4

// watchAncestors watches the folders between a workspace that is a module of a larger
// repository and the repository's top (found within maxAncestors levels; nothing is
// watched above a workspace outside any repository). Their pom.xml may be a parent POM of
// the build, and the top's .git says where HEAD is.
func (w *watcher) watchAncestors() {
	var dirs []string
	for dir, i := w.ss.root, 0; i < maxAncestors; i++ {
		if st, err := os.Stat(filepath.Join(dir, ".git")); err == nil && st.IsDir() {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return
		}
		dir = parent
		dirs = append(dirs, dir)
		if st, err := os.Stat(filepath.Join(dir, ".git")); err == nil && st.IsDir() {
			for _, d := range dirs {
				if err := w.fw.Add(d); err != nil {
					w.ss.srv.log.logf("cannot watch %s: %v", d, err)
				}
			}
			w.watchGit(dir)
			return
		}
	}
}

// ancestorEvent reports what matters of a change above the workspace (rel starts with
// "../"): a pom.xml in a folder above it, or git's HEAD moving in the repository's top.
func (w *watcher) ancestorEvent(rel string) {
	rest := rel
	for strings.HasPrefix(rest, "../") {
		rest = rest[len("../"):]
	}
	switch {
	case rest == "pom.xml":
		w.note(rel)
	case rest == ".git/HEAD", rest == ".git/packed-refs", strings.HasPrefix(rest, ".git/refs/heads/"):
		w.note(headRel)
	}
}

func (w *watcher) rel(path string) string {
	r, err := filepath.Rel(w.ss.root, path)
	if err != nil {
		return filepath.ToSlash(path)
	}
	return filepath.ToSlash(r)
}

func (w *watcher) loop() {
	for {
		select {
		case ev, ok := <-w.fw.Events:
			if !ok {
				return
			}
			w.event(ev)
		case err, ok := <-w.fw.Errors:
			if !ok {
				return
			}
			w.ss.srv.log.logf("file watcher: %v", err)
		case <-w.done:
			return
		}
	}
}

func (w *watcher) event(ev fsnotify.Event) {
	if ev.Op == fsnotify.Chmod {
		return
	}
	rel := w.rel(ev.Name)
	if strings.HasPrefix(rel, "../") {
		w.ancestorEvent(rel)
		return
	}
	if rel == ".git" || strings.HasPrefix(rel, ".git/") {
		if rel == headRel || rel == ".git/packed-refs" || strings.HasPrefix(rel, ".git/refs/heads/") {
			w.note(headRel)
		}
		return
	}
	if dir := path.Dir(rel); dir != "." && skipDir(dir) {
		return
	}
	if skipDir(rel) {
		if st, err := os.Stat(ev.Name); err == nil && st.IsDir() {
			return
		}
	}
	if ev.Has(fsnotify.Create) {
		if st, err := os.Stat(ev.Name); err == nil && st.IsDir() {
			w.addTree(ev.Name, true)
			return
		}
	}
	if ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename) {
		// A folder that vanished takes its files along; fsnotify drops its watch itself.
		w.mu.Lock()
		var gone []string
		for f := range w.known {
			if strings.HasPrefix(f, rel+"/") {
				gone = append(gone, f)
				delete(w.known, f)
			}
		}
		delete(w.known, rel)
		w.mu.Unlock()
		for _, f := range gone {
			w.note(f)
		}
	} else {
		w.mu.Lock()
		w.known[rel] = true
		w.mu.Unlock()
	}
	w.note(rel)
}

// note records a changed path and (re)starts the burst timer.
func (w *watcher) note(rel string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return
	}
	w.pending[rel] = true
	if w.timer == nil {
		w.timer = time.AfterFunc(watchDebounce, w.flush)
	} else {
		w.timer.Reset(watchDebounce)
	}
}

func (w *watcher) flush() {
	w.mu.Lock()
	rels := make([]string, 0, len(w.pending))
	for r := range w.pending {
		rels = append(rels, r)
	}
	w.pending = map[string]bool{}
	closed := w.closed
	w.mu.Unlock()
	if closed || len(rels) == 0 {
		return
	}
	sort.Strings(rels)
	w.ss.srv.log.logf("files changed on disk: %s", summarize(rels))
	w.ss.filesChanged(rels, false)
}

func (w *watcher) close() {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return
	}
	w.closed = true
	if w.timer != nil {
		w.timer.Stop()
	}
	w.mu.Unlock()
	close(w.done)
	_ = w.fw.Close()
}

func summarize(rels []string) string {
	if len(rels) <= 5 {
		return strings.Join(rels, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(rels[:5], ", "), len(rels)-5)
}

// didChangeWatchedFiles handles the client's file events (its own watcher).
func (s *server) didChangeWatchedFiles(raw json.RawMessage) error {
	var p struct {
		Changes []struct {
			URI  protocol.DocumentURI `json:"uri"`
			Type int                  `json:"type"`
		} `json:"changes"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return fmt.Errorf("decode params: %w", err)
	}
	bySession := map[*session][]string{}
	var errs []error
	for _, c := range p.Changes {
		ss, rel, err := s.locateURI(c.URI)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if ss != nil {
			bySession[ss] = append(bySession[ss], rel)
		}
	}
	for ss, rels := range bySession {
		ss.filesChanged(rels, true)
	}
	return errors.Join(errs...)
}
