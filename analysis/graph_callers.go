package analysis

import (
	"slices"
	"sync"
)

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
// nodes with an edge to node n, each once per way it reaches n (see tags). It is persistent
// like the edge stores: with copies the row table and replaces only the rows an update
// touched.
type callerIndex struct {
	ids     *nodeIDs
	callers [][]int32
	// tags[n][i] says how callers[n][i] reaches n: tagAny, tagSuper, tagOverride, the
	// number of the type node its receiver is typed as (Edge.Recv), or thisTag of that
	// number when the receiver is the caller's own object (Edge.This). A nil row is all
	// tagAny. A caller with a tagAny edge to n is listed once, with tagAny.
	tags [][]int32
}

// Caller tags (callerIndex.tags); a tag >= 0 is a receiver type's node number.
const (
	tagAny      int32 = -1 // nothing narrows which object the dependency runs on
	tagSuper    int32 = -2 // super.m(): runs n's own body, whatever the object
	// The caller is a method n overrides, or one whose dispatch picks n as inherited by a
	// subclass: dispatch on it may pick n, for objects of n's class (or subclasses).
	tagOverride int32 = -3
)

// thisBase is where the tags of calls on the caller's own object start: thisTag(k) for
// receiver type node k.
const thisBase int32 = -16

// thisTag returns the tag of a call on the caller's own object, typed as type node k.
func thisTag(k int32) int32 { return thisBase - k }

// thisType returns the receiver type node of a thisTag, and whether tag is one.
func thisType(tag int32) (int32, bool) { return thisBase - tag, tag <= thisBase }

// callerTag returns the tag of one edge into a row (see callerIndex.tags).
func (c *callerIndex) callerTag(e *Edge) int32 {
	switch {
	case e.Kind == EdgeOverride, e.Kind == EdgeDispatch && e.Recv != "":
		return tagOverride
	case e.Kind == EdgeSuper:
		return tagSuper
	case e.Kind == EdgeCall && e.Recv != "" && e.This:
		return thisTag(c.ids.intern(e.Recv))
	case (e.Kind == EdgeCall || e.Kind == EdgeCallback) && e.Recv != "":
		return c.ids.intern(e.Recv)
	}
	return tagAny
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
	tagRows := make([][]int32, len(touched))
	at := make([]int32, len(touched))
	for i, key := range touched {
		at[i] = c.ids.intern(key)
		rows[i], tagRows[i] = c.row(rev.get(key))
	}
	c.ids.mu.RLock()
	n := len(c.ids.names)
	c.ids.mu.RUnlock()
	out := &callerIndex{ids: c.ids, callers: make([][]int32, n), tags: make([][]int32, n)}
	copy(out.callers, c.callers)
	copy(out.tags, c.tags)
	for i, n := range at {
		out.callers[n], out.tags[n] = rows[i], tagRows[i]
	}
	return out
}

// row makes one node's callers and their tags from the records of its incoming edges;
// tags is nil when every entry is tagAny.
func (c *callerIndex) row(recs []edgeRec) (callers, tags []int32) {
	// Records are sorted by file, then by edge, From first: a caller's records are
	// consecutive (its edges come from its own file).
	var run []int32 // the distinct tags of the current caller
	flush := func(from int32) {
		if slices.Contains(run, tagAny) {
			run = append(run[:0], tagAny)
		}
		for _, t := range run {
			callers = append(callers, from)
			tags = append(tags, t)
		}
		run = run[:0]
	}
	prev, from := "", int32(-1)
	for _, rec := range recs {
		if rec.From != prev {
			if from >= 0 {
				flush(from)
			}
			prev, from = rec.From, c.ids.intern(rec.From)
		}
		if t := c.callerTag(rec.Edge); !slices.Contains(run, t) {
			run = append(run, t)
		}
	}
	if from >= 0 {
		flush(from)
	}
	if !slices.ContainsFunc(tags, func(t int32) bool { return t != tagAny }) {
		tags = nil
	}
	return callers, tags
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
