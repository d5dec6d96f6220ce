package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"go.lsp.dev/protocol"
)

// maxDocumentBytes is the largest document given to the engine as an overlay.
const maxDocumentBytes = 4 << 20

// document is one open text document.
type document struct {
	uri     protocol.DocumentURI
	ss      *session // nil when the file lies outside every workspace folder
	rel     string   // slash path relative to ss.root
	version int32
	text    []byte // replaced, never mutated, so it can be handed out without copying
	ignored string // why the engine does not see this document (too large, binary)
	pushed  bool   // the engine has this version
}

// documents is the store of open documents. It is the source of truth for overlays: the
// session's worker drains the changed ones under the same lock that snapshots versions, so
// a result is always tagged with the versions it was computed from.
type documents struct {
	mu      sync.Mutex
	byURI   map[protocol.DocumentURI]*document
	removed map[*session]map[string]bool // overlays to remove (closed documents)
}

func newDocuments() *documents {
	return &documents{byURI: map[protocol.DocumentURI]*document{}, removed: map[*session]map[string]bool{}}
}

// docState is what a session's worker takes from the store in one step.
type docState struct {
	overlays map[string][]byte              // rel → content; nil content removes the overlay
	versions map[protocol.DocumentURI]int32 // every open document of the session
}

// drain returns the overlays the engine of ss lacks and the versions of its open documents.
func (d *documents) drain(ss *session) docState {
	d.mu.Lock()
	defer d.mu.Unlock()
	st := docState{overlays: map[string][]byte{}, versions: map[protocol.DocumentURI]int32{}}
	for rel := range d.removed[ss] {
		st.overlays[rel] = nil
	}
	delete(d.removed, ss)
	for _, doc := range d.byURI {
		if doc.ss != ss {
			continue
		}
		st.versions[doc.uri] = doc.version
		if !doc.pushed && doc.ignored == "" {
			st.overlays[doc.rel] = doc.text
			doc.pushed = true
		}
	}
	return st
}

// versions returns the versions of the open documents of ss.
func (d *documents) versions(ss *session) map[protocol.DocumentURI]int32 {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := map[protocol.DocumentURI]int32{}
	for _, doc := range d.byURI {
		if doc.ss == ss {
			out[doc.uri] = doc.version
		}
	}
	return out
}

// current reports whether every document in versions is still open at that version.
func (d *documents) current(versions map[protocol.DocumentURI]int32) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	for u, v := range versions {
		doc := d.byURI[u]
		if doc == nil || doc.version != v {
			return false
		}
	}
	return true
}

// get returns the text and version of an open document.
func (d *documents) get(u protocol.DocumentURI) ([]byte, int32, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	doc := d.byURI[u]
	if doc == nil {
		return nil, 0, false
	}
	return doc.text, doc.version, true
}

// resetSession marks every document of ss as not yet given to its engine (a new engine).
func (d *documents) resetSession(ss *session) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, doc := range d.byURI {
		if doc.ss == ss {
			doc.pushed = false
		}
	}
}

// contentChange is one TextDocumentContentChangeEvent. protocol.TextDocumentContentChangeEvent
// cannot tell a whole-document change (no range) from an insertion at 0:0, hence this type.
type contentChange struct {
	Range *protocol.Range `json:"range"`
	Text  string          `json:"text"`
}

// applyChanges applies content changes in order and returns new text (text is not modified).
func applyChanges(text []byte, changes []contentChange) []byte {
	for _, c := range changes {
		if c.Range == nil {
			text = []byte(c.Text)
			continue
		}
		start := PositionToOffset(text, c.Range.Start)
		end := PositionToOffset(text, c.Range.End)
		if end < start {
			start, end = end, start
		}
		next := make([]byte, 0, len(text)-(end-start)+len(c.Text))
		next = append(next, text[:start]...)
		next = append(next, c.Text...)
		next = append(next, text[end:]...)
		text = next
	}
	return text
}

// whyIgnored says why content is not given to the engine, or "".
func whyIgnored(text []byte) string {
	switch {
	case len(text) > maxDocumentBytes:
		return fmt.Sprintf("it is larger than %d MiB", maxDocumentBytes>>20)
	case bytes.IndexByte(text, 0) >= 0:
		return "it looks binary"
	}
	return ""
}

