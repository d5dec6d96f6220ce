// Package lsp is assertlens's language server: protocol glue over stdio in front of the
// selection engine. It keeps the engine's view of the workspace current (open documents as
// overlays, file-system changes, the baseline) and presents what the pending edit affects as
// diagnostics, code lenses and commands. All analysis happens in the engine.
package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/assertlens/assertlens/selection"
	"github.com/assertlens/assertlens/selection/coverage"
	"github.com/assertlens/assertlens/slicing"
)

// Engine is what the server needs from the selection engine of one workspace folder. The
// real one lives in package selection; tests use fakes. Calls that change the engine's state
// (SetOverlay, FilesChanged, SetBaseline, Index) and Select are made from one goroutine per
// engine; Run may run concurrently with them.
type Engine interface {
	// Index (re)indexes the whole workspace, reporting progress as files are done.
	Index(ctx context.Context, progress func(done, total int)) error
	// SetOverlay sets the unsaved content of a workspace-relative slash path; nil removes it.
	SetOverlay(rel string, content []byte)
	// FilesChanged tells the engine that files changed, appeared or vanished on disk.
	FilesChanged(rels []string)
	// SetBaseline chooses what pending edits are compared with: "head", "saved" or
	// "lastRun". Calling it again with the same kind re-reads that baseline (after a
	// checkout, HEAD moved).
	SetBaseline(kind string) error
	// Select returns the units affected by the current state against the baseline.
	Select(ctx context.Context) (*selection.Result, error)
	// Run runs the given units (nil: every affected unit).
	Run(ctx context.Context, unitIDs []string) (*selection.RunResult, error)
}

// TestUnitLister may be implemented by an Engine to list every unit of a test file, affected
// or not; code lenses then say "2 of 5 assertions affected" instead of "2 assertions
// affected".
type TestUnitLister interface {
	TestUnits(rel string) []slicing.Unit
}

// CoverageReader may be implemented by an Engine to answer, from a coverage record, which
// assertions run a member: hovers on production code then say "covered by N assertions".
type CoverageReader interface {
	MemberAt(rel string, line int) string
	CoveredBy(memberID string) (*selection.Covered, error)
}

// DeclarationLister may be implemented by an Engine to give the 1-based lines where the
// test classes and test methods of a file are declared, by id (see
// selection.View.Declarations): code lenses and test items go there. Without it they sit
// on the line of their first unit.
type DeclarationLister interface {
	Declarations(rel string) map[string]int
}

// Warmer may be implemented by an Engine to prepare, after Index, what the first selection
// needs; the server runs it in the background once it has reported the index done.
type Warmer interface {
	Warm()
}

// Previewer may be implemented by an Engine that answers TestUnits, Declarations and
// MemberAt from the parsed files while its index is still loading: Previewed is closed
// once it can. Code lenses then show what can be run before the index is done.
type Previewer interface {
	Previewed() <-chan struct{}
}

// Flusher may be implemented by an Engine that writes its caches in the background; the
// server waits for those writes on shutdown, so that the next start finds them.
type Flusher interface {
	Flush()
}

