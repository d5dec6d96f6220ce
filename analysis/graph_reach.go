package analysis

// Reach walks the reverse edges from the changed node ids and returns every node that can
// reach one of them (the changed ids included), each with a shortest chain
// [node, ..., changed id] following dependency edges. Ids not in the graph reach only
// themselves.
func (g *Graph) Reach(changed []string) map[string][]string {
	parent := make(map[string]string, len(changed))
	order := make([]string, 0, len(changed))
	for _, id := range changed {
		if _, ok := parent[id]; !ok {
			parent[id] = ""
			order = append(order, id)
		}
	}
	for head := 0; head < len(order); head++ {
		cur := order[head]
		for _, rec := range g.rev.get(cur) {
			if _, ok := parent[rec.From]; !ok {
				parent[rec.From] = cur
				order = append(order, rec.From)
			}
		}
	}
	// A node's chain is itself followed by its parent's chain. BFS order puts parents
	// first; all chains are cut from one backing array to keep allocation flat.
	depth := make([]int, len(order))
	pos := make(map[string]int, len(order))
	total := 0
	for i, id := range order {
		pos[id] = i
		depth[i] = 1
		if p := parent[id]; p != "" {
			depth[i] = depth[pos[p]] + 1
		}
		total += depth[i]
	}
	backing := make([]string, 0, total)
	out := make(map[string][]string, len(order))
	for i, id := range order {
		start := len(backing)
		backing = append(backing, id)
		if p := parent[id]; p != "" {
			backing = append(backing, out[p]...)
		}
		out[id] = backing[start : start+depth[i] : start+depth[i]]
	}
	return out
}
