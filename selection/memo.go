package selection

import (
	"sync"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/slicing"
)

// Memo carries from one selection to the next what does not depend on the change: the
// members every test statement may reach directly (calls and fields) and the members
// library code may call back on project types. All of it depends only on how names
// resolve, so it stays valid while the graph's ResolutionVersion stays the same (edits
// inside bodies); Select empties it when the version moves. A Memo is safe for concurrent
// use; the zero value is ready.
type Memo struct {
	mu        sync.Mutex
	version   any
	stmts     map[*slicing.TestMethod][][]string // per test method, per statement
	callbacks map[string][]string                // type name → callback members
	byName    map[string][]string                // simple type name → type ids
}

// maxMemoMethods bounds the statement memo; test methods replaced by re-discovery leave
// stale entries behind, and past this many the memo starts over.
const maxMemoMethods = 200_000

// lockFor makes the memo belong to version, emptying it when the version moved or the memo
// grew too big. It returns the memo locked; the caller unlocks it.
func (m *Memo) lockFor(version any) *Memo {
	m.mu.Lock()
	if m.version != version || m.stmts == nil || len(m.stmts) > maxMemoMethods {
		m.version = version
		m.stmts = map[*slicing.TestMethod][][]string{}
		m.callbacks = map[string][]string{}
		m.byName = nil
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
