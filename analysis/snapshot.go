package analysis

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/assertlens/assertlens/analysis/project"

	"github.com/cespare/xxhash/v2"
	sitter "github.com/smacker/go-tree-sitter"
)

// MaxFileSize is the largest source file assertlens parses; larger ones are reported as
// parse errors and skipped (generated tables, minified code).
const MaxFileSize = 4 << 20

// Snapshot is one immutable state of a workspace: every Java file parsed into members, plus
// the hashes of build files and resources. Editing makes a new Snapshot that shares the
// unchanged Files.
type Snapshot struct {
	Root   string
	Source Source
	Files  map[string]*File  // .java files by relative path
	Other  map[string]uint64 // build files and resources: content hash by relative path
	// Named holds, for each resource that mentions dotted names, those names (see
	// resourceNames and ResourceTypes). Shared between snapshots like Other.
	Named   map[string][]string
	Modules []string // module folders ("" is the root), from Project
	// Project is the build layout read from the build files. Java files outside its source
	// folders are not indexed; Excluded names the folders holding them.
	Project  *project.Model
	Excluded []string
	Cached   int // files taken from the cache rather than parsed
	Elapsed  time.Duration

	edits map[string][]byte // contents given to WithFile, newer than Source
	// parsed holds the trees of the test files Build parsed, for discovery to take.
	parsed *parsedTrees

	once    sync.Once
	indexed atomic.Bool
	types   map[string]*Type
	owner   map[string]*File
	dups    bool // some type id is declared in more than one file
	// indexBase is an ancestor whose type table is built and indexDirty the paths edited
	// since: the table is derived from the ancestor's instead of read off every file.
	indexBase  *Snapshot
	indexDirty []string
}

// maxIndexDirty bounds the edits a type table is derived across.
const maxIndexDirty = 64

// Build indexes every file of src. Files whose path and content are in cache (may be nil) are
// not parsed again. Unreadable or vanished files are skipped with a parse error.
func Build(ctx context.Context, root string, src Source, cache *Cache) (*Snapshot, error) {
	start := time.Now()
	paths, err := src.List()
	if err != nil {
		return nil, fmt.Errorf("list files of %s: %w", src.Describe(), err)
	}
	s := &Snapshot{Root: root, Source: src, Files: map[string]*File{}, Other: map[string]uint64{},
		Named: map[string][]string{}, parsed: &parsedTrees{}}
	s.Project = project.Load(paths, src.Read)
	var javaPaths []string
	for _, p := range paths {
		switch {
		case strings.HasSuffix(p, ".java"):
			if s.Project.Contains(p) {
				javaPaths = append(javaPaths, p)
			}
		case s.Project.Wanted(p):
			if b, err := src.Read(p); err == nil {
				s.Other[p] = xxhash.Sum64(b)
				s.noteNames(p, b)
			}
		}
	}
	for _, p := range s.Project.Parents {
		// Parent POMs outside the workspace are not listed, but they are build files.
		if _, ok := s.Other[p]; !ok {
			if b, err := src.Read(p); err == nil {
				s.Other[p] = xxhash.Sum64(b)
			}
		}
	}
	s.Excluded = s.Project.Outside(paths)
	s.Modules = s.Project.ModuleDirs()

	results := make([]*File, len(javaPaths))
	cachedFlags := make([]bool, len(javaPaths))
	var wg sync.WaitGroup
	next := make(chan int)
	workers := runtime.GOMAXPROCS(0)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f, tree, cached := loadFile(src, javaPaths[i], cache)
				results[i], cachedFlags[i] = s.withBuildTest(f), cached
				if tree != nil {
					if results[i].Test {
						s.parsed.put(f.Path, f.ContentHash, tree)
					} else {
						tree.Close()
					}
				}
			}
		}()
	}
	for i := range javaPaths {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("index cancelled: %w", err)
	}
	for i, f := range results {
		if f != nil {
			s.Files[f.Path] = f
			if cachedFlags[i] {
				s.Cached++
			}
		}
	}
	s.Elapsed = time.Since(start)
	return s, nil
}

// loadFile reads and parses one file, or takes it from the cache. When it parsed the file,
// it also returns the parse tree, which the caller owns.
func loadFile(src Source, rel string, cache *Cache) (*File, *sitter.Tree, bool) {
	b, err := src.Read(rel)
	if err != nil {
		return &File{Path: rel, Test: IsTestPath(rel), ParseErrors: []ParseError{{File: rel, Line: 1, Message: err.Error()}}}, nil, false
	}
	if len(b) > MaxFileSize {
		return &File{Path: rel, ContentHash: xxhash.Sum64(b), Test: IsTestPath(rel),
			ParseErrors: []ParseError{{File: rel, Line: 1, Message: fmt.Sprintf("file too large to index (%d bytes)", len(b))}}}, nil, false
	}
	if cache != nil {
		if f := cache.Get(rel, b); f != nil {
			return f, nil, true
		}
	}
	f, tree := parseSourceTree(rel, b)
	if cache != nil {
		cache.Put(f)
	}
	return f, tree, false
}

