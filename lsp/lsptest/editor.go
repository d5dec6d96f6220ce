// Package lsptest is a fake editor for testing assertlens's language server, in the style of
// gopls's: it speaks JSON-RPC over a process's stdio or an in-memory pipe, keeps buffers,
// sends incremental edits with UTF-16 positions, and records what the server publishes
// (diagnostics, messages, progress, lens refreshes) so tests can wait for it.
package lsptest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/assertlens/assertlens/lsp"
)

// Config says what the fake editor announces in initialize.
type Config struct {
	WorkDoneProgress      bool // window.workDoneProgress
	CodeLensRefresh       bool // workspace.codeLens.refreshSupport
	InitializationOptions any
	// Folders are extra workspace folders (absolute paths) besides the root.
	Folders []string
	// Experimental is sent as capabilities.experimental.
	Experimental any
}

// Diagnostics is the last publishDiagnostics of one file.
type Diagnostics struct {
	Version     uint32
	Diagnostics []protocol.Diagnostic
	Count       int // how many times diagnostics were published for the file
}

// ProgressEvent is one $/progress notification.
type ProgressEvent struct {
	Token      string
	Kind       string
	Title      string
	Message    string
	Percentage uint32
}

// Editor is the fake editor. Its methods are safe for concurrent use.
type Editor struct {
	root string
	conn jsonrpc2.Conn
	st   *stream

	mu        sync.Mutex
	changed   chan struct{} // closed and replaced whenever something is recorded
	buffers   map[string]*buffer
	diags     map[string]*Diagnostics // by workspace-relative path (or URI outside the root)
	messages  []protocol.ShowMessageParams
	logs      []string
	progress  []ProgressEvent
	created   []string // tokens created by window/workDoneProgress/create
	refreshes int
	others    map[string][]json.RawMessage // params of other notifications, by method
	history   map[string][][]protocol.Diagnostic
	rawCalls  map[string]chan RawResponse
	nullIDs   []RawResponse // error replies with a null id (to malformed input)
}

// RawResponse is a response to a RawCall, or an error reply with a null id.
type RawResponse struct {
	Result json.RawMessage  `json:"result"`
	Error  *jsonrpc2.Error  `json:"error"`
	ID     *json.RawMessage `json:"id"`
}

type buffer struct {
	version int32
	text    []byte
}

// Connect starts an editor on a connection to a server (the server's stdout as r, its stdin
// as w). root is the workspace folder the editor opens.
func Connect(root string, r io.Reader, w io.WriteCloser) *Editor {
	e := &Editor{
		root: root, changed: make(chan struct{}),
		buffers: map[string]*buffer{}, diags: map[string]*Diagnostics{},
		history: map[string][][]protocol.Diagnostic{}, rawCalls: map[string]chan RawResponse{},
	}
	e.st = &stream{in: newReader(r), out: w, intercept: e.intercept}
	e.conn = jsonrpc2.NewConn(e.st)
	e.conn.Go(context.Background(), e.handle)
	return e
}

// Pipe connects an editor to an in-process server: serve is called on its own goroutine
// with the server's end of two pipes, and its error is delivered on the returned channel.
func Pipe(root string, serve func(in io.Reader, out io.Writer) error) (*Editor, <-chan error) {
	c2sR, c2sW := io.Pipe()
	s2cR, s2cW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := serve(c2sR, s2cW)
		_ = s2cW.Close()
		_ = c2sR.Close()
		done <- err
	}()
	return Connect(root, s2cR, c2sW), done
}

// Root returns the workspace folder.
func (e *Editor) Root() string { return e.root }

// URI returns the file URI of a workspace-relative slash path.
func (e *Editor) URI(rel string) protocol.DocumentURI {
	return uri.File(filepath.Join(e.root, filepath.FromSlash(rel)))
}

func (e *Editor) relOf(u protocol.DocumentURI) string {
	p := uri.URI(u).FsPath()
	if r, err := filepath.Rel(e.root, p); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	return string(u)
}

// notifyChanged wakes waiters. Call with e.mu held.
func (e *Editor) notifyChanged() {
	close(e.changed)
	e.changed = make(chan struct{})
}

