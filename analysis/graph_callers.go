package analysis

import "sync"

// nodeIDs numbers node ids densely for one lineage of graphs (a build and the updates
// derived from it), so that reverse walks can use slices instead of string maps. It only
// grows: a graph knows the numbers that existed when it was made, and later numbers are
// beyond its tables.
type nodeIDs struct {
	mu    sync.RWMutex
	index map[string]int32
	names []string
}

func newNodeIDs() *nodeIDs { return &nodeIDs{index: map[string]int32{}} }

// lookup returns the number of id, if it has one.
func (t *nodeIDs) lookup(id string) (int32, bool) {
	t.mu.RLock()
	n, ok := t.index[id]
	t.mu.RUnlock()
	return n, ok
}

// intern returns the number of id, giving it the next one when it has none.
func (t *nodeIDs) intern(id string) int32 {
	if n, ok := t.lookup(id); ok {
		return n
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if n, ok := t.index[id]; ok {
		return n
	}
	n := int32(len(t.names))
	t.index[id] = n
	t.names = append(t.names, id)
	return n
}

// name returns the id numbered n.
func (t *nodeIDs) name(n int32) string {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.names[n]
}

// callerIndex is the reverse adjacency of one graph by node number: callers[n] are the
// distinct nodes with an edge to node n. It is persistent like the edge stores: with
// copies the row table and replaces only the rows an update touched.
type callerIndex struct {
	ids     *nodeIDs
	callers [][]int32
}

// buildCallerIndex numbers every node of rev and records its callers.
func buildCallerIndex(rev *edgeStore) *callerIndex {
	c := &callerIndex{ids: newNodeIDs()}
	var keys []string
	for _, m := range rev.shards {
		for key := range m {
			keys = append(keys, key)
		}
	}
	return c.with(rev, keys)
}

// with returns the index after the rows of the given keys changed in rev (the store of the
// new graph); c is not modified.
func (c *callerIndex) with(rev *edgeStore, touched []string) *callerIndex {
	rows := make([][]int32, len(touched))
	at := make([]int32, len(touched))
	for i, key := range touched {
		at[i] = c.ids.intern(key)
		prev := ""
		for _, rec := range rev.get(key) {
			// Records are sorted by file, then by edge, From first: one entry per caller
			// (a caller's edges come from its own file).
			if rec.From != prev {
				rows[i] = append(rows[i], c.ids.intern(rec.From))
				prev = rec.From
			}
		}
	}
	c.ids.mu.RLock()
	n := len(c.ids.names)
	c.ids.mu.RUnlock()
	out := &callerIndex{ids: c.ids, callers: make([][]int32, n)}
	copy(out.callers, c.callers)
	for i, n := range at {
		out.callers[n] = rows[i]
	}
	return out
}

// walk returns, for every node that reaches one of the start numbers, the next node toward
// a start (-1 for the starts themselves), and -2 for nodes that do not reach any.
func (c *callerIndex) walk(starts []int32) []int32 {
	next := make([]int32, len(c.callers))
	for i := range next {
		next[i] = -2
	}
	queue := make([]int32, 0, 256)
	for _, s := range starts {
		if int(s) < len(next) && next[s] == -2 {
			next[s] = -1
			queue = append(queue, s)
		}
	}
	for head := 0; head < len(queue); head++ {
		cur := queue[head]
		for _, from := range c.callers[cur] {
			if next[from] == -2 {
				next[from] = cur
				queue = append(queue, from)
			}
		}
	}
	return next
}
