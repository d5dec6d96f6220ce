package selection

import (
	"strings"
	"sync"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/slicing"
)

// Memo carries from one selection to the next what does not depend on the change: the
// members every test statement may reach directly (calls and fields), kept per test method
// while the graph resolves its file as before (Graph.FileVersion), and the members library
// code may call back on project types, kept while the graph's ResolutionVersion stays the
// same. A Memo is safe for concurrent use; the zero value is ready.
type Memo struct {
	mu        sync.Mutex
	version   any
	stmts     map[*slicing.TestMethod]*methodTargets
	callbacks map[string][]string // type name → callback members
	byName    map[string][]string // simple type name → type ids
	naming    []string            // base names of the resources that name project types; nil: not read yet
	// enumerating are, per file version, the calls that may enumerate an object's fields
	// (see enumeratingCalls).
	enumerating map[*analysis.File][]memberCall
	// Reach walks of the last selection, reused while the graph keeps the same edges and
	// the changed ids are the same (typing inside one method body).
	reachCur, reachBase cachedReach
	// last is the outcome of the last selection, reused when its key matches.
	last *cachedResult
	// units is a buffer selections collect their units in, kept to avoid regrowing it.
	units []slicing.Unit
	// counts are the totals of the test list whose backing array and length are countsOf
	// and countsLen: every selection reports them, and they change only with the tests.
	counts    slicing.Counts
	countsOf  **slicing.TestClass
	countsLen int
}

// countsFor returns slicing.Count(tests), counted again only when the test list changed.
func (m *Memo) countsFor(tests []*slicing.TestClass) slicing.Counts {
	if len(tests) == 0 {
		return slicing.Count(tests)
	}
	if m.countsOf != &tests[0] || m.countsLen != len(tests) {
		m.counts, m.countsOf, m.countsLen = slicing.Count(tests), &tests[0], len(tests)
	}
	return m.counts
}

// methodTargets are the resolved targets of one test method's statements.
type methodTargets struct {
	file  any // Graph.FileVersion of the method's file when they were resolved
	stmts []stmtTargets
}

// stmtTargets are what one statement depends on directly, in the order they are checked:
// resolved calls, then the callback members of the types it creates or uses (looked up per
// selection, as they depend on other files), then fields. Calls and fields are each
// followed by their declaring type.
type stmtTargets struct {
	calls, fields []string
	callbackTypes []string
}

// resultKey is what one selection's units depend on; see selector.resultKey.
type resultKey struct {
	cur, base                      *analysis.Reached
	alone, direct, failed, modules string
	classes                        **slicing.TestClass // the test list's backing array
	tests                          int
	level                          slicing.Level
	version                        any
}

// cachedResult is a selection's outcome kept for reuse. Its units are shared with the
// results that returned them, which callers must not modify.
type cachedResult struct {
	key       resultKey
	units     []slicing.Unit
	totals    Totals
	uncertain []string
}

// cachedReach is one remembered reverse walk.
type cachedReach struct {
	graph   *analysis.Graph
	from    string // the changed ids, joined
	reached *analysis.Reached
}

// reach returns g.ReachFrom(ids), reusing the remembered walk when g has the same edges
// as the graph it was made on.
func (c *cachedReach) reach(g *analysis.Graph, ids []string) *analysis.Reached {
	key := strings.Join(ids, "\x00")
	if c.reached != nil && c.from == key && c.graph.SameEdges(g) {
		c.graph = g
		return c.reached
	}
	r := g.ReachFrom(ids)
	*c = cachedReach{graph: g, from: key, reached: r}
	return r
}

// maxMemoMethods bounds the statement memo; test methods replaced by re-discovery leave
// stale entries behind, and past this many the memo starts over.
const maxMemoMethods = 200_000

// lockFor makes the memo belong to version, emptying it when the version moved or the memo
// grew too big. It returns the memo locked; the caller unlocks it.
func (m *Memo) lockFor(version any) *Memo {
	m.mu.Lock()
	if m.stmts == nil || len(m.stmts) > maxMemoMethods {
		m.stmts = map[*slicing.TestMethod]*methodTargets{}
	}
	if m.version != version || m.callbacks == nil {
		m.version = version
		m.callbacks = map[string][]string{}
		m.byName, m.naming = nil, nil
	}
	return m
}

// Warm resolves every test statement of tests against g ahead of the first selection, so
// that the first edit pays only for what it changes.
func (m *Memo) Warm(g *analysis.Graph, cur *analysis.Snapshot, tests []*slicing.TestClass) {
	if g == nil {
		return
	}
	defer m.lockFor(g.ResolutionVersion()).mu.Unlock()
	s := selector{in: Input{Cur: cur, CurGraph: g}, memo: m}
	for _, tc := range tests {
		for _, tm := range tc.Methods {
			s.statementTargets(tc, tm)
		}
	}
}

// forgetLast drops the remembered walks and result, keeping the statement targets.
func (m *Memo) forgetLast() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.reachCur, m.reachBase, m.last = cachedReach{}, cachedReach{}, nil
}
