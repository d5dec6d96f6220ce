package slicing

import (
	"encoding/gob"
	"errors"
	"fmt"
	"io"

	"github.com/assertlens/assertlens/analysis"
)

// persistFormat names the layout Encode writes; Restore rejects any other. The caller keys
// the stored discovery by everything it was derived from (the snapshot's files, the options,
// the program that derived it), so the format only guards the layout itself.
const persistFormat = "assertlens-tests-v5"

type persistHeader struct {
	Format  string
	Classes int
}

// Encode writes the discovered classes, with everything a selection reads from them
// (statements, their calls, units and slices), so that Restore can stand in for a
// discovery of the same snapshot.
func (d *Discovery) Encode(w io.Writer) error {
	enc := gob.NewEncoder(w)
	if err := enc.Encode(persistHeader{Format: persistFormat, Classes: len(d.Classes)}); err != nil {
		return fmt.Errorf("encode tests: %w", err)
	}
	// One stream, not chunks decoded in parallel: a warm start restores the tests beside
	// the graph, so both cores are busy anyway, and parallel decoding held about a third
	// more memory (commons-lang: 266 -> 420 MB for a warm select).
	if err := enc.Encode(d.Classes); err != nil {
		return fmt.Errorf("encode tests: %w", err)
	}
	return nil
}

// Restore reads what Encode wrote as the discovery of s. The caller vouches that s is the
// snapshot (same files, same options) the stored discovery was made in. A restored
// discovery answers like the one it was saved from; it keeps none of the analysis that
// makes Update incremental, so its first Update discovers everything again.
func Restore(s *analysis.Snapshot, r io.Reader, opts Options) (*Discovery, error) {
	if s == nil {
		return nil, errors.New("slicing: restore: nil snapshot")
	}
	dec := gob.NewDecoder(r)
	var h persistHeader
	if err := dec.Decode(&h); err != nil {
		return nil, fmt.Errorf("restore tests: %w", err)
	}
	if h.Format != persistFormat {
		return nil, fmt.Errorf("restore tests: format %q, want %q", h.Format, persistFormat)
	}
	var classes []*TestClass
	if err := dec.Decode(&classes); err != nil {
		return nil, fmt.Errorf("restore tests: %w", err)
	}
	if len(classes) != h.Classes {
		return nil, fmt.Errorf("restore tests: %d classes, header says %d", len(classes), h.Classes)
	}
	for _, tc := range classes {
		emptyNotNull(tc)
	}
	return &Discovery{Classes: classes, snap: s, opts: opts}, nil
}

// emptyNotNull makes every list of tc that the JSON output shows non-nil, so that an empty
// one reads [] rather than null; discovery and Restore (gob keeps no empty lists) both
// apply it, so a restored discovery reads the same.
func emptyNotNull(tc *TestClass) {
	tc.Methods = orEmpty(tc.Methods)
	tc.Fixtures = orEmpty(tc.Fixtures)
	for _, m := range tc.Methods {
		m.Statements = orEmpty(m.Statements)
		m.Units = orEmpty(m.Units)
		for i := range m.Statements {
			st := &m.Statements[i]
			st.Defs, st.Uses = orEmpty(st.Defs), orEmpty(st.Uses)
		}
		for i := range m.Units {
			u := &m.Units[i]
			u.Statements = orEmpty(u.Statements) // Because and Via stay nil: selection fills them
		}
		if m.After != nil {
			m.After.Statements = orEmpty(m.After.Statements)
		}
	}
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// Restored reports whether d was read by Restore rather than discovered: it then has no
// analysis to update incrementally.
func (d *Discovery) Restored() bool { return d.proj == nil }
