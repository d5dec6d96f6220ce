package analysis

// Reached is the outcome of a reverse walk from changed nodes: every node that can reach
// one of them, each with the next node on a shortest path toward a change. Chains are made
// only when asked for, so a walk that reaches most of a large graph stays cheap.
type Reached struct {
	next map[string]string // node → next node toward a change; "" for a changed id
}

// ReachFrom walks the reverse edges from the changed node ids. Ids not in the graph reach
// only themselves.
func (g *Graph) ReachFrom(changed []string) *Reached {
	next := make(map[string]string, 64)
	queue := make([]string, 0, 64)
	for _, id := range changed {
		if _, ok := next[id]; !ok {
			next[id] = ""
			queue = append(queue, id)
		}
	}
	for head := 0; head < len(queue); head++ {
		cur := queue[head]
		for _, rec := range g.rev.get(cur) {
			if _, ok := next[rec.From]; !ok {
				next[rec.From] = cur
				queue = append(queue, rec.From)
			}
		}
	}
	return &Reached{next: next}
}

// Has reports whether id reaches a change.
func (r *Reached) Has(id string) bool {
	if r == nil {
		return false
	}
	_, ok := r.next[id]
	return ok
}

// Len is the number of nodes reached, the changed ones included.
func (r *Reached) Len() int {
	if r == nil {
		return 0
	}
	return len(r.next)
}

// Chain returns the shortest chain [id, ..., changed id] following dependency edges, or nil
// when id reaches no change.
func (r *Reached) Chain(id string) []string {
	if !r.Has(id) {
		return nil
	}
	var out []string
	for cur := id; ; {
		out = append(out, cur)
		nxt := r.next[cur]
		if nxt == "" {
			return out
		}
		cur = nxt
	}
}

// Reach is ReachFrom with every chain made up front: it maps each reached node to its
// shortest chain [node, ..., changed id].
func (g *Graph) Reach(changed []string) map[string][]string {
	r := g.ReachFrom(changed)
	out := make(map[string][]string, len(r.next))
	for id := range r.next {
		out[id] = r.Chain(id)
	}
	return out
}
