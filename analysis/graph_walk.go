package analysis

import "slices"

// guardedWalk is callerIndex.walk that tells apart the nodes reached only through instance
// members of test-declared types (see Reached), and that follows dispatch by the receiver's
// class: a method reached because an override of it changed is affected only where it runs
// on an object that may be of the override's class, so its callers whose receiver is typed
// as a class neither above nor below that one (and super.m() calls) are left out. An
// instance method that makes such a call on its own object (this.m()) is in turn affected
// only where it runs on such an object, and so on up the callers.
func (g *Graph) guardedWalk(starts []int32, guards *guardTable) ([]int32, map[int32][]guard) {
	c := g.callers
	c.ids.mu.RLock()
	defer c.ids.mu.RUnlock()
	w := &walker{g: g, guards: guards, names: c.ids.names, rows: c.callers, next: make([]int32, len(c.callers)),
		plain: make([]bool, len(c.callers)), queued: map[walkState]bool{}, constrained: map[int32]uint8{},
		guarded: map[int32][]guard{}, relations: map[int64]int32{}}
	for i := range w.next {
		w.next[i] = -2
	}
	for _, s := range starts {
		if int(s) < len(w.next) && !w.plain[s] {
			w.next[s], w.plain[s] = -1, true
			w.queue = append(w.queue, walkState{s, 0, -1, false})
		}
	}
	// Breadth first, one distance at a time, so that chains stay shortest; at each distance
	// the states confined to a class come after the plain ones, which often reach their
	// nodes plainly so that they need no visit of their own.
	var open, confined []walkState // this distance's states
	for len(w.queue)+len(w.later) > 0 {
		open, w.queue = w.queue, open[:0]
		confined, w.later = w.later, confined[:0]
		for _, st := range open {
			w.visit(st)
		}
		for _, st := range confined {
			w.visit(st)
		}
	}
	for n := range w.guarded {
		if w.next[n] != -2 {
			delete(w.guarded, n)
		}
	}
	return w.next, w.guarded
}

// walkState is one way guardedWalk reaches node n.
type walkState struct {
	n    int32
	file uint16 // the guard the node is reached under, 0 for none
	// class is the type node number of the class the object must be an instance of (the
	// class of the override the walk came through), -1 for any object.
	class int32
	// dispatched: the node was reached through an override entry, so its own body does
	// not run the change (super.m() calls of it are left out).
	dispatched bool
}

// walker holds one guardedWalk.
type walker struct {
	g      *Graph
	guards *guardTable
	names  []string  // node names (the walk holds the ids' lock)
	rows   [][]int32 // the caller index's
	next   []int32
	// plain marks the nodes queued with neither guard nor class; other states are queued
	// once each, and a node reached plainly needs no other visit.
	plain []bool
	// queue and later collect the next distance's states: those confined to a class in
	// later, the others (plain, or under a guard only) in queue.
	queue, later []walkState
	queued       map[walkState]bool // states visited under a class, or queued under a guard
	constrained  map[int32]uint8    // such states per node, up to maxConstrained
	guarded      map[int32][]guard
	relations    map[int64]int32 // memo of relation
}

// maxConstrained bounds the states a node is queued with under a class; past it the node's
// callers are followed for every object.
const maxConstrained = 4

