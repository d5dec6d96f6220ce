package analysis

import (
	"maps"
	"slices"
	"strconv"
	"strings"
)

// FeedsStaticState reports whether what member id computes can be kept in a static memo
// or cache, and names the node that keeps it. Static state outlives the test that filled
// it, so a later test can see the member's result without executing it; a per-test record
// of who executed a member cannot vouch for such a member's changes. Kept means something
// that depends on id (the member itself included)
//   - assigns a static field (a memo filled by the first caller), except a test method
//     writing a static no other member reads (see readByOthers), or
//   - is production code reading a static field whose object can be a cache (see
//     statefulType) it may fill (see mayFill: reading, copying or iterating it fills
//     nothing).
//
// Test code reading shared static objects is left out: a later test depending on what an
// earlier one put there is an order dependence between tests, not a static cache. A value
// handed from the member to a filler as an argument (Registry.register(name, compute()))
// is a known gap, as before: the filler does not depend on the member.
//
// Class initialization, the other way results live on in static fields, is seen by the
// coverage agent itself (coverage.Member.ClassInit). Objects of stateless types reached
// through static fields (enum constants, singletons without mutable fields, strings) are
// not caches; a library type the analysis does not list as a container is assumed not to
// memoize the project's results.
func (g *Graph) FeedsStaticState(id string) (bool, string) {
	if w := g.StaticStateWriters(id); len(w) > 0 {
		return true, w[0]
	}
	return false, ""
}

// StaticStateWriters returns every member through which a change of id may reach static
// state (see FeedsStaticState), sorted.
func (g *Graph) StaticStateWriters(id string) []string {
	var out []string
	g.ReachFrom([]string{id}).each(func(n string) {
		if g.keepsStatic(n) {
			out = append(out, n)
		}
	})
	slices.Sort(out)
	return out
}

// keepsStatic says whether node n keeps a result in static state (see FeedsStaticState).
// Class initialization (static initializers, static field initializers) is left to the
// coverage agent, which sees what runs in it.
func (g *Graph) keepsStatic(n string) bool {
	owner, m := g.member(n)
	if owner == nil || strings.HasSuffix(n, "#<clinit>") || (m != nil && m.Kind == KindField && m.Static()) {
		return false
	}
	production := !g.snap.FileOf(owner.ID).Test
	for _, e := range g.fwd.get(n) {
		switch e.Kind {
		case EdgeFieldWrite:
			_, f := g.member(e.To)
			if f == nil {
				return true // a field the graph cannot see: assume static
			}
			if f.Static() && (production || !IsTestMethod(owner, m) || g.readByOthers(f.ID, n)) {
				return true
			}
		case EdgeFieldRead:
			if _, f := g.member(e.To); production && f != nil && f.Static() && statefulType(f) && g.mayFill(owner, m, f, 0) {
				return true
			}
		}
	}
	return false
}

// readByOthers says whether any member other than writer reads field id. A test method
// runs once, so a static it alone reads cannot carry its results into a later test (a
// save-and-restore of a setting, as gson's Java17RecordTest does); a helper or fixture
// that both fills and reads a memo runs for many tests, and is no test method.
func (g *Graph) readByOthers(id, writer string) bool {
	for _, e := range g.rev.get(id) {
		if e.Kind == EdgeFieldRead && e.From != writer {
			return true
		}
	}
	return false
}

// statefulType says whether the object a static field holds can be a cache a call may
// fill: a JDK container, atomic, builder or thread-local. Arrays are not counted (constant
// tables and empty arrays, far more often than caches), nor project objects held in static
// fields (singletons that keep caches in their own fields are a known gap): counting them
// sent most of gson to the graph, through Excluder.DEFAULT and the empty-array constants.
func statefulType(f *Member) bool {
	return statefulLibraryTypes[erasedLibraryName(f.ReturnType)] && !immutableInit(f)
}

// immutableFactories are the JDK calls that make a container no call can fill.
var immutableFactories = map[string]bool{
	"emptyList": true, "emptySet": true, "emptyMap": true, "emptySortedSet": true, "emptySortedMap": true,
	"emptyNavigableSet": true, "emptyNavigableMap": true, "singleton": true, "singletonList": true,
	"singletonMap": true, "of": true, "copyOf": true, "ofEntries": true,
}