// ParseSource parses one file's bytes and decides whether it is test code: by its path, or,
// outside src/main, by test markers in the code.
func ParseSource(rel string, b []byte) *File {
	f, tree := parseSourceTree(rel, b)
	if tree != nil {
		tree.Close()
	}
	return f
}

// parseSourceTree is ParseSource that also returns the parse tree (nil for binary
// content), which the caller owns.
func parseSourceTree(rel string, b []byte) (*File, *sitter.Tree) {
	if isBinary(b) {
		return &File{Path: rel, ContentHash: xxhash.Sum64(b), Test: IsTestPath(rel),
			ParseErrors: []ParseError{{File: rel, Line: 1, Message: "binary content, not Java source"}}}, nil
	}
	tree := ParseTree(b, nil)
	return classify(rel, ExtractFile(rel, b, tree, IsTestPath(rel))), tree
}

// classify marks a file outside src/main as test code when its code has test markers.
func classify(rel string, f *File) *File {
	if !f.Test && !strings.Contains(rel, "src/main/") && HasTestMarkers(f) {
		f.Test = true
	}
	return f
}

func isBinary(b []byte) bool {
	n := min(len(b), 8000)
	head := b[:n]
	nuls := bytes.Count(head, []byte{0})
	if nuls == 0 {
		return false
	}
	// Java sources may hold NUL characters in string and char literals (fuzzing tests
	// hold thousands); such a file is still text when it is valid UTF-8 and either NULs are
	// rare or it declares a type. Skipping it would hide its tests from discovery.
	if !utf8.Valid(trimPartialRune(head)) {
		return true
	}
	return nuls*64 > n && !declaresType(b)
}

// declaresType reports whether b contains a keyword that starts a Java type declaration.
func declaresType(b []byte) bool {
	for _, kw := range []string{"class ", "interface ", "enum ", "record "} {
		if bytes.Contains(b, []byte(kw)) {
			return true
		}
	}
	return false
}

// trimPartialRune drops a UTF-8 sequence cut off at the end of b.
func trimPartialRune(b []byte) []byte {
	for i := 1; i < utf8.UTFMax && i <= len(b); i++ {
		if utf8.RuneStart(b[len(b)-i]) {
			if !utf8.FullRune(b[len(b)-i:]) {
				return b[:len(b)-i]
			}
			break
		}
	}
	return b
}

// TestAnnotations are the method annotations that make a method a test.
var TestAnnotations = map[string]bool{
	"Test": true, "ParameterizedTest": true, "RepeatedTest": true, "TestFactory": true, "TestTemplate": true,
}

// HasTestMarkers reports whether a file declares test methods or JUnit 3 test cases.
func HasTestMarkers(f *File) bool {
	for _, t := range f.Types {
		if hasString(t.Extends, "TestCase") {
			return true
		}
		for _, m := range t.Members {
			for _, a := range m.Annotations {
				if TestAnnotations[a] {
					return true
				}
			}
		}
	}
	return false
}

// WithFile returns a new snapshot in which one file has new content (nil content deletes
// it). Only that file is parsed; every other File is shared with s. A build file or resource
// updates Other (a build file also re-reads the build layout); a Java file outside the
// build's source folders is recorded but not indexed.
func (s *Snapshot) WithFile(rel string, content []byte) *Snapshot {
	if !strings.HasSuffix(rel, ".java") {
		return s.withOther(rel, content)
	}
	n := s.derive(rel, content)
	if content == nil || !n.project().Contains(rel) {
		delete(n.Files, rel)
		return n
	}
	n.Files[rel] = n.withBuildTest(ParseSource(rel, content))
	return n
}

// withOther is WithFile for a file that is not Java source.
func (s *Snapshot) withOther(rel string, content []byte) *Snapshot {
	n := s.derive(rel, content)
	n.Other = maps.Clone(s.Other)
	if n.Other == nil {
		n.Other = map[string]uint64{}
	}
	if IsBuildFile(rel) {
		n.Project = project.Load(n.listed(), n.Read)
		n.Modules = n.Project.ModuleDirs()
	}
	n.Named = maps.Clone(s.Named)
	if n.Named == nil {
		n.Named = map[string][]string{}
	}
	delete(n.Named, rel)
	if content == nil || !n.project().Wanted(rel) {
		delete(n.Other, rel)
	} else {
		n.Other[rel] = xxhash.Sum64(content)
		n.noteNames(rel, content)
	}
	return n
}

