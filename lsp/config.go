package lsp

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// defaultDebounce is how long the server waits after the last edit before selecting.
const defaultDebounce = 100 * time.Millisecond

// settings are the user's configuration: initializationOptions, or the "assertlens" section
// of workspace/didChangeConfiguration.
type settings struct {
	Baseline        string
	Classpath       []string
	ExtraAssertions []string
	Debounce        time.Duration
	RecordOnRun     bool
	RecordOnSave    bool
}

func defaultSettings() settings { return settings{Debounce: defaultDebounce} }

// rawSettings is the JSON form of settings; absent fields keep their current value.
type rawSettings struct {
	Baseline        *string   `json:"baseline"`
	Classpath       *[]string `json:"classpath"`
	ExtraAssertions *[]string `json:"extraAssertions"`
	DebounceMs      *int      `json:"debounceMs"`
	RecordOnRun     *bool     `json:"recordCoverageOnRun"`
	RecordOnSave    *bool     `json:"recordCoverageOnSave"`
}

// merge applies a JSON settings object, given either directly or under "assertlens".
func (s *settings) merge(v any) error {
	if v == nil {
		return nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode settings: %w", err)
	}
	var wrapped struct {
		Assertlens *rawSettings `json:"assertlens"`
	}
	var r rawSettings
	if err := json.Unmarshal(b, &wrapped); err == nil && wrapped.Assertlens != nil {
		r = *wrapped.Assertlens
	} else if err := json.Unmarshal(b, &r); err != nil {
		return fmt.Errorf("decode settings: %w", err)
	}
	if r.Baseline != nil {
		switch *r.Baseline {
		case "head", "saved", "lastRun", "":
			s.Baseline = *r.Baseline
		default:
			return fmt.Errorf("unknown baseline %q (want head, saved or lastRun)", *r.Baseline)
		}
	}
	if r.Classpath != nil {
		s.Classpath = *r.Classpath
	}
	if r.ExtraAssertions != nil {
		s.ExtraAssertions = *r.ExtraAssertions
	}
	if r.DebounceMs != nil && *r.DebounceMs >= 0 {
		s.Debounce = time.Duration(*r.DebounceMs) * time.Millisecond
	}
	if r.RecordOnRun != nil {
		s.RecordOnRun = *r.RecordOnRun
	}
	if r.RecordOnSave != nil {
		s.RecordOnSave = *r.RecordOnSave
	}
	return nil
}

func (s settings) options() Options {
	return Options{Baseline: s.Baseline, Classpath: s.Classpath, ExtraAssertions: s.ExtraAssertions, RecordCoverageOnRun: s.RecordOnRun}
}

// initializeParams is the part of InitializeParams the server reads. Capabilities are read
// loosely, so an odd client capability never fails initialize.
type initializeParams struct {
	RootURI               string          `json:"rootUri"`
	RootPath              string          `json:"rootPath"`
	InitializationOptions any             `json:"initializationOptions"`
	Capabilities          json.RawMessage `json:"capabilities"`
	WorkspaceFolders      []struct {
		URI  string `json:"uri"`
		Name string `json:"name"`
	} `json:"workspaceFolders"`
}

// roots returns the absolute folder paths to serve: the workspace folders, else rootUri,
// else rootPath. Non-file URIs are logged and skipped.
func (p *initializeParams) roots(lg *logger) []string {
	var uris []string
	for _, f := range p.WorkspaceFolders {
		uris = append(uris, f.URI)
	}
	if len(uris) == 0 && p.RootURI != "" {
		uris = append(uris, p.RootURI)
	}
	var roots []string
	seen := map[string]bool{}
	for _, u := range uris {
		path, err := uriToPath(protocol.DocumentURI(u))
		if err != nil {
			lg.logf("workspace folder %s: %v", u, err)
			continue
		}
		if !seen[path] {
			seen[path] = true
			roots = append(roots, path)
		}
	}
	if len(roots) == 0 && p.RootPath != "" {
		if abs, err := filepath.Abs(p.RootPath); err == nil {
			roots = append(roots, abs)
		}
	}
	return roots
}

