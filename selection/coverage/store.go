// Package coverage keeps what a whole-suite run under the coverage agent recorded: for each
// member of the project, the test statements that executed it. The record is stored in the
// cache next to the index, keyed by the content hashes of the sources that ran, and read
// by `assertlens audit` (safety and precision against the recorded truth) and by selection.
package coverage

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/cespare/xxhash/v2"

	"github.com/assertlens/assertlens/analysis/atomicfile"
)

// magic starts every store file; a new layout gets a new magic, and files with another one
// are not loaded.
const magic = "assertlens-coverage-v5\n"

// FileName is the store's name inside the cache directory.
const FileName = "coverage.bin"

// ErrNoRecord is returned by Load when no store has been written yet.
var ErrNoRecord = errors.New("no coverage recorded yet: run `assertlens coverage` first")

// Site is where a test was when a member executed: Test is "pkg.Class#method" for code run
// by a test method ("pkg.Class" is the concrete class that ran, with nested classes
// dot-separated as in source), or "pkg.Class" alone for class-level code (static
// initializers of the test class, @BeforeClass/@BeforeAll). Line is the 1-based line of the
// running test statement in the file declaring the test method, AfterBody for code that
// ran after it (@After*, the after part of rules and extensions), 0 for other fixture code
// of the test (@Before*, rules, the test instance's constructor; a record made before the
// agent told after-body code apart has 0 for it too). OtherThread marks code that ran on a
// thread the test started.
type Site struct {
	Test        string `json:"test"`
	Line        int    `json:"line"`
	OtherThread bool   `json:"otherThread,omitempty"`
}

// AfterBody is the Site.Line of code that ran after the test method's body (the
// runner's AfterBody).
const AfterBody = -1

// Class returns the site's concrete test class id.
func (s Site) Class() string {
	if i := strings.IndexByte(s.Test, '#'); i >= 0 {
		return s.Test[:i]
	}
	return s.Test
}

// Method returns the site's test method name, "" for class-level code.
func (s Site) Method() string {
	if i := strings.IndexByte(s.Test, '#'); i >= 0 {
		return s.Test[i+1:]
	}
	return ""
}

// Member is one member of the project and the sites that executed it.
type Member struct {
	// ID is the analysis member id ("pkg.Foo#bar(int)", "pkg.Foo#<clinit>"). When the
	// executed code matched no member of the sources (a default constructor, say), ID is
	// built the same way from the bytecode and Source is false.
	ID     string
	Source bool
	Test   bool    // the member belongs to a class compiled from the test sources
	Sites  []int32 // indices into Store.Sites, ascending
	// ClassInit says the member ran during some class's initialization: what it computed
	// may live on in static fields, read by later tests that never execute it.
	ClassInit bool
	// NestedClassInit says a lambda body or a method of an anonymous or local class
	// declared in the member ran during some class's initialization (not merely the
	// member creating the function or the object).
	NestedClassInit bool
	// InitOf lists the project types whose class initialization ran the member (the
	// innermost one running when it did): a test that touches one of them in a JVM of its
	// own runs the member too, though the record credits it to the first test only.
	InitOf []string
}

// Summary is what `assertlens coverage --json` prints. Its JSON is a contract.
type Summary struct {
	Tests     int   `json:"tests"`
	Passed    int   `json:"passed"`
	Failed    int   `json:"failed"`
	Members   int   `json:"members"`
	Hits      int   `json:"hits"`
	SuiteMs   int64 `json:"suiteMs"`
	ElapsedMs int64 `json:"elapsedMs"`
	// Rerun counts the tests that failed in the shared JVM and ran once more in a fresh
	// one, whose records replace the first (Passed and Failed count the second outcome).
	Rerun int `json:"rerun,omitempty"`
	// FirstFailures name the first tests that still failed, with their messages
	// ("pkg.Class#method: message"): why a record vouches for less than the suite.
	FirstFailures []string `json:"firstFailures,omitempty"`
}

// TestOutcome is how one test method ended in the recorded run.
type TestOutcome struct {
	Test   string // "pkg.Class#method"
	Status string // passed, failed, error, skipped
	// Version is the sources the test ran against: 0 for Store.Files, i for
	// Store.Versions[i-1] (a run merged in later).
	Version int
}

