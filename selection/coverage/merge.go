package coverage

import (
	"maps"
	"slices"
	"strings"
	"time"
)

// Merge returns the record of into with the tests of run replaced by run's records: their
// outcomes and every statement of theirs, against the sources run ran (a new version when
// they differ from every version into holds). Statements of other tests keep their records
// and versions; class-level sites (class setup, shared by the tests of a class) are kept
// from both, and a member counts as run during class initialization if either says so.
// Neither input is changed.
func Merge(into, run *Store) *Store {
	version := -1
	for v := 0; v <= len(into.Versions); v++ {
		if maps.Equal(into.FilesOf(v), run.Files) {
			version = v
			break
		}
	}
	out := &Store{Created: time.Now().UTC(), Files: into.Files, Versions: slices.Clone(into.Versions),
		Summary: into.Summary, Notes: slices.Clone(into.Notes)}
	out.Summary.FirstFailures = nil // the merged runs' outcomes replace the first run's
	if version < 0 {
		out.Versions = append(out.Versions, run.Files)
		version = len(out.Versions)
	}
	ran := map[string]bool{}
	for _, t := range run.Tests {
		ran[t.Test] = true
	}
	for _, t := range into.Tests {
		if !ran[t.Test] {
			out.Tests = append(out.Tests, t)
		}
	}
	for _, t := range run.Tests {
		t.Version = version
		out.Tests = append(out.Tests, t)
	}
	slices.SortFunc(out.Tests, func(a, b TestOutcome) int { return strings.Compare(a.Test, b.Test) })

	siteIndex := map[Site]int32{}
	addSite := func(s Site) int32 {
		i, ok := siteIndex[s]
		if !ok {
			i = int32(len(out.Sites))
			siteIndex[s] = i
			out.Sites = append(out.Sites, s)
		}
		return i
	}
	members := map[string]*Member{}
	add := func(src *Store, m Member, keep func(Site) bool) {
		acc := members[m.ID]
		if acc == nil {
			acc = &Member{ID: m.ID}
			members[m.ID] = acc
		}
		acc.Source, acc.Test = acc.Source || m.Source, acc.Test || m.Test
		acc.ClassInit = acc.ClassInit || m.ClassInit
		acc.NestedClassInit = acc.NestedClassInit || m.NestedClassInit
		for _, k := range m.InitOf {
			if !slices.Contains(acc.InitOf, k) {
				acc.InitOf = append(acc.InitOf, k)
			}
		}
		for _, si := range m.Sites {
			if s := src.Sites[si]; keep(s) {
				acc.Sites = append(acc.Sites, addSite(s))
			}
		}
	}
	for _, m := range into.Members {
		add(into, m, func(s Site) bool { return !ran[s.Test] })
	}
	for _, m := range run.Members {
		add(run, m, func(Site) bool { return true })
	}
	for _, id := range slices.Sorted(maps.Keys(members)) {
		m := members[id]
		slices.Sort(m.InitOf)
		slices.Sort(m.Sites)
		m.Sites = slices.Compact(m.Sites)
		if len(m.Sites) == 0 && !m.ClassInit {
			continue
		}
		out.Members = append(out.Members, *m)
	}
	out.Unattributed = slices.Compact(slices.Sorted(slices.Values(append(slices.Clone(into.Unattributed), run.Unattributed...))))
	out.Summary.Tests, out.Summary.Passed, out.Summary.Failed = len(out.Tests), 0, 0
	for _, t := range out.Tests {
		switch t.Status {
		case "passed":
			out.Summary.Passed++
		case "failed", "error":
			out.Summary.Failed++
		}
	}
	out.Summary.Members, out.Summary.Hits = len(out.Members), 0
	for _, m := range out.Members {
		out.Summary.Hits += len(m.Sites)
	}
	return out
}