// handle receives the server's notifications and requests. It never blocks.
func (e *Editor) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	defer e.notifyChanged()
	switch req.Method() {
	case protocol.MethodTextDocumentPublishDiagnostics:
		var p protocol.PublishDiagnosticsParams
		if err := json.Unmarshal(req.Params(), &p); err == nil {
			rel := e.relOf(p.URI)
			d := e.diags[rel]
			if d == nil {
				d = &Diagnostics{}
				e.diags[rel] = d
			}
			d.Version, d.Diagnostics = p.Version, p.Diagnostics
			d.Count++
			e.history[rel] = append(e.history[rel], p.Diagnostics)
		}
	case protocol.MethodWindowShowMessage:
		var p protocol.ShowMessageParams
		if err := json.Unmarshal(req.Params(), &p); err == nil {
			e.messages = append(e.messages, p)
		}
	case protocol.MethodWindowLogMessage:
		var p protocol.LogMessageParams
		if err := json.Unmarshal(req.Params(), &p); err == nil {
			e.logs = append(e.logs, p.Message)
		}
	case protocol.MethodProgress:
		var p struct {
			Token json.RawMessage `json:"token"`
			Value struct {
				Kind       string `json:"kind"`
				Title      string `json:"title"`
				Message    string `json:"message"`
				Percentage uint32 `json:"percentage"`
			} `json:"value"`
		}
		if err := json.Unmarshal(req.Params(), &p); err == nil {
			e.progress = append(e.progress, ProgressEvent{Token: string(p.Token), Kind: p.Value.Kind,
				Title: p.Value.Title, Message: p.Value.Message, Percentage: p.Value.Percentage})
		}
	case protocol.MethodWorkDoneProgressCreate:
		var p struct {
			Token json.RawMessage `json:"token"`
		}
		_ = json.Unmarshal(req.Params(), &p)
		e.created = append(e.created, string(p.Token))
		return reply(ctx, nil, nil)
	case protocol.MethodCodeLensRefresh:
		e.refreshes++
		return reply(ctx, nil, nil)
	default:
		if _, isCall := req.(*jsonrpc2.Call); isCall {
			return reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.MethodNotFound, req.Method()))
		}
		if e.others == nil {
			e.others = map[string][]json.RawMessage{}
		}
		e.others[req.Method()] = append(e.others[req.Method()], append(json.RawMessage(nil), req.Params()...))
	}
	return nil
}

// Notifications returns the params of every notification of a method this editor does not
// handle itself (custom ones such as assertlens/status), oldest first.
func (e *Editor) Notifications(method string) []json.RawMessage {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]json.RawMessage(nil), e.others[method]...)
}

// intercept takes responses to raw calls and error replies with a null id off the stream.
func (e *Editor) intercept(raw []byte, msg jsonrpc2.Message) bool {
	var r RawResponse
	var probe struct {
		Method string `json:"method"`
	}
	if json.Unmarshal(raw, &probe) != nil || probe.Method != "" || json.Unmarshal(raw, &r) != nil {
		return false
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if r.ID == nil || string(*r.ID) == "null" {
		e.nullIDs = append(e.nullIDs, r)
		e.notifyChanged()
		return true
	}
	if ch, ok := e.rawCalls[string(*r.ID)]; ok {
		delete(e.rawCalls, string(*r.ID))
		ch <- r
		return true
	}
	return false
}

// RawCall sends a request with an id chosen by the test (a number or a string, given as
// JSON, e.g. `777` or `"abc"`) and returns a channel for its response. Use Cancel to send
// $/cancelRequest for it.
func (e *Editor) RawCall(id string, method string, params any) (<-chan RawResponse, error) {
	body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": json.RawMessage(id), "method": method, "params": params})
	if err != nil {
		return nil, fmt.Errorf("marshal: %w", err)
	}
	ch := make(chan RawResponse, 1)
	e.mu.Lock()
	e.rawCalls[id] = ch
	e.mu.Unlock()
	return ch, e.SendRaw(Frame(body))
}

// Cancel sends $/cancelRequest for a raw id (JSON: `777` or `"abc"`).
func (e *Editor) Cancel(ctx context.Context, id string) error {
	return e.Notify(ctx, "$/cancelRequest", map[string]json.RawMessage{"id": json.RawMessage(id)})
}

// NullIDErrors returns the error replies that carried a null id (answers to input the
// server could not parse).
func (e *Editor) NullIDErrors() []RawResponse {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]RawResponse(nil), e.nullIDs...)
}