// Store is one coverage record. Build makes it; Save and Load move it through the cache.
type Store struct {
	Created time.Time
	// Files maps every Java source the run compiled (relative path) to its content hash.
	Files map[string]uint64
	// Versions are the sources of runs merged in after the record was made (see Merge);
	// each test's TestOutcome.Version says which sources its record belongs to.
	Versions []map[string]uint64
	Summary  Summary
	Sites    []Site
	Members  []Member // sorted by ID
	Tests    []TestOutcome
	// Unattributed lists member ids that executed with no test running (engine threads,
	// pools created before any test) or on a thread whose creating test had ended (a
	// pooled thread serving a later test): they cannot be blamed on a statement.
	Unattributed []string
	// Notes explains what the record could not map or had to guess.
	Notes []string
}

// FilesOf returns the sources of a version (0: Files).
func (s *Store) FilesOf(version int) map[string]uint64 {
	if version <= 0 || version > len(s.Versions) {
		return s.Files
	}
	return s.Versions[version-1]
}

// HasFile reports whether some version of the record ran the source path with this hash.
func (s *Store) HasFile(path string, hash uint64) bool {
	for v := 0; v <= len(s.Versions); v++ {
		if h, ok := s.FilesOf(v)[path]; ok && h == hash {
			return true
		}
	}
	return false
}

// OffThread reports whether member id ran, somewhere in the record, while no test could be
// credited: with no test running, or on a thread a finished test had started (a parallel
// stream's pooled thread keeps the context of the test that created it). Such a member's
// record cannot say which tests execute it. Work on threads a running test started is
// credited to that test's statement.
func (s *Store) OffThread(id string) bool {
	return slices.Contains(s.Unattributed, id)
}

// Member returns the record of member id, or nil when the run never executed it.
func (s *Store) Member(id string) *Member {
	i, ok := slices.BinarySearchFunc(s.Members, id, func(m Member, id string) int { return strings.Compare(m.ID, id) })
	if !ok {
		return nil
	}
	return &s.Members[i]
}

// Hits returns the sites that executed member id, in the store's order.
func (s *Store) Hits(id string) []Site {
	m := s.Member(id)
	if m == nil {
		return nil
	}
	out := make([]Site, len(m.Sites))
	for i, si := range m.Sites {
		out[i] = s.Sites[si]
	}
	return out
}

// Fresh reports which recorded sources differ from files (path → content hash): changed
// or deleted files, and files the record never saw. An empty answer means the record
// belongs to exactly these sources.
func (s *Store) Fresh(files map[string]uint64) (stale []string) {
	for p, h := range s.Files {
		if cur, ok := files[p]; !ok || cur != h {
			stale = append(stale, p)
		}
	}
	for p := range files {
		if _, ok := s.Files[p]; !ok {
			stale = append(stale, p)
		}
	}
	sort.Strings(stale)
	return stale
}

// Save writes the store atomically: a reader sees the old file or the new one, and a
// file cut short (a kill mid-write on a file system without atomic rename) fails the
// length and checksum tests in Load.
func Save(path string, s *Store) error {
	var body bytes.Buffer
	if err := gob.NewEncoder(&body).Encode(s); err != nil {
		return fmt.Errorf("encode coverage: %w", err)
	}
	return atomicfile.WriteFunc(path, func(w io.Writer) error {
		var head [16]byte
		binary.LittleEndian.PutUint64(head[:8], uint64(body.Len()))
		binary.LittleEndian.PutUint64(head[8:], xxhash.Sum64(body.Bytes()))
		if _, err := io.WriteString(w, magic); err != nil {
			return err
		}
		if _, err := w.Write(head[:]); err != nil {
			return err
		}
		_, err := w.Write(body.Bytes())
		return err
	})
}

// Load reads a store written by Save. A missing file is ErrNoRecord; a file of another
// version, cut short or damaged is an error saying so, and nothing of it is used.
func Load(path string) (*Store, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, ErrNoRecord
	}
	if err != nil {
		return nil, fmt.Errorf("read coverage: %w", err)
	}
	if !bytes.HasPrefix(b, []byte(magic)) {
		return nil, fmt.Errorf("coverage record %s has another format; run `assertlens coverage` again", path)
	}
	b = b[len(magic):]
	if len(b) < 16 {
		return nil, fmt.Errorf("coverage record %s is truncated; run `assertlens coverage` again", path)
	}
	n, sum := binary.LittleEndian.Uint64(b[:8]), binary.LittleEndian.Uint64(b[8:16])
	body := b[16:]
	if uint64(len(body)) != n || xxhash.Sum64(body) != sum {
		return nil, fmt.Errorf("coverage record %s is damaged (length or checksum); run `assertlens coverage` again", path)
	}
	s := &Store{}
	if err := gob.NewDecoder(bytes.NewReader(body)).Decode(s); err != nil {
		return nil, fmt.Errorf("decode coverage %s: %w", path, err)
	}
	return s, nil
}
