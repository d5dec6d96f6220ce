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
	// Chains in BFS order: a node's chain is itself followed by its parent's chain.
	out := make(map[string][]string, len(order))
	for _, id := range order {
		p := parent[id]
		if p == "" {
			out[id] = []string{id}
			continue
		}
		pc := out[p]
		chain := make([]string, 0, len(pc)+1)
		out[id] = append(append(chain, id), pc...)
	}
	return out
}