// DiagnosticsHistory returns every diagnostics list published for a file, oldest first.
func (e *Editor) DiagnosticsHistory(rel string) [][]protocol.Diagnostic {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([][]protocol.Diagnostic(nil), e.history[rel]...)
}

// Frame wraps a message body in LSP's Content-Length header.
func Frame(body []byte) []byte {
	return append([]byte(fmt.Sprintf("Content-Length: %d\r\n\r\n", len(body))), body...)
}

// Initialize sends initialize (root and extra folders as workspace folders) and initialized.
func (e *Editor) Initialize(ctx context.Context, cfg Config) (json.RawMessage, error) {
	folders := []map[string]string{{"uri": string(e.URI("")), "name": filepath.Base(e.root)}}
	for _, f := range cfg.Folders {
		folders = append(folders, map[string]string{"uri": string(uri.File(f)), "name": filepath.Base(f)})
	}
	params := map[string]any{
		"processId": os.Getpid(),
		"rootUri":   e.URI(""),
		"capabilities": map[string]any{
			"window":       map[string]any{"workDoneProgress": cfg.WorkDoneProgress},
			"workspace":    map[string]any{"codeLens": map[string]any{"refreshSupport": cfg.CodeLensRefresh}},
			"experimental": cfg.Experimental,
		},
		"workspaceFolders":      folders,
		"initializationOptions": cfg.InitializationOptions,
	}
	var res json.RawMessage
	if _, err := e.conn.Call(ctx, protocol.MethodInitialize, params, &res); err != nil {
		return nil, fmt.Errorf("initialize: %w", err)
	}
	if err := e.conn.Notify(ctx, protocol.MethodInitialized, map[string]any{}); err != nil {
		return nil, fmt.Errorf("initialized: %w", err)
	}
	return res, nil
}

// Call sends a request and decodes its result into result (which may be nil).
func (e *Editor) Call(ctx context.Context, method string, params, result any) error {
	_, err := e.conn.Call(ctx, method, params, result)
	return err
}

// Notify sends a notification.
func (e *Editor) Notify(ctx context.Context, method string, params any) error {
	return e.conn.Notify(ctx, method, params)
}

// SendRaw writes bytes to the server as they are (the caller does any framing).
func (e *Editor) SendRaw(b []byte) error { return e.st.writeRaw(b) }

// OpenFile opens a file from disk as version 1.
func (e *Editor) OpenFile(ctx context.Context, rel string) error {
	text, err := os.ReadFile(filepath.Join(e.root, filepath.FromSlash(rel)))
	if err != nil {
		return fmt.Errorf("open %s: %w", rel, err)
	}
	return e.OpenBuffer(ctx, rel, string(text))
}

// OpenBuffer opens a file with the given content as version 1.
func (e *Editor) OpenBuffer(ctx context.Context, rel, text string) error {
	e.mu.Lock()
	e.buffers[rel] = &buffer{version: 1, text: []byte(text)}
	e.mu.Unlock()
	return e.conn.Notify(ctx, protocol.MethodTextDocumentDidOpen, map[string]any{
		"textDocument": map[string]any{"uri": e.URI(rel), "languageId": "java", "version": 1, "text": text},
	})
}

// BufferText returns the editor's content of an open file.
func (e *Editor) BufferText(rel string) (string, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	b := e.buffers[rel]
	if b == nil {
		return "", false
	}
	return string(b.text), true
}

// BufferVersion returns the version of an open file, or 0.
func (e *Editor) BufferVersion(rel string) int32 {
	e.mu.Lock()
	defer e.mu.Unlock()
	if b := e.buffers[rel]; b != nil {
		return b.version
	}
	return 0
}