func (p *initializeParams) caps() clientCaps {
	var c struct {
		Window struct {
			WorkDoneProgress bool `json:"workDoneProgress"`
		} `json:"window"`
		Workspace struct {
			CodeLens struct {
				RefreshSupport bool `json:"refreshSupport"`
			} `json:"codeLens"`
		} `json:"workspace"`
		Experimental struct {
			Assertlens struct {
				Status       bool `json:"status"`
				ShowsResults bool `json:"showsResults"`
			} `json:"assertlens"`
		} `json:"experimental"`
	}
	_ = json.Unmarshal(p.Capabilities, &c) // unknown shapes just mean "not supported"
	return clientCaps{workDoneProgress: c.Window.WorkDoneProgress, codeLensRefresh: c.Workspace.CodeLens.RefreshSupport,
		status: c.Experimental.Assertlens.Status, showsResults: c.Experimental.Assertlens.ShowsResults}
}

// commands lists the commands of workspace/executeCommand.
var commands = []string{cmdRunAffected, cmdRunUnits, cmdShowWhy, cmdReindex, cmdRecordCoverage}

func initializeResult() *protocol.InitializeResult {
	return &protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: &protocol.TextDocumentSyncOptions{
				OpenClose: true,
				Change:    protocol.TextDocumentSyncKindIncremental,
				Save:      &protocol.SaveOptions{IncludeText: false},
			},
			CodeLensProvider:       &protocol.CodeLensOptions{ResolveProvider: true},
			HoverProvider:          true,
			ExecuteCommandProvider: &protocol.ExecuteCommandOptions{Commands: commands},
			Workspace: &protocol.ServerCapabilitiesWorkspace{
				WorkspaceFolders: &protocol.ServerCapabilitiesWorkspaceFolders{Supported: true, ChangeNotifications: true},
			},
		},
		ServerInfo: &protocol.ServerInfo{Name: "assertlens"},
	}
}

// uriToPath converts a file: URI into a clean absolute path. uri.URI panics or misbehaves on
// other schemes, so they are rejected here first.
func uriToPath(u protocol.DocumentURI) (string, error) {
	if u == "" {
		return "", fmt.Errorf("empty URI")
	}
	parsed, err := uri.Parse(string(u))
	if err != nil {
		return "", fmt.Errorf("parse URI %q: %w", u, err)
	}
	if !parsed.IsFile() {
		return "", fmt.Errorf("unsupported URI scheme %q (only file: URIs are served)", parsed.Scheme())
	}
	p := parsed.FsPath()
	if !filepath.IsAbs(p) {
		return "", fmt.Errorf("URI %q is not an absolute path", u)
	}
	return filepath.Clean(p), nil
}

// pathToURI converts an absolute path into a file: URI.
func pathToURI(path string) protocol.DocumentURI { return uri.File(path) }

// didChangeConfiguration applies new settings (under "assertlens", or given directly). A new
// baseline is set at once; a new class path or assertion list needs new engines, which the
// sessions create and index in the background.
func (s *server) didChangeConfiguration(raw json.RawMessage) error {
	var p struct {
		Settings any `json:"settings"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return fmt.Errorf("decode params: %w", err)
	}
	s.mu.Lock()
	old := s.settings
	next := old
	err := next.merge(p.Settings)
	if err == nil {
		s.settings = next
	}
	s.mu.Unlock()
	if err != nil {
		s.showMessage(protocol.MessageTypeError, "assertlens settings: %v", err)
		return err
	}
	restart := !equalStrings(old.Classpath, next.Classpath) || !equalStrings(old.ExtraAssertions, next.ExtraAssertions) ||
		old.RecordOnRun != next.RecordOnRun
	for _, ss := range s.allSessions() {
		switch {
		case restart:
			ss.requestNewEngine()
		case old.Baseline != next.Baseline:
			ss.refreshBaseline(next.Baseline)
		}
	}
	return nil
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
