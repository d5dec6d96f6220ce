package analysis

import "strings"

// FeedsStaticState reports whether what member id computes can be kept in a static memo
// or cache, and names the node that keeps it. Static state outlives the test that filled
// it, so a later test can see the member's result without executing it; a per-test record
// of who executed a member cannot vouch for such a member's changes. Kept means something
// that depends on id (the member itself included)
//   - assigns a static field (a memo filled by the first caller), or
//   - reads a static field whose object can hold state (see statefulType): a static cache
//     it may fill.
//
// Class initialization, the other way results live on in static fields, is seen by the
// coverage agent itself (coverage.Member.ClassInit). Objects of stateless types reached
// through static fields (enum constants, singletons without mutable fields, strings) are
// not caches; a library type the analysis does not list as a container is assumed not to
// memoize the project's results.
func (g *Graph) FeedsStaticState(id string) (bool, string) {
	r := newResolver(g.snap, g.idx, nil)
	found := ""
	g.ReachFrom([]string{id}).each(func(n string) {
		if found == "" && g.keepsStatic(r, n) {
			found = n
		}
	})
	return found != "", found
}

// keepsStatic says whether node n keeps a result in static state (see FeedsStaticState).
func (g *Graph) keepsStatic(r *resolver, n string) bool {
	for _, e := range g.fwd.get(n) {
		switch e.Kind {
		case EdgeFieldWrite:
			if _, f := g.member(e.To); f == nil || f.Static() {
				return true // a static field, or a field the graph cannot see: assume static
			}
		case EdgeFieldRead:
			if fo, f := g.member(e.To); f != nil && f.Static() && g.statefulType(r, fo, f, map[string]bool{}) {
				return true
			}
		}
	}
	return false
}

// statefulType says whether the object a field holds can carry state a call may fill:
// an array, a JDK container, atomic, builder or thread-local, or a project class (or any
// of its supertypes) with a non-final field or a field of such a type.
func (g *Graph) statefulType(r *resolver, owner *Type, f *Member, seen map[string]bool) bool {
	written := f.ReturnType
	if f.QualifiedType != "" {
		written = f.QualifiedType
	}
	if strings.HasSuffix(written, "[]") {
		return true
	}
	if primitives[written] {
		return false
	}
	tr := r.typeIn(g.snap.FileOf(owner.ID), owner.ID, written)
	if len(tr.ids) == 0 {
		return statefulLibraryTypes[LibraryTypeName(written)]
	}
	for _, id := range tr.ids {
		for _, h := range r.hierarchy(id) {
			if seen[h] {
				continue
			}
			seen[h] = true
			t := g.snap.Type(h)
			if t == nil {
				continue
			}
			for _, fm := range t.Members {
				if fm.Kind != KindField || fm.Static() {
					continue
				}
				if !hasString(fm.Modifiers, "final") || g.statefulType(r, t, fm, seen) {
					return true
				}
			}
		}
	}
	return false
}

// statefulLibraryTypes are JDK types whose objects hold state a call can fill: a static
// field of one of them may be a cache.
var statefulLibraryTypes = map[string]bool{
	"Map": true, "HashMap": true, "LinkedHashMap": true, "TreeMap": true, "ConcurrentHashMap": true,
	"ConcurrentMap": true, "WeakHashMap": true, "IdentityHashMap": true, "Hashtable": true, "Properties": true,
	"SortedMap": true, "NavigableMap": true, "EnumMap": true, "ConcurrentSkipListMap": true,
	"List": true, "ArrayList": true, "LinkedList": true, "Vector": true, "Stack": true, "CopyOnWriteArrayList": true,
	"Set": true, "HashSet": true, "LinkedHashSet": true, "TreeSet": true, "SortedSet": true, "NavigableSet": true,
	"EnumSet": true, "CopyOnWriteArraySet": true, "ConcurrentSkipListSet": true,
	"Collection": true, "Queue": true, "Deque": true, "ArrayDeque": true, "PriorityQueue": true,
	"BlockingQueue": true, "LinkedBlockingQueue": true, "ConcurrentLinkedQueue": true,
	"AtomicInteger": true, "AtomicLong": true, "AtomicBoolean": true, "AtomicReference": true,
	"AtomicIntegerArray": true, "AtomicLongArray": true, "AtomicReferenceArray": true, "LongAdder": true,
	"ThreadLocal": true, "InheritableThreadLocal": true, "StringBuilder": true, "StringBuffer": true,
	"Object": true, "BitSet": true, "SoftReference": true, "WeakReference": true,
}

// member returns the type declaring id ("pkg.T#name...") and the member itself (nil for a
// type node, or an id the snapshot does not declare).
func (g *Graph) member(id string) (*Type, *Member) {
	i := strings.IndexByte(id, '#')
	if i < 0 {
		return g.snap.Type(id), nil
	}
	t := g.snap.Type(id[:i])
	if t == nil {
		return nil, nil
	}
	for _, m := range t.Members {
		if m.ID == id {
			return t, m
		}
	}
	return t, nil
}

// InheritsLibrary reports whether a type has a supertype outside the project, directly or
// through its project ancestors (library code may then call its methods by names the
// project cannot see); true for a type the graph does not know.
func (g *Graph) InheritsLibrary(typeID string) bool {
	if g.snap.Type(typeID) == nil {
		return true
	}
	return g.idx.libSuper[typeID]
}