// EditFile replaces the only occurrence of old in an open file by new, sending an
// incremental change whose range is in UTF-16 positions.
func (e *Editor) EditFile(ctx context.Context, rel, old, new string) error {
	e.mu.Lock()
	b := e.buffers[rel]
	if b == nil {
		e.mu.Unlock()
		return fmt.Errorf("edit %s: not open", rel)
	}
	if n := bytes.Count(b.text, []byte(old)); n != 1 {
		e.mu.Unlock()
		return fmt.Errorf("edit %s: %q occurs %d times, want once", rel, old, n)
	}
	start := bytes.Index(b.text, []byte(old))
	rng := protocol.Range{Start: lsp.OffsetToPosition(b.text, start), End: lsp.OffsetToPosition(b.text, start+len(old))}
	next := make([]byte, 0, len(b.text)-len(old)+len(new))
	next = append(append(append(next, b.text[:start]...), new...), b.text[start+len(old):]...)
	b.text = next
	b.version++
	version := b.version
	e.mu.Unlock()
	return e.conn.Notify(ctx, protocol.MethodTextDocumentDidChange, map[string]any{
		"textDocument":   map[string]any{"uri": e.URI(rel), "version": version},
		"contentChanges": []map[string]any{{"range": rng, "text": new}},
	})
}

// SetBuffer replaces the whole content of an open file (a change without range).
func (e *Editor) SetBuffer(ctx context.Context, rel, text string) error {
	e.mu.Lock()
	b := e.buffers[rel]
	if b == nil {
		e.mu.Unlock()
		return fmt.Errorf("set %s: not open", rel)
	}
	b.text = []byte(text)
	b.version++
	version := b.version
	e.mu.Unlock()
	return e.conn.Notify(ctx, protocol.MethodTextDocumentDidChange, map[string]any{
		"textDocument":   map[string]any{"uri": e.URI(rel), "version": version},
		"contentChanges": []map[string]any{{"text": text}},
	})
}

// SaveFile writes an open file's buffer to disk and sends didSave.
func (e *Editor) SaveFile(ctx context.Context, rel string) error {
	e.mu.Lock()
	b := e.buffers[rel]
	var text []byte
	if b != nil {
		text = append([]byte(nil), b.text...)
	}
	e.mu.Unlock()
	if b == nil {
		return fmt.Errorf("save %s: not open", rel)
	}
	if err := os.WriteFile(filepath.Join(e.root, filepath.FromSlash(rel)), text, 0o644); err != nil {
		return fmt.Errorf("save %s: %w", rel, err)
	}
	return e.conn.Notify(ctx, protocol.MethodTextDocumentDidSave, map[string]any{
		"textDocument": map[string]any{"uri": e.URI(rel)},
	})
}

// CloseFile closes an open file.
func (e *Editor) CloseFile(ctx context.Context, rel string) error {
	e.mu.Lock()
	delete(e.buffers, rel)
	e.mu.Unlock()
	return e.conn.Notify(ctx, protocol.MethodTextDocumentDidClose, map[string]any{
		"textDocument": map[string]any{"uri": e.URI(rel)},
	})
}

// Diagnostics returns the last diagnostics published for a file (nil if none yet).
func (e *Editor) Diagnostics(rel string) *Diagnostics {
	e.mu.Lock()
	defer e.mu.Unlock()
	d := e.diags[rel]
	if d == nil {
		return nil
	}
	c := *d
	c.Diagnostics = append([]protocol.Diagnostic(nil), d.Diagnostics...)
	return &c
}

// AllDiagnostics returns the last diagnostics of every file that has some.
func (e *Editor) AllDiagnostics() map[string][]protocol.Diagnostic {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := map[string][]protocol.Diagnostic{}
	for rel, d := range e.diags {
		if len(d.Diagnostics) > 0 {
			out[rel] = append([]protocol.Diagnostic(nil), d.Diagnostics...)
		}
	}
	return out
}