// visit follows the callers of one reached state.
func (w *walker) visit(cur walkState) {
	if (cur.file != 0 || cur.class >= 0) && w.plain[cur.n] {
		return // reached plainly since: that visit covers this one
	}
	if cur.file == 0 && cur.class >= 0 {
		// Queued without a check (most are reached plainly before their turn).
		if w.queued[cur] {
			return
		}
		w.queued[cur] = true
		if w.constrained[cur.n]++; w.constrained[cur.n] > maxConstrained {
			cur.class, cur.dispatched, w.plain[cur.n] = -1, false, true // the safe direction: every object
		}
	}
	var own uint16 // the guard cur imposes on callers outside its file
	if cur.file == 0 {
		own = w.guards.at(cur.n)
	}
	callers, override, marked := rowParts(w.rows[cur.n])
	for i := 0; i < len(override); i += 2 {
		// Dispatch on from picks cur for objects of class k.
		k, from := override[i], override[i+1]
		switch {
		case cur.class < 0:
			w.follow(cur, own, from, k, true)
		case k < 0:
			w.follow(cur, own, from, cur.class, true)
		default:
			if narrow := w.relation(cur.class, k); narrow >= 0 {
				w.follow(cur, own, from, narrow, true)
			}
		}
	}
	if cur.class < 0 {
		for _, from := range callers {
			w.follow(cur, own, from, -1, false)
		}
		return
	}
	// Objects of cur.class only: callers whose every edge is marked go by their marks.
	for _, from := range callers {
		if !markedCaller(marked, from) {
			w.follow(cur, own, from, -1, false)
		}
	}
	for i := 0; i < len(marked); i += 2 {
		m, from := marked[i], marked[i+1]
		k, this, recv := markedRecv(m)
		switch {
		case m == markSuper && cur.dispatched:
			// super.m() runs cur's own body, not the override
		case recv:
			narrow := w.relation(cur.class, k)
			switch {
			case narrow < 0:
				// the receiver can never be of cur.class
			case this:
				w.follow(cur, own, from, narrow, false) // from runs on the same object
			default:
				w.follow(cur, own, from, -1, false)
			}
		default:
			w.follow(cur, own, from, -1, false)
		}
	}
}

// follow queues from, reached from cur, for objects of class (-1: any).
func (w *walker) follow(cur walkState, own uint16, from, class int32, dispatched bool) {
	if w.plain[from] {
		return
	}
	file := cur.file
	if own != 0 && !w.g.declaredIn(w.names[from], w.guards.files[own-1]) {
		file = own
	}
	if file != 0 {
		if class >= 0 && w.constrained[from] >= maxConstrained {
			class, dispatched = -1, false // the safe direction: every object
		}
		list := w.guarded[from]
		st := walkState{from, file, class, dispatched}
		if w.queued[st] {
			return
		}
		if len(list) < maxGuards {
			if !slices.ContainsFunc(list, func(x guard) bool { return x.file == file }) {
				w.guarded[from] = append(list, guard{file, cur.n})
			}
			w.queued[st] = true
			if class >= 0 {
				w.constrained[from]++
				w.later = append(w.later, st)
			} else {
				w.queue = append(w.queue, st)
			}
			return
		}
		class = -1 // past the bound: reached by every test, the safe direction
	}
	if w.next[from] == -2 {
		w.next[from] = cur.n
	}
	if class >= 0 {
		w.later = append(w.later, walkState{from, 0, class, dispatched}) // see visit
		return
	}
	w.plain[from] = true
	w.queue = append(w.queue, walkState{from, 0, -1, false})
}

// relation says how an object of class node a may be typed as type node b: -1 when it
// never is (two classes neither of which extends the other: no class extends both), else
// the class such objects are instances of, the narrower of a and b (a when b is an
// interface or unknown, which any class may implement).
func (w *walker) relation(a, b int32) int32 {
	if a == b {
		return a
	}
	key := int64(a)<<32 | int64(uint32(b))
	if v, ok := w.relations[key]; ok {
		return v
	}
	ta, tb := w.names[a], w.names[b]
	v := a
	if t := w.g.snap.Type(tb); t != nil && classLike(t.Kind) {
		switch {
		case slices.Contains(w.g.idx.ancestors[ta], tb):
		case slices.Contains(w.g.idx.ancestors[tb], ta):
			v = b
		default:
			v = -1
		}
	}
	w.relations[key] = v
	return v
}

// markedCaller reports whether from has entries in the marked part of a row.
func markedCaller(marked []int32, from int32) bool {
	for i := 1; i < len(marked); i += 2 {
		if marked[i] == from {
			return true
		}
	}
	return false
}

// classLike reports whether a type of this kind has a single superclass chain.
func classLike(kind string) bool { return kind == "class" || kind == "enum" || kind == "record" }