// noteNames records the dotted names a resource mentions (build files name plugins and
// dependencies, not classes the code makes).
func (s *Snapshot) noteNames(rel string, content []byte) {
	if IsBuildFile(rel) {
		return
	}
	if names := resourceNames(content); len(names) > 0 {
		s.Named[rel] = names
	}
}

// listed returns the paths the snapshot knows: its Java files, other files and edits.
func (s *Snapshot) listed() []string {
	seen := make(map[string]bool, len(s.Files)+len(s.Other)+len(s.edits))
	for p := range s.Files {
		seen[p] = true
	}
	for p := range s.Other {
		seen[p] = true
	}
	for p, b := range s.edits {
		seen[p] = b != nil
	}
	out := make([]string, 0, len(seen))
	for p, ok := range seen {
		if ok {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// plainModel is the layout of snapshots made without Build.
var plainModel = project.PlainModel()

// project returns the build layout, a plain one for snapshots made without Build.
func (s *Snapshot) project() *project.Model {
	if s.Project == nil {
		return plainModel
	}
	return s.Project
}

// withBuildTest marks a file as test code when the build compiles it as a test (a Maven
// <testSourceDirectory> the path rule does not recognise). It never unmarks one.
func (s *Snapshot) withBuildTest(f *File) *File {
	if f == nil || f.Test || s.project().Kind == project.Plain || !s.project().IsTest(f.Path) {
		return f
	}
	g := *f
	g.Test = true
	return &g
}

// derive copies s's file table and records the new content of rel.
func (s *Snapshot) derive(rel string, content []byte) *Snapshot {
	n := &Snapshot{Root: s.Root, Source: s.Source, Files: make(map[string]*File, len(s.Files)+1),
		Other: s.Other, Named: s.Named, Modules: s.Modules, Project: s.Project, Excluded: s.Excluded, edits: make(map[string][]byte, len(s.edits)+1)}
	for k, v := range s.Files {
		n.Files[k] = v
	}
	for k, v := range s.edits {
		n.edits[k] = v
	}
	n.edits[rel] = content
	switch {
	case s.indexed.Load():
		n.indexBase, n.indexDirty = s, []string{rel}
	case s.indexBase != nil && len(s.indexDirty) < maxIndexDirty:
		n.indexBase, n.indexDirty = s.indexBase, append(slices.Clone(s.indexDirty), rel)
	}
	return n
}

// Read returns the content of a file as this snapshot sees it.
func (s *Snapshot) Read(rel string) ([]byte, error) {
	if b, ok := s.edits[rel]; ok {
		if b == nil {
			return nil, fmt.Errorf("read %s: deleted", rel)
		}
		return b, nil
	}
	return s.Source.Read(rel)
}

// WithParsedFile is WithFile for a file the caller has already parsed (the server keeps
// incremental trees of open documents).
func (s *Snapshot) WithParsedFile(f *File, content []byte) *Snapshot {
	n := s.derive(f.Path, content)
	if !n.project().Contains(f.Path) {
		delete(n.Files, f.Path)
		return n
	}
	n.Files[f.Path] = n.withBuildTest(f)
	return n
}

func (s *Snapshot) index() {
	s.once.Do(func() {
		defer func() {
			s.indexBase, s.indexDirty = nil, nil
			s.indexed.Store(true)
		}()
		if b := s.indexBase; b != nil && !b.dups && s.deriveIndex(b) {
			return
		}
		s.types = map[string]*Type{}
		s.owner = map[string]*File{}
		for _, f := range s.Files {
			for _, t := range f.Types {
				if _, seen := s.types[t.ID]; seen {
					s.dups = true
				}
				s.types[t.ID] = t
				s.owner[t.ID] = f
			}
		}
	})
}

// deriveIndex builds the type table from the built table of ancestor b by replacing the
// types of the files edited since. It declines (false) when an edit declares a type id that
// another file declares too: which one wins is then up to a full build.
func (s *Snapshot) deriveIndex(b *Snapshot) bool {
	types := make(map[string]*Type, len(b.types)+8)
	owner := make(map[string]*File, len(b.owner)+8)
	for k, v := range b.types {
		types[k] = v
	}
	for k, v := range b.owner {
		owner[k] = v
	}
	for _, p := range s.indexDirty {
		if old := b.Files[p]; old != nil {
			for _, t := range old.Types {
				if owner[t.ID] == old {
					delete(types, t.ID)
					delete(owner, t.ID)
				}
			}
		}
	}
	done := map[string]bool{}
	for _, p := range s.indexDirty {
		f := s.Files[p]
		if f == nil || done[p] {
			continue
		}
		done[p] = true
		for _, t := range f.Types {
			if _, taken := owner[t.ID]; taken {
				return false
			}
			types[t.ID] = t
			owner[t.ID] = f
		}
	}
	s.types, s.owner = types, owner
	return true
}

// Type returns the type with the given id, or nil.
func (s *Snapshot) Type(id string) *Type { s.index(); return s.types[id] }

// FileOf returns the file declaring the type id, or nil.
func (s *Snapshot) FileOf(typeID string) *File { s.index(); return s.owner[typeID] }

// Types returns every type id, sorted.
func (s *Snapshot) Types() []string {
	s.index()
	ids := make([]string, 0, len(s.types))
	for id := range s.types {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// SortedPaths returns the relative paths of the Java files, sorted.
func (s *Snapshot) SortedPaths() []string {
	out := make([]string, 0, len(s.Files))
	for p := range s.Files {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// Stats counts what the snapshot holds.
type Stats struct {
	Files, Types, Methods, Fields, TestClasses, TestMethods, Lines int
	ParseErrors                                                    []ParseError
}

// Stats counts files, types, members and tests.
func (s *Snapshot) Stats() Stats {
	var st Stats
	for _, p := range s.SortedPaths() {
		f := s.Files[p]
		st.Files++
		st.Lines += f.Lines
		st.ParseErrors = append(st.ParseErrors, f.ParseErrors...)
		for _, t := range f.Types {
			st.Types++
			tests := 0
			for _, m := range t.Members {
				switch m.Kind {
				case KindMethod, KindConstructor:
					st.Methods++
					if f.Test && IsTestMethod(t, m) {
						tests++
					}
				case KindField:
					st.Fields++
				}
			}
			st.TestMethods += tests
			if tests > 0 {
				st.TestClasses++
			}
		}
	}
	return st
}

// IsTestMethod reports whether m is a test method of t: annotated as a JUnit 4/5 test, or a
// public no-argument test* method of a JUnit 3 TestCase subclass.
func IsTestMethod(t *Type, m *Member) bool {
	if m.Kind != KindMethod {
		return false
	}
	for _, a := range m.Annotations {
		if TestAnnotations[a] {
			return true
		}
	}
	return hasString(t.Extends, "TestCase") && strings.HasPrefix(m.Name, "test") && len(m.Params) == 0 && m.Access == "public"
}

// ModuleOf returns the folder of the build module holding rel ("" for the root module).
func (s *Snapshot) ModuleOf(rel string) string { return s.project().ModuleOf(rel) }

// CompiledAsTest says whether the build compiles rel in the test phase (after the main
// sources). Without a build layout everything is one test phase, so no file can depend on
// one compiled later.
func (s *Snapshot) CompiledAsTest(rel string) bool {
	m := s.project()
	return m.Kind == project.Plain || m.IsTest(rel)
}

// ChangedPaths lists, sorted, the Java files whose content differs between a and b,
// including files only one of them has.
func ChangedPaths(a, b *Snapshot) []string {
	var out []string
	for p, f := range a.Files {
		if g := b.Files[p]; g == nil || g.ContentHash != f.ContentHash {
			out = append(out, p)
		}
	}
	for p := range b.Files {
		if a.Files[p] == nil {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// Fingerprint hashes everything the snapshot was read from: the path (relative to the
// root) and content hash of every Java file and every build file or resource it tracks,
// and which files are test sources. Two snapshots with the same fingerprint hold the same
// sources, so what is derived from one (the graph, the tests) holds for the other, even
// in another folder.
func (s *Snapshot) Fingerprint() uint64 {
	d := xxhash.New()
	for _, p := range s.SortedPaths() {
		d.WriteString(p)
		d.Write([]byte{0})
		writeUint64(d, s.Files[p].ContentHash)
		if s.Files[p].Test {
			d.Write([]byte{1})
		}
	}
	d.Write([]byte{0})
	others := make([]string, 0, len(s.Other))
	for p := range s.Other {
		others = append(others, p)
	}
	slices.Sort(others)
	for _, p := range others {
		d.WriteString(p)
		d.Write([]byte{0})
		writeUint64(d, s.Other[p])
	}
	return d.Sum64()
}
