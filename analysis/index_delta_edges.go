package analysis

import (
	"slices"
)

// SameEdges reports whether g and h share their edge stores, which means they have
// identical edges. Update keeps the stores when no re-resolved file's edges changed, so
// callers can key cached work on this.
func (g *Graph) SameEdges(h *Graph) bool {
	return g != nil && h != nil && g.fwd == h.fwd && g.rev == h.rev
}

// sameEdgesAfter reports whether every file Update touched (changed or resolved again)
// contributes the same edges to ng as to g, so that ng's stores would equal g's.
func sameEdgesAfter(g, ng *Graph, changed, redo map[string]bool) bool {
	same := func(p string) bool {
		var a, b []Edge
		if fg := g.files[p]; fg != nil {
			a = fg.edges
		}
		if fg := ng.files[p]; fg != nil {
			b = fg.edges
		}
		return sameEdgeMultiset(a, b)
	}
	for p := range changed {
		if !same(p) {
			return false
		}
	}
	for p := range redo {
		if !changed[p] && !same(p) {
			return false
		}
	}
	return true
}

// sameEdgeMultiset reports whether a and b hold the same edges the same number of times,
// in any order.
func sameEdgeMultiset(a, b []Edge) bool {
	if len(a) != len(b) {
		return false
	}
	if slices.Equal(a, b) {
		return true
	}
	x, y := slices.Clone(a), slices.Clone(b)
	slices.SortFunc(x, compareEdges)
	slices.SortFunc(y, compareEdges)
	return slices.Equal(x, y)
}