// flushEngines waits, at most flushWait, for the cache writes of every session's engine.
func (s *server) flushEngines() {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, ss := range s.allSessions() {
			if f, ok := ss.engine().(Flusher); ok {
				f.Flush()
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(flushWait):
		s.log.logf("shutdown: cache writes still running after %s; not waiting", flushWait)
	}
}

// flushWait bounds how long shutdown waits for cache writes (a stuck disk must not hang
// the client's shutdown).
const flushWait = 10 * time.Second

// CoverageRecorder may be implemented by an Engine to run the whole suite with the coverage
// agent and store the record (the assertlens.recordCoverage command).
type CoverageRecorder interface {
	RecordCoverage(ctx context.Context, progress func(done, total int)) (*coverage.Store, error)
}

// EngineFactory creates the engine of one workspace folder (an absolute path).
type EngineFactory func(root string, opts Options) (Engine, error)

// Options configures an engine. They come from initializationOptions.
type Options struct {
	Baseline        string   // "head", "saved" or "lastRun"; empty means the engine's default
	Classpath       []string // extra class path entries for compiling and running tests
	ExtraAssertions []string // method names to treat as assertions
	// RecordCoverageOnRun makes runs record the coverage of the tests they run and merge
	// it into the coverage record (whole test methods run instead of slices).
	RecordCoverageOnRun bool
	// Logger is the server's log as a slog.Logger: what the engine logs reaches stderr
	// and the client's output (window/logMessage).
	Logger *slog.Logger
}

// ErrExitWithoutShutdown is returned by Serve when the client sent "exit" (or closed the
// connection) without a "shutdown" request first; the process should exit with status 1.
var ErrExitWithoutShutdown = errors.New("exit without shutdown")

// Serve runs the language server on in/out until the client exits, the input ends or ctx is
// cancelled. Logs go to logw and to the client. It returns nil after a proper shutdown and
// exit, and an error wrapping ErrExitWithoutShutdown otherwise.
func Serve(ctx context.Context, in io.Reader, out io.Writer, logw io.Writer, newEngine EngineFactory) error {
	return serve(ctx, in, out, logw, newEngine, serverConfig{})
}

// serverConfig holds knobs for tests.
type serverConfig struct {
	readyWait time.Duration // how long requests wait for the first index; default 5 s
	noWatch   bool          // do not start file watchers
	// afterFunc starts the edit debounce timer; nil uses time.AfterFunc. Tests inject a
	// clock they fire themselves.
	afterFunc func(d time.Duration, f func()) debounceTimer
}

// debounceTimer is the part of *time.Timer the edit debounce uses.
type debounceTimer interface {
	Stop() bool
	Reset(d time.Duration) bool
}

// after starts a debounce timer with the configured clock.
func (c serverConfig) after(d time.Duration, f func()) debounceTimer {
	if c.afterFunc != nil {
		return c.afterFunc(d, f)
	}
	return time.AfterFunc(d, f)
}

type lifecycle int

const (
	stateNew lifecycle = iota
	stateInitialized
	stateShutdown
)

// server holds the state of one client connection.
type server struct {
	ctx     context.Context
	conn    jsonrpc2.Conn
	out     *stream // the connection's stream, for notifications written in one pass
	log     *logger
	factory EngineFactory
	cfg     serverConfig
	docs    *documents
	prog    *progressTracker

	mu           sync.Mutex
	state        lifecycle
	caps         clientCaps
	settings     settings
	sessions     []*session
	refreshing   bool          // a workspace/codeLens/refresh call is in flight
	refreshAgain bool          // results changed while it was
	lastStatus   *statusParams // last assertlens/status sent
	exitOnce     sync.Once
	exited       chan struct{}
	// initDone is closed by the "initialized" notification: only then has the client set up
	// its handlers (vscode-languageclient answers an earlier window/workDoneProgress/create
	// with "Unhandled method").
	initDone chan struct{}
	initOnce sync.Once
	wg       sync.WaitGroup
	// stopSaveCoverage cancels the coverage run a save started (recordCoverageOnSave);
	// nil when none runs.
	stopSaveCoverage context.CancelFunc
}

// clientCaps are the client capabilities the server acts on.
type clientCaps struct {
	workDoneProgress bool
	codeLensRefresh  bool
	// From the experimental capability "assertlens": status asks for assertlens/status
	// notifications; showsResults says the client shows the results of the commands it
	// executes (run summaries, show-why), so the server does not show them again.
	status       bool
	showsResults bool
}

func serve(ctx context.Context, in io.Reader, out io.Writer, logw io.Writer, newEngine EngineFactory, cfg serverConfig) error {
	if cfg.readyWait == 0 {
		cfg.readyWait = 5 * time.Second
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	lg := newLogger(logw)
	st := newStream(in, out, lg.logf)
	conn := jsonrpc2.NewConn(st)
	lg.setConn(conn)
	s := &server{
		ctx: ctx, conn: conn, out: st, log: lg, factory: newEngine, cfg: cfg,
		docs: newDocuments(), exited: make(chan struct{}), initDone: make(chan struct{}),
		settings: defaultSettings(),
	}
	s.prog = newProgressTracker(s)
	d := newDispatcher(ctx, s, lg)
	conn.Go(ctx, d.handle)

	var err error
	select {
	case <-s.exited:
	case <-conn.Done():
		err = fmt.Errorf("%w: the input ended", ErrExitWithoutShutdown)
		if cerr := conn.Err(); cerr != nil && !errors.Is(cerr, io.EOF) {
			lg.logf("connection: %v", cerr)
		}
	case <-ctx.Done():
		err = fmt.Errorf("%w: %v", ErrExitWithoutShutdown, ctx.Err())
	}
	s.mu.Lock()
	shut := s.state == stateShutdown
	s.mu.Unlock()
	if shut {
		err = nil
	} else if err == nil {
		err = ErrExitWithoutShutdown
	}
	lg.setConn(nil)
	cancel()
	s.wg.Wait()
	_ = conn.Close()
	return err
}

// call routes a request.
func (s *server) call(ctx context.Context, method string, params json.RawMessage) (any, error) {
	s.mu.Lock()
	state := s.state
	s.mu.Unlock()
	switch {
	case method == protocol.MethodInitialize:
		if state != stateNew {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "initialize sent twice")
		}
		return s.initialize(ctx, params)
	case state == stateNew:
		return nil, jsonrpc2.NewError(jsonrpc2.ServerNotInitialized, "the server is not initialized")
	case state == stateShutdown:
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "the server is shutting down")
	}
	switch method {
	case protocol.MethodShutdown:
		s.mu.Lock()
		s.state = stateShutdown
		s.mu.Unlock()
		s.flushEngines()
		return nil, nil
	case protocol.MethodTextDocumentCodeLens:
		return s.codeLens(ctx, params)
	case protocol.MethodCodeLensResolve:
		return s.resolveCodeLens(ctx, params)
	case protocol.MethodTextDocumentHover:
		return s.hover(ctx, params)
	case protocol.MethodWorkspaceExecuteCommand:
		return s.executeCommand(ctx, params)
	case methodTests:
		return s.tests(ctx, params)
	}
	return nil, fmt.Errorf("%w: %s", errMethodNotFound, method)
}

