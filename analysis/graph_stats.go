package analysis

import (
	"sort"
	"strings"
)

// GraphStats summarizes a graph for precision monitoring: how many edges of each kind, how
// many are guesses and why, which types have a library supertype whose overridable methods
// are unknown (every instance method of them is a possible callback), and the members
// whose change reaches the most nodes.
type GraphStats struct {
	Nodes             int            `json:"nodes"`
	Edges             int            `json:"edges"`
	EdgesByKind       map[string]int `json:"edgesByKind"`
	UncertainByReason map[string]int `json:"uncertainByReason"`
	// UnknownLibrarySupertypes maps a library supertype's simple name to the number of
	// project types that extend or implement it without it being in LibraryCallbacks.
	UnknownLibrarySupertypes map[string]int `json:"unknownLibrarySupertypes"`
	// WidestReach lists the members whose change reaches the most nodes, widest first,
	// among the statsCandidates members with the most direct dependents.
	WidestReach []ReachStat `json:"widestReach"`
}

// ReachStat is one member and the number of nodes its change reaches (itself included).
type ReachStat struct {
	ID    string `json:"id"`
	Reach int    `json:"reach"`
}

// statsCandidates bounds the reverse walks Stats makes (each costs about a millisecond on a
// 300k-line project).
const statsCandidates = 200

// Stats computes the graph's statistics; top is how many widest members to list.
func (g *Graph) Stats(top int) GraphStats {
	st := GraphStats{EdgesByKind: map[string]int{}, UncertainByReason: map[string]int{}, UnknownLibrarySupertypes: map[string]int{}}
	nodes := map[string]bool{}
	for _, fg := range g.files {
		for _, e := range fg.edges {
			st.Edges++
			st.EdgesByKind[e.Kind]++
			if e.Uncertain != "" {
				st.UncertainByReason[e.Uncertain]++
			}
			nodes[e.From], nodes[e.To] = true, true
		}
	}
	st.Nodes = len(nodes)
	for _, id := range g.snap.Types() {
		if !g.idx.libSuper[id] {
			continue
		}
		t := g.snap.Type(id)
		if t.Kind == "record" {
			st.UnknownLibrarySupertypes["Record"]++
			continue
		}
		for _, written := range append(append([]string{}, t.Extends...), t.Implements...) {
			simple := LibraryTypeName(written)
			if resolvesInProject(g.idx.supers[id], simple) {
				continue
			}
			if _, known := libraryCallbackList(simple); !known {
				st.UnknownLibrarySupertypes[simple]++
			}
		}
	}
	// Candidates: the members with the most direct dependents.
	type cand struct {
		id string
		n  int
	}
	var cands []cand
	for id := range nodes {
		if !strings.Contains(id, "#") {
			continue
		}
		if n := len(g.rev.get(id)); n > 0 {
			cands = append(cands, cand{id, n})
		}
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].n != cands[j].n {
			return cands[i].n > cands[j].n
		}
		return cands[i].id < cands[j].id
	})
	if len(cands) > statsCandidates {
		cands = cands[:statsCandidates]
	}
	for _, c := range cands {
		st.WidestReach = append(st.WidestReach, ReachStat{ID: c.id, Reach: g.ReachFrom([]string{c.id}).Len()})
	}
	sort.Slice(st.WidestReach, func(i, j int) bool {
		a, b := st.WidestReach[i], st.WidestReach[j]
		if a.Reach != b.Reach {
			return a.Reach > b.Reach
		}
		return a.ID < b.ID
	})
	if len(st.WidestReach) > top {
		st.WidestReach = st.WidestReach[:top]
	}
	if st.WidestReach == nil {
		st.WidestReach = []ReachStat{}
	}
	return st
}
