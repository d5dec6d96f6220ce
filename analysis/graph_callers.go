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

// callerIndex is the reverse adjacency of one graph by node number. Row n lists the nodes
// with an edge to node n in three parts (see rowParts): the distinct callers that reach n
// other than through an override edge; the pairs (class, caller) of callers that reach it
// through one (methods n overrides, or whose dispatch picks n as inherited), class being
// the type node of the class whose objects dispatch so, or -1 when that is no class; and
// for callers whose every other edge to n is marked (see callerMark) the pairs (mark,
// caller). A plain reverse walk reads
// the first two parts only; a walk that follows one class's objects reads the marks. It is
// persistent like the edge stores: with copies the row table and replaces only the rows an
// update touched.
type callerIndex struct {
	ids     *nodeIDs
	callers [][]int32 // by node: nil, or [len(plain), len(override pairs), plain..., override pairs..., marked pairs...]
}

// rowParts splits a row of callerIndex.callers into its parts.
func rowParts(row []int32) (plain, override, marked []int32) {
	if len(row) == 0 {
		return nil, nil, nil
	}
	p, o := 2+row[0], 2+row[0]+2*row[1]
	return row[2:p], row[p:o], row[o:]
}

// Caller marks (the marked part of callerIndex rows). Marks at or below markRecvBase carry
// the node number k of the receiver's type: recvMark(k, this).
const (
	markSuper int32 = -1 // super.m(): runs n's own body, whatever the object
	// The caller is a method n overrides, or one whose dispatch picks n as inherited by a
	// subclass: dispatch on it may pick n, for objects of n's class (or subclasses).
	markOverride int32 = -2
	markRecvBase int32 = -16
)

// recvMark marks a call (or callback) on a receiver of type node k; this says the receiver
// is the caller's own object (Edge.This).
func recvMark(k int32, this bool) int32 {
	m := markRecvBase - 2*k
	if this {
		m--
	}
	return m
}

// markedRecv returns the receiver type node of a mark made by recvMark, whether the
// receiver is the caller's own object, and whether m is such a mark.
func markedRecv(m int32) (k int32, this, ok bool) {
	if m > markRecvBase {
		return 0, false, false
	}
	u := markRecvBase - m
	return u / 2, u%2 == 1, true
}

// callerMark returns the mark of one edge into a row, 0 for none. A receiver typed as an
// interface narrows nothing unless it is the caller's own object (which the caller runs on).
func (c *callerIndex) callerMark(e *Edge, s *Snapshot) int32 {
	switch {
	case e.Kind == EdgeOverride || e.Kind == EdgeDispatch && e.Recv != "":
		return markOverride
	case e.Kind == EdgeSuper:
		return markSuper
	case e.Kind == EdgeCall && e.Recv != "" && e.This:
		return recvMark(c.ids.intern(e.Recv), true)
	case (e.Kind == EdgeCall || e.Kind == EdgeCallback) && e.Recv != "":
		if k := c.classNode(e.Recv, s); k >= 0 {
			return recvMark(k, false)
		}
	}
	return 0
}

// buildCallerIndex numbers every node of rev and records its callers; s gives the kinds of
// the types override edges name.
func buildCallerIndex(rev *edgeStore, s *Snapshot) *callerIndex {
	c := &callerIndex{ids: newNodeIDs()}
	var keys []string
	for _, m := range rev.shards {
		for key := range m {
			keys = append(keys, key)
		}
	}
	return c.with(rev, keys, s)
}

// with returns the index after the rows of the given keys changed in rev (the store of the
// new graph, of snapshot s); c is not modified. A row is made again whenever an edge into
// its node changes; an override edge comes from the file declaring the type it names,
// which a change of that type's kind resolves again.
func (c *callerIndex) with(rev *edgeStore, touched []string, s *Snapshot) *callerIndex {
	rows := make([][]int32, len(touched))
	at := make([]int32, len(touched))
	for i, key := range touched {
		at[i] = c.ids.intern(key)
		rows[i] = c.row(rev.get(key), s)
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

// row makes one node's row from the records of its incoming edges.
func (c *callerIndex) row(recs []edgeRec, s *Snapshot) []int32 {
	var plain, override, marked []int32
	var marks []int32 // the distinct marks of the current caller, 0 for an unmarked edge
	flush := func(from int32) {
		if len(marks) > 0 {
			plain = append(plain, from)
		}
		if !slices.Contains(marks, 0) {
			for _, m := range marks {
				marked = append(marked, m, from)
			}
		}
		marks = marks[:0]
	}
	// Override and dispatch edges come from the files of the types they dispatch for; every
	// other edge of a caller comes from the caller's own file. Records are sorted by file,
	// then by edge, From first, so a caller's other records are consecutive.
	type dispatch struct {
		from    int32
		classes []int32
		own     bool // an override edge: its class (n's own) covers the subclasses' dispatch
	}
	var dispatches []dispatch
	prev, from := "", int32(-1)
	for _, rec := range recs {
		if rec.From != prev {
			if from >= 0 {
				flush(from)
			}
			prev, from = rec.From, c.ids.intern(rec.From)
		}
		m := c.callerMark(rec.Edge, s)
		if m != markOverride {
			if !slices.Contains(marks, m) {
				marks = append(marks, m)
			}
			continue
		}
		k := c.classNode(rec.Recv, s)
		i := slices.IndexFunc(dispatches, func(d dispatch) bool { return d.from == from })
		if i < 0 {
			i = len(dispatches)
			dispatches = append(dispatches, dispatch{from: from})
		}
		switch d := &dispatches[i]; {
		case rec.Kind == EdgeOverride && !d.own:
			d.classes, d.own = append(d.classes[:0], k), true
		case !d.own && !slices.Contains(d.classes, k):
			d.classes = append(d.classes, k)
		}
	}
	if from >= 0 {
		flush(from)
	}
	for _, d := range dispatches {
		if slices.Contains(d.classes, -1) {
			d.classes = []int32{-1}
		}
		for _, k := range d.classes {
			override = append(override, k, d.from)
		}
	}
	if len(plain)+len(override) == 0 {
		return nil
	}
	row := make([]int32, 0, 2+len(plain)+len(override)+len(marked))
	row = append(row, int32(len(plain)), int32(len(override)/2))
	row = append(row, plain...)
	row = append(row, override...)
	return append(row, marked...)
}

// classNode returns the node number of type id when it is a class (of one superclass
// chain), else -1.
func (c *callerIndex) classNode(id string, s *Snapshot) int32 {
	if t := s.Type(id); id == "" || t == nil || !classLike(t.Kind) {
		return -1
	}
	return c.ids.intern(id)
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
		plain, override, _ := rowParts(c.callers[cur])
		for _, from := range plain {
			if next[from] == -2 {
				next[from] = cur
				queue = append(queue, from)
			}
		}
		for i := 1; i < len(override); i += 2 {
			if from := override[i]; next[from] == -2 {
				next[from] = cur
				queue = append(queue, from)
			}
		}
	}
	return next
}