// locate maps an absolute path to the session whose folder holds it (the innermost one)
// and the slash path relative to that folder.
func (s *server) locate(path string) (*session, string) {
	var best *session
	var rel string
	for _, ss := range s.allSessions() {
		r, err := filepath.Rel(ss.root, path)
		if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			continue
		}
		if best == nil || len(ss.root) > len(best.root) {
			best, rel = ss, filepath.ToSlash(r)
		}
	}
	return best, rel
}

// locateURI is locate for a URI; it fails for non-file URIs.
func (s *server) locateURI(u protocol.DocumentURI) (*session, string, error) {
	path, err := uriToPath(u)
	if err != nil {
		return nil, "", err
	}
	ss, rel := s.locate(path)
	return ss, rel, nil
}

func (s *server) didOpen(raw json.RawMessage) error {
	var p struct {
		TextDocument struct {
			URI     protocol.DocumentURI `json:"uri"`
			Version int32                `json:"version"`
			Text    string               `json:"text"`
		} `json:"textDocument"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return fmt.Errorf("decode params: %w", err)
	}
	td := p.TextDocument
	ss, rel, err := s.locateURI(td.URI)
	if err != nil {
		return fmt.Errorf("ignoring %s: %w", td.URI, err)
	}
	doc := &document{uri: td.URI, ss: ss, rel: rel, version: td.Version, text: []byte(td.Text)}
	if doc.ignored = whyIgnored(doc.text); doc.ignored != "" {
		s.log.logf("not analysing %s: %s", td.URI, doc.ignored)
	}
	s.docs.mu.Lock()
	s.docs.byURI[td.URI] = doc
	if ss != nil {
		delete(s.docs.removed[ss], rel)
	}
	s.docs.mu.Unlock()
	if ss != nil && doc.ignored == "" {
		ss.edited()
	}
	return nil
}

func (s *server) didChange(raw json.RawMessage) error {
	var p struct {
		TextDocument struct {
			URI     protocol.DocumentURI `json:"uri"`
			Version int32                `json:"version"`
		} `json:"textDocument"`
		ContentChanges []contentChange `json:"contentChanges"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return fmt.Errorf("decode params: %w", err)
	}
	s.docs.mu.Lock()
	doc := s.docs.byURI[p.TextDocument.URI]
	if doc == nil {
		s.docs.mu.Unlock()
		return fmt.Errorf("change to %s, which is not open: ignored", p.TextDocument.URI)
	}
	doc.text = applyChanges(doc.text, p.ContentChanges)
	doc.version = p.TextDocument.Version
	doc.pushed = false
	was := doc.ignored
	doc.ignored = whyIgnored(doc.text)
	ss := doc.ss
	s.docs.mu.Unlock()
	if doc.ignored != "" && was == "" {
		s.log.logf("not analysing %s any more: %s", p.TextDocument.URI, doc.ignored)
	}
	if ss != nil {
		ss.edited()
	}
	return nil
}

func (s *server) didSave(raw json.RawMessage) error {
	var p struct {
		TextDocument struct {
			URI protocol.DocumentURI `json:"uri"`
		} `json:"textDocument"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return fmt.Errorf("decode params: %w", err)
	}
	ss, rel, err := s.locateURI(p.TextDocument.URI)
	if err != nil {
		return fmt.Errorf("ignoring %s: %w", p.TextDocument.URI, err)
	}
	if ss != nil {
		ss.filesChanged([]string{rel}, true)
		s.recordCoverageAfterSave()
	}
	return nil
}

func (s *server) didClose(raw json.RawMessage) error {
	var p struct {
		TextDocument struct {
			URI protocol.DocumentURI `json:"uri"`
		} `json:"textDocument"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return fmt.Errorf("decode params: %w", err)
	}
	s.docs.mu.Lock()
	doc := s.docs.byURI[p.TextDocument.URI]
	if doc != nil {
		delete(s.docs.byURI, doc.uri)
		if doc.ss != nil {
			if s.docs.removed[doc.ss] == nil {
				s.docs.removed[doc.ss] = map[string]bool{}
			}
			s.docs.removed[doc.ss][doc.rel] = true
		}
	}
	s.docs.mu.Unlock()
	if doc == nil {
		return fmt.Errorf("close of %s, which is not open: ignored", p.TextDocument.URI)
	}
	if doc.ss != nil {
		doc.ss.edited()
	}
	return nil
}