// notify routes a notification.
func (s *server) notify(ctx context.Context, method string, params json.RawMessage) {
	if method == protocol.MethodExit {
		s.exitOnce.Do(func() { close(s.exited) })
		return
	}
	s.mu.Lock()
	state := s.state
	s.mu.Unlock()
	if state != stateInitialized {
		s.log.logf("ignoring %s: the server is not running", method)
		return
	}
	var err error
	switch method {
	case protocol.MethodInitialized:
		s.initialized()
	case protocol.MethodTextDocumentDidOpen:
		err = s.didOpen(params)
	case protocol.MethodTextDocumentDidChange:
		err = s.didChange(params)
	case protocol.MethodTextDocumentDidSave:
		err = s.didSave(params)
	case protocol.MethodTextDocumentDidClose:
		err = s.didClose(params)
	case protocol.MethodWorkspaceDidChangeWatchedFiles:
		err = s.didChangeWatchedFiles(params)
	case protocol.MethodWorkspaceDidChangeConfiguration:
		err = s.didChangeConfiguration(params)
	case protocol.MethodWorkspaceDidChangeWorkspaceFolders:
		err = s.didChangeWorkspaceFolders(params)
	case protocol.MethodWorkDoneProgressCancel:
		err = s.prog.cancel(params)
	default:
		if len(method) < 2 || method[:2] != "$/" {
			s.log.logf("ignoring unknown notification %s", method)
		}
	}
	if err != nil {
		s.log.logf("%s: %v", method, err)
	}
}

// initialize creates one session per workspace folder and starts indexing in the
// background.
func (s *server) initialize(_ context.Context, raw json.RawMessage) (any, error) {
	var p initializeParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "initialize: "+err.Error())
	}
	st := defaultSettings()
	if err := st.merge(p.InitializationOptions); err != nil {
		s.log.logf("initializationOptions: %v", err)
	}
	roots := p.roots(s.log)
	s.mu.Lock()
	s.caps = p.caps()
	s.settings = st
	s.state = stateInitialized
	s.mu.Unlock()
	for _, root := range roots {
		s.addSession(root)
	}
	if len(roots) == 0 {
		s.log.logf("no workspace folder given: nothing to index")
	}
	return initializeResult(), nil
}

// initialized starts the watchers once the client is ready for server requests.
func (s *server) initialized() {
	s.initOnce.Do(func() { close(s.initDone) })
	for _, ss := range s.allSessions() {
		ss.startWatching()
	}
}

func (s *server) allSessions() []*session {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*session(nil), s.sessions...)
}

func (s *server) clientCaps() clientCaps {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.caps
}

func (s *server) currentSettings() settings {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.settings
}

// go runs f on a goroutine that Serve waits for before returning.
func (s *server) goSafe(name string, f func()) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer func() {
			if p := recover(); p != nil {
				s.log.errorf("panic in %s: %v", name, p)
			}
		}()
		f()
	}()
}

// showMessage shows a message to the user.
func (s *server) showMessage(typ protocol.MessageType, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if err := s.conn.Notify(s.ctx, protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{Type: typ, Message: msg}); err != nil {
		s.log.logf("showMessage: %v", err)
	}
}