// immutableInit says whether a final field is initialized by one call of a JDK factory of
// immutable containers (Collections.emptySet(), List.of(..), Map.copyOf(..)): commons-lang's
// LangCollectors hands such an empty set to every collector it makes, which fills nothing.
// EnumSet.of and anything else may make a mutable one.
func immutableInit(f *Member) bool {
	if !slices.Contains(f.Modifiers, "final") || len(f.Refs.Calls) != 1 {
		return false
	}
	c := f.Refs.Calls[0]
	if !immutableFactories[c.Name] || len(c.Receiver) != 1 {
		return false
	}
	switch c.Receiver[0] {
	case "Collections", "java.util.Collections":
		return c.Name != "of" && c.Name != "copyOf" && c.Name != "ofEntries"
	case "List", "Set", "Map", "java.util.List", "java.util.Set", "java.util.Map":
		return c.Name == "of" || c.Name == "copyOf" || c.Name == "ofEntries"
	}
	return false
}

// mayFill says whether reader, a member of owner that reads the container field f, may put
// something into it: it calls a method on f that is not known to be read-only, or a method
// on what such a call returns (CACHE.get(k).add(v) fills an element), or hands f's value on
// whole (see Refs.Escapes), after which anyone may fill it. A value stored into a field of
// owner (this.list = F) is followed one step: f may be filled when that field may be. A
// reader that is no member (a type node), and holders whose every access may compute and
// keep a value (thread-locals, references), always may.
func (g *Graph) mayFill(owner *Type, reader, f *Member, depth int) bool {
	if reader == nil || !collectionLike[erasedLibraryName(f.ReturnType)] {
		return true
	}
	for _, e := range reader.Refs.Escapes {
		if g.namesField(reader, owner, strings.Split(e, "."), f) {
			return true
		}
	}
	for _, st := range reader.Refs.Stores {
		if !g.namesField(reader, owner, strings.Split(st.Value, "."), f) {
			continue
		}
		if depth > 0 || slices.ContainsFunc(reader.Refs.Locals, func(l LocalVar) bool { return l.Name == st.Field }) {
			return true
		}
		held := owner.Member(owner.ID + "#" + st.Field)
		if held == nil || held.Kind != KindField || g.mayBeFilled(held, depth+1) {
			return true
		}
	}
	calls := reader.Refs.Calls
	onF := make([]bool, len(calls))
	for k, c := range calls {
		recv := c.Receiver
		switch {
		case len(recv) > 0 && recv[0] == "()":
			if len(recv) >= 2 {
				if i, err := strconv.Atoi(recv[1]); err == nil && i >= 0 && i < k && onF[i] {
					onF[k] = true // a method called on what a call on f returned
				}
			}
		case g.namesField(reader, owner, recv, f):
			onF[k] = true
		}
		if onF[k] && !readOnlyMethods[c.Name] {
			return true
		}
	}
	return false
}

// namesField says whether a dotted chain as written in reader (a receiver, an escaping
// value) may denote field f of owner: it ends in f's name, and its qualifier is not a local
// or parameter declared with a type whose every project declaration declares its own field
// of that name (gson's builder.factories is GsonBuilder's, not Gson's factories).
func (g *Graph) namesField(reader *Member, owner *Type, chain []string, f *Member) bool {
	if len(chain) == 0 || chain[len(chain)-1] != f.Name {
		return false
	}
	if len(chain) != 2 {
		return true
	}
	for _, l := range reader.Refs.Locals {
		if l.Name != chain[0] || l.Type == "" {
			continue
		}
		typ := EraseType(l.Type)
		ids := g.idx.byName[typ]
		if typ == owner.Name || len(ids) == 0 {
			return true
		}
		for _, id := range ids {
			if t := g.snap.Type(id); t == nil || t.Member(id+"#"+f.Name) == nil {
				return true
			}
		}
		return false
	}
	return true
}