// WaitFor waits until cond (called with the editor's state unlocked) holds. It re-checks
// whenever the server sends something, and every 10 ms for conditions on other state.
func (e *Editor) WaitFor(ctx context.Context, what string, cond func() bool) error {
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		e.mu.Lock()
		ch := e.changed
		e.mu.Unlock()
		if cond() {
			return nil
		}
		select {
		case <-ch:
		case <-tick.C:
		case <-ctx.Done():
			return fmt.Errorf("waiting for %s: %w", what, ctx.Err())
		}
	}
}

// WaitForDiagnostics waits until the diagnostics of a file satisfy pred and returns them. A
// file that never had diagnostics published counts as having none.
func (e *Editor) WaitForDiagnostics(ctx context.Context, rel string, pred func([]protocol.Diagnostic) bool) ([]protocol.Diagnostic, error) {
	var got []protocol.Diagnostic
	err := e.WaitFor(ctx, "diagnostics of "+rel, func() bool {
		got = nil
		if d := e.Diagnostics(rel); d != nil {
			got = d.Diagnostics
		}
		return pred(got)
	})
	if err != nil {
		return got, fmt.Errorf("%w (last: %s)", err, FormatDiagnostics(got))
	}
	return got, nil
}

// Messages returns the window/showMessage notifications received so far.
func (e *Editor) Messages() []protocol.ShowMessageParams {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]protocol.ShowMessageParams(nil), e.messages...)
}

// Logs returns the window/logMessage lines received so far.
func (e *Editor) Logs() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), e.logs...)
}

// Progress returns the $/progress notifications received so far.
func (e *Editor) Progress() []ProgressEvent {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]ProgressEvent(nil), e.progress...)
}

// CreatedTokens returns the tokens the server created with window/workDoneProgress/create.
func (e *Editor) CreatedTokens() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), e.created...)
}

// LensRefreshes returns how many workspace/codeLens/refresh requests arrived.
func (e *Editor) LensRefreshes() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.refreshes
}

// CodeLens requests the lenses of a file and resolves each of them.
func (e *Editor) CodeLens(ctx context.Context, rel string) ([]protocol.CodeLens, error) {
	var lenses []protocol.CodeLens
	if err := e.Call(ctx, protocol.MethodTextDocumentCodeLens, map[string]any{
		"textDocument": map[string]any{"uri": e.URI(rel)},
	}, &lenses); err != nil {
		return nil, fmt.Errorf("codeLens %s: %w", rel, err)
	}
	for i := range lenses {
		if lenses[i].Command != nil {
			continue
		}
		var resolved protocol.CodeLens
		if err := e.Call(ctx, protocol.MethodCodeLensResolve, &lenses[i], &resolved); err != nil {
			return nil, fmt.Errorf("codeLens/resolve: %w", err)
		}
		lenses[i] = resolved
	}
	return lenses, nil
}

// ExecuteCommand runs a workspace command and returns its raw result.
func (e *Editor) ExecuteCommand(ctx context.Context, command string, args ...any) (json.RawMessage, error) {
	var res json.RawMessage
	err := e.Call(ctx, protocol.MethodWorkspaceExecuteCommand, map[string]any{"command": command, "arguments": args}, &res)
	return res, err
}

// Shutdown sends the shutdown request.
func (e *Editor) Shutdown(ctx context.Context) error {
	return e.Call(ctx, protocol.MethodShutdown, nil, nil)
}

// Exit sends the exit notification.
func (e *Editor) Exit(ctx context.Context) error {
	return e.Notify(ctx, protocol.MethodExit, nil)
}

// Close closes the connection.
func (e *Editor) Close() error {
	err := e.conn.Close()
	if errors.Is(err, io.ErrClosedPipe) {
		return nil
	}
	return err
}

// Done is closed when the connection ended (the server exited or closed its output).
func (e *Editor) Done() <-chan struct{} { return e.conn.Done() }

// FormatDiagnostics renders diagnostics one a line, for test failure messages.
func FormatDiagnostics(ds []protocol.Diagnostic) string {
	if len(ds) == 0 {
		return "(none)"
	}
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "\n  %d:%d-%d:%d sev=%v %q", d.Range.Start.Line+1, d.Range.Start.Character,
			d.Range.End.Line+1, d.Range.End.Character, d.Severity, d.Message)
	}
	return b.String()
}
