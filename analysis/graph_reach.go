package analysis

// Reached is the outcome of a reverse walk from changed nodes: every node that can reach
// one of them, each with the next node on a shortest path toward a change. Chains are made
// only when asked for, so a walk that reaches most of a large graph stays cheap.
type Reached struct {
	ids   *nodeIDs
	next  []int32         // by node number: next node toward a change, -1 at a change, -2 unreached
	alone map[string]bool // changed ids the graph does not hold: they reach only themselves
	n     int
}

// ReachFrom walks the reverse edges from the changed node ids. Ids not in the graph reach
// only themselves.
func (g *Graph) ReachFrom(changed []string) *Reached {
	c := g.callers
	r := &Reached{ids: c.ids, alone: map[string]bool{}}
	var starts []int32
	for _, id := range changed {
		if n, ok := c.ids.lookup(id); ok && int(n) < len(c.callers) {
			starts = append(starts, n)
		} else {
			r.alone[id] = true
		}
	}
	r.next = c.walk(starts)
	for _, x := range r.next {
		if x != -2 {
			r.n++
		}
	}
	r.n += len(r.alone)
	return r
}

// number returns id's node number when id was reached.
func (r *Reached) number(id string) (int32, bool) {
	n, ok := r.ids.lookup(id)
	if !ok || int(n) >= len(r.next) || r.next[n] == -2 {
		return 0, false
	}
	return n, true
}

// Has reports whether id reaches a change.
func (r *Reached) Has(id string) bool {
	if r == nil {
		return false
	}
	if r.alone[id] {
		return true
	}
	_, ok := r.number(id)
	return ok
}

// Len is the number of nodes reached, the changed ones included.
func (r *Reached) Len() int {
	if r == nil {
		return 0
	}
	return r.n
}

// Chain returns the shortest chain [id, ..., changed id] following dependency edges, or nil
// when id reaches no change.
func (r *Reached) Chain(id string) []string {
	if r == nil {
		return nil
	}
	if r.alone[id] {
		return []string{id}
	}
	n, ok := r.number(id)
	if !ok {
		return nil
	}
	length := 1
	for m := n; r.next[m] >= 0; m = r.next[m] {
		length++
	}
	out := make([]string, 1, length)
	out[0] = id
	r.ids.mu.RLock()
	defer r.ids.mu.RUnlock()
	for r.next[n] >= 0 {
		n = r.next[n]
		out = append(out, r.ids.names[n])
	}
	return out
}

// each calls fn with every reached id.
func (r *Reached) each(fn func(id string)) {
	for n, x := range r.next {
		if x != -2 {
			fn(r.ids.name(int32(n)))
		}
	}
	for id := range r.alone {
		fn(id)
	}
}

// Reach is ReachFrom with every chain made up front: it maps each reached node to its
// shortest chain [node, ..., changed id].
func (g *Graph) Reach(changed []string) map[string][]string {
	r := g.ReachFrom(changed)
	out := make(map[string][]string, r.Len())
	r.each(func(id string) { out[id] = r.Chain(id) })
	return out
}