// mayBeFilled says whether any member that reads or writes field f, test code included,
// may fill the container it holds (see mayFill). Other edges into f (constructors running
// its initializer, class initialization, reflective and class-literal reach) are taken as
// no fills: mutating a container got by reflection is left out.
func (g *Graph) mayBeFilled(f *Member, depth int) bool {
	for _, e := range g.rev.get(f.ID) {
		if e.Kind != EdgeFieldRead && e.Kind != EdgeFieldWrite {
			continue
		}
		owner, m := g.member(e.From)
		if owner == nil || g.mayFill(owner, m, f, depth) {
			return true
		}
	}
	return false
}

// erasedLibraryName is the simple name of a written type without its type arguments.
func erasedLibraryName(written string) string {
	if i := strings.IndexByte(written, '<'); i >= 0 {
		written = written[:i]
	}
	return LibraryTypeName(written)
}

// collectionLike are the stateful library types (see statefulLibraryTypes) whose read-only
// methods are known; any access to the others (thread-locals, references) may fill them.
var collectionLike = func() map[string]bool {
	out := maps.Clone(statefulLibraryTypes)
	for _, t := range []string{"ThreadLocal", "InheritableThreadLocal", "SoftReference", "WeakReference"} {
		delete(out, t)
	}
	return out
}()

// readOnlyMethods are methods of JDK containers, atomics and builders that change nothing.
var readOnlyMethods = map[string]bool{
	"get": true, "getOrDefault": true, "size": true, "isEmpty": true, "contains": true, "containsKey": true,
	"containsValue": true, "containsAll": true, "indexOf": true, "lastIndexOf": true, "equals": true,
	"hashCode": true, "toString": true, "stream": true, "parallelStream": true, "forEach": true, "toArray": true,
	"getFirst": true, "getLast": true, "peek": true, "peekFirst": true, "peekLast": true, "element": true,
	"first": true, "last": true, "firstKey": true, "lastKey": true, "floor": true, "ceiling": true,
	"higher": true, "lower": true, "floorKey": true, "ceilingKey": true, "higherKey": true, "lowerKey": true,
	"length": true, "charAt": true, "intValue": true, "longValue": true, "doubleValue": true,
	"nextSetBit": true, "nextClearBit": true, "cardinality": true,
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
	"BitSet": true, "SoftReference": true, "WeakReference": true,
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

// LibraryMayCall reports whether library code may call a method called name on objects of
// typeID or of its project subtypes, through their library supertypes: a name of a known
// library supertype's overridable methods, or any name under a library supertype whose
// methods the tables do not list (true for a type the graph does not know). Object's own
// methods are not counted.
func (g *Graph) LibraryMayCall(typeID, name string) bool {
	if g.snap.Type(typeID) == nil {
		return true
	}
	seen := map[string]bool{}
	queue := []string{typeID}
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		if seen[id] {
			continue
		}
		seen[id] = true
		queue = append(queue, g.idx.subs[id]...)
		if !g.idx.libSuper[id] {
			continue
		}
		names, all, _ := libraryCallbackNames(g.snap, append([]string{id}, g.idx.ancestors[id]...), g.idx.supers, g.idx.libOwn)
		if all || names[name] {
			return true
		}
	}
	return false
}

// Subtypes returns every project subtype of typeID, transitively, sorted.
func (g *Graph) Subtypes(typeID string) []string { return g.idx.allSubtypes(typeID) }

// LookupRelated returns the project types whose methods a call may have bound to before a
// method was added to typeID (or may bind to after one was removed): typeID, its subtypes,
// the ancestors of all of those, and the enclosing types of all of those with their
// ancestors (an unqualified call in a nested class binds to an enclosing class's method when
// its own hierarchy has none). A call on a receiver of an unrelated type never reaches
// typeID's methods. Nil when the graph does not know typeID.
func (g *Graph) LookupRelated(typeID string) map[string]bool {
	if g.snap.Type(typeID) == nil {
		return nil
	}
	out := map[string]bool{}
	var add func(id string)
	add = func(id string) {
		if out[id] {
			return
		}
		out[id] = true
		for _, a := range g.idx.ancestors[id] {
			add(a)
		}
		if t := g.snap.Type(id); t != nil && t.Outer != "" {
			add(t.Outer)
		}
	}
	add(typeID)
	for _, sub := range g.idx.allSubtypes(typeID) {
		add(sub)
	}
	return out
}
