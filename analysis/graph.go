package analysis

import (
	"slices"
	"sort"
	"strings"
	"sync"
)

// Edge kinds. An edge From → To means From depends on To: a change to To may change what
// From does, so reverse reachability from a change finds everything it may affect.
// Reasons an edge is uncertain (Edge.Uncertain).
const (
	WhyReceiverUnknown   = "receiver type unknown"          // x.m() with x untyped: every project m of that arity
	WhyNotInScope        = "unqualified call not in scope"  // m() found in no enclosing type nor static import
	WhyNoDeclaration     = "no declaration on the receiver" // a project receiver type without m: broken code
	WhyMethodRefUnknown  = "method reference receiver unknown"
	WhyFieldUnknown      = "field receiver unknown" // x.f with x untyped: every project field f
	WhyNameNotInScope    = "name not in scope"      // an identifier that is no local, field or type
	WhyReflectionName    = "reflection by constant name"
	WhyReflectionDynamic = "non-constant reflection"
	WhyTestObject        = "a test object may be handed to reflection"            // see testObjectMethods
	WhyReflectedArgument = "an object handed on as an Object may be reflected on" // see reflectedArguments
	// x.m() with x a library class's static field (Strings.CS): its type is a library
	// type, so a project object in it has a library supertype; every project m of that
	// arity in types that may be such an object (see exposedToLibrary).
	WhyLibraryValue = "library value of unnamed type"
)

const (
	EdgeCall         = "call"          // a call resolved to its declaration (or the nearest inherited one)
	EdgeDispatch     = "dispatch"      // dynamic dispatch to an implementation the declaration does not name
	EdgeNew          = "new"           // new C(..) to C's constructors (or C's implicit constructor)
	EdgeSuper        = "super"         // super(..)/super.m(), implicit super(), type → supertype
	EdgeFieldRead    = "field-read"    // a member reads a field
	EdgeFieldWrite   = "field-write"   // a member assigns a field
	EdgeInitializer  = "initializer"   // constructor → instance field initializers and init blocks
	EdgeStaticInit   = "static-init"   // type → <clinit> and static field initializers
	EdgeLambda       = "lambda"        // reserved: lambda bodies are part of their member's refs
	EdgeMethodRef    = "method-ref"    // X::m to every method m of X, X::new to constructors
	EdgeReflection   = "reflection"    // Class.forName, getMethod("m"), non-constant lookups
	EdgeCallback     = "callback"      // type → methods a library may call back
	EdgeClassLiteral = "class-literal" // X.class to X and all its members
	EdgeResource     = "resource"      // a literal naming a resource to every member of the types it names
	EdgeTypeUse      = "type-use"      // a member to the class heads of the types it uses
	EdgeOverride     = "override"      // an overridden method to its override
)

// Edge is one dependency between two nodes. Nodes are type ids ("pkg.Outer.Inner") and
// member ids ("pkg.T#m(int)", "pkg.T#f", "pkg.T#<init>()", "pkg.T#<clinit>"); a type
// without declared constructors has an implicit constructor node "pkg.T#<init>()" (records:
// the canonical "pkg.R#<init>(A,B)"). Line is the 1-based line in From's file where the
// dependency arises (the call site, or the declaration for structural edges).
type Edge struct {
	From string `json:"from"`
	To   string `json:"to"`
	Kind string `json:"kind"`
	Line int    `json:"line"`
	// Uncertain, when set, says why the edge is a guess: the target was matched by name
	// because the receiver's type (or the name's declaration) is unknown, or found by a
	// reflective lookup. Such edges are counted in Stats.
	Uncertain string `json:"uncertain,omitempty"`
	// Recv, on a call edge, is the project class or interface the call's receiver is
	// statically typed as (the enclosing type for an unqualified call), and on a callback
	// edge the type of the object library code may call back (the one created, or the
	// receiver of an inherited library method): the object the call runs on is an instance
	// of it or of a subtype. Reverse walks use it to leave out
	// callers whose receiver can never be an instance of an override's class. On an
	// override or dispatch edge between two methods it is the type whose objects dispatch
	// so (To's own type, or a subclass inheriting To); a call site's dispatch edges have
	// none.
	Recv string `json:"recv,omitempty"`
	// This, on a call edge from an instance method, says the call is on the method's own
	// object (this.m(), or m() found in the method's class): whatever object the call runs
	// on, the method runs on it too.
	This bool `json:"this,omitempty"`
}

// Graph is the dependency graph of one snapshot: forward and reverse edges between node
// ids. It is immutable once built; Update returns a new graph that shares what the edit
// did not touch. Edges are kept grouped by the file that contributes them, which is the
// unit of update.
type Graph struct {
	snap  *Snapshot
	idx   *index
	files map[string]*fileGraph
	fwd   *edgeStore
	rev   *edgeStore
	// callers is rev by node number, for fast reverse walks.
	callers *callerIndex
	// overrides memoizes overridesOf (method id -> []string): every test statement calling
	// an interface method asks for its implementations again.
	overrides sync.Map
	// guards is made on the first reverse walk, or derived from the graph an update
	// started from: see guardTable.
	guards struct {
		mu    sync.Mutex
		table *guardTable
	}
}

// BuildGraph resolves every file of s and builds the graph. Files are resolved in
// parallel; the result does not depend on scheduling.
func BuildGraph(s *Snapshot) *Graph {
	idx := buildIndex(s)
	paths := make(map[string]bool, len(s.Files))
	for p := range s.Files {
		paths[p] = true
	}
	results := resolveFiles(s, idx, paths)
	g := &Graph{snap: s, idx: idx, files: make(map[string]*fileGraph, len(paths))}
	for _, fg := range results {
		g.files[fg.path] = fg
	}
	g.assembleStores(results)
	return g
}

// assembleStores builds the edge stores and the caller index from the files' edges.
func (g *Graph) assembleStores(results []*fileGraph) {
	// The forward store on one core, the reverse store and its caller index on the other.
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		g.fwd = buildStore(results, func(e *Edge) string { return e.From })
	}()
	g.rev = buildStore(results, func(e *Edge) string { return e.To })
	g.callers = buildCallerIndex(g.rev, g.snap)
	g.guardTable() // made here, updates derive theirs: the first edit does not pay for it
	wg.Wait()
}

// buildStore stores every edge of the files under key(edge), each key's records in order.
func buildStore(files []*fileGraph, key func(*Edge) string) *edgeStore {
	// Files in path order, each file's edges in their own (sorted) order: every key's
	// records come in compareRecs order.
	files = slices.Clone(files)
	slices.SortFunc(files, func(a, b *fileGraph) int { return strings.Compare(a.path, b.path) })
	b := newStoreBuilder()
	for _, fg := range files {
		for i := range fg.edges {
			e := &fg.edges[i]
			b.add(key(e), edgeRec{e, fg.path})
		}
	}
	return b.st
}

// ResolutionVersion returns a token that stays the same from one graph to the next as long
// as no edit changed what names, types and calls resolve to (edits inside bodies keep it;
// a changed declaration, supertype or import replaces it). Callers key caches of
// ResolveCalls and ResolveNames results on it.
func (g *Graph) ResolutionVersion() any { return g.idx }

// FileVersion returns a token that stays the same from one graph to the next while the file
// at path resolves exactly as before: an update that resolves the file again (because it
// was edited, or because something its lookups read changed) replaces it. nil when the
// graph does not hold the file.
func (g *Graph) FileVersion(path string) any {
	if fg, ok := g.files[path]; ok {
		return fg
	}
	return nil
}

// Snapshot returns the snapshot the graph was built from.
func (g *Graph) Snapshot() *Snapshot { return g.snap }

// Callees returns the edges leaving id (what id depends on), sorted, without duplicates.
func (g *Graph) Callees(id string) []Edge { return distinct(g.fwd.get(id)) }

// Callers returns the edges arriving at id (what depends on id), sorted, without
// duplicates.
func (g *Graph) Callers(id string) []Edge { return distinct(g.rev.get(id)) }

func distinct(recs []edgeRec) []Edge {
	if len(recs) == 0 {
		return nil
	}
	out := make([]Edge, 0, len(recs))
	for _, r := range recs {
		out = append(out, *r.Edge)
	}
	slices.SortFunc(out, compareEdges)
	w := 0
	for i, e := range out {
		if i > 0 && e.From == out[w-1].From && e.To == out[w-1].To && e.Kind == out[w-1].Kind {
			continue // the same dependency contributed by two files: keep the first line
		}
		out[w] = e
		w++
	}
	return out[:w]
}

// Edges returns every edge of the graph, sorted (for tests and dumps).
func (g *Graph) Edges() []Edge {
	var out []Edge
	for _, fg := range g.files {
		out = append(out, fg.edges...)
	}
	slices.SortFunc(out, compareEdges)
	return out
}

// maxUncertain bounds the list Uncertain returns.
const maxUncertain = 200

// Uncertain lists, sorted and bounded, the places where resolution was widened: non-constant
// reflection and calls whose receiver type is unknown and were matched by name.
func (g *Graph) Uncertain() []string {
	var out []string
	for _, fg := range g.files {
		out = append(out, fg.uncertain...)
	}
	sort.Strings(out)
	if len(out) > maxUncertain {
		out = append(out[:maxUncertain:maxUncertain], "… more places widened")
	}
	return out
}

// ResolveCall returns the member ids a call made inside type ctxType (with these locals)
// may reach directly, including every override dynamic dispatch may pick. A receiver that
// names an earlier call ("()") is unknown here, as the earlier calls are not given: use
// ResolveCalls for a statement's calls in order.
func (g *Graph) ResolveCall(ctxType string, locals []LocalVar, c Call) []string {
	return g.ResolveCalls(ctxType, locals, []Call{c})[0]
}

// ResolveCalls is ResolveCall for a sequence of calls in source order, as recorded in
// Refs.Calls, so that call-result receivers resolve.
func (g *Graph) ResolveCalls(ctxType string, locals []LocalVar, calls []Call) [][]string {
	r := newResolver(g.snap, g.idx, nil)
	return g.resolveCalls(r, newMemberCtx(r, ctxType, locals, calls), ctxType, calls)
}

// resolveCalls resolves calls, which mc was made with, in order (see ResolveCalls).
func (g *Graph) resolveCalls(r *resolver, mc *memberCtx, ctxType string, calls []Call) [][]string {
	out := make([][]string, len(calls))
	for k := range calls {
		set := map[string]bool{}
		inits := map[string]int{}
		targets := mc.call(k).targets
		for _, cb := range mc.functionCallbacks(mc.noteInterfaceInits(calls[k], targets, inits)) {
			set[cb] = true
		}
		for _, tg := range targets {
			set[tg.id] = true
			if tg.kind == EdgeDispatch {
				continue
			}
			if tg.kind != EdgeCallback {
				noteInit(r, ctxType, tg.id, 0, inits)
			}
			// Follow the override edges: what dispatch may pick instead of the declaration.
			for _, o := range g.overridesOf(tg.id) {
				set[o] = true
			}
		}
		// The class initialization the call triggers, as the graph records for members.
		for _, id := range staticInitTargets(r, inits) {
			set[id] = true
		}
		out[k] = sortedKeys(set)
	}
	return out
}

// overridesOf follows override and dispatch edges from a method, transitively. The
// caller must not change the result.
func (g *Graph) overridesOf(id string) []string {
	if out, ok := g.overrides.Load(id); ok {
		return out.([]string)
	}
	out := g.walkOverrides(id)
	g.overrides.Store(id, out)
	return out
}

// walkOverrides is overridesOf without the memo.
func (g *Graph) walkOverrides(id string) []string {
	var out []string
	seen := map[string]bool{id: true}
	queue := []string{id}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, rec := range g.fwd.get(cur) {
			if (rec.Kind == EdgeOverride || rec.Kind == EdgeDispatch) && !seen[rec.To] {
				seen[rec.To] = true
				out = append(out, rec.To)
				queue = append(queue, rec.To)
			}
		}
	}
	return out
}

// ResolveNames returns the field ids that these identifiers, read or written inside
// ctxType with these locals, may denote: locals shadow fields; then own, inherited and
// enclosing types' fields and static imports; a dotted name "a.b.f" is resolved as a
// selection; a name found nowhere matches every project field of that name.
func (g *Graph) ResolveNames(ctxType string, locals []LocalVar, names []string) []string {
	r := newResolver(g.snap, g.idx, nil)
	mc := newMemberCtx(r, ctxType, locals, nil)
	set := map[string]bool{}
	mc.emit = func(to, kind string, line int, why string) { set[to] = true }
	for _, n := range names {
		if chain := splitDots(n); len(chain) > 1 {
			v := mc.receiver(chain[:len(chain)-1], 0, 0)
			mc.selectOn(v, chain[len(chain)-1], 0, false)
			continue
		}
		if _, local := mc.locals[n]; local {
			continue
		}
		if ref, ok := mc.scopeField(n); ok {
			set[r.member(ref).ID] = true
			continue
		}
		if r.typeIn(mc.f, ctxType, n).known() {
			continue
		}
		for _, id := range r.globalFields(n) {
			set[id] = true
		}
	}
	return sortedKeys(set)
}

// ResolveFields returns the field ids that a piece of code inside ctxType may read or
// write: its unqualified names (as Refs.Names) and its qualified selections (as
// Refs.Selects, whose call-result receivers refer to calls), and the fields its calls'
// receiver chains select (Preds.TRUE.negate() reads TRUE). It follows the rules the graph
// uses for member bodies, so a statement depends on exactly the fields its member would.
func (g *Graph) ResolveFields(ctxType string, locals []LocalVar, calls []Call, names []string, selects []Select) []string {
	_, fields := g.ResolveStatement(ctxType, locals, Refs{Calls: calls, Names: names, Selects: selects})
	return fields
}

// ResolveStatement resolves a statement's calls (as ResolveCalls) and its fields (as
// ResolveFields) in one pass: typing the calls' receivers is what finds the fields their
// chains select. refs are the statement's references as ScanRefs reads them (its Calls,
// Names, Selects, FreeFns and Lambdas; the locals in scope are given apart). A statement
// writing a lambda or method reference outside call arguments also reaches the static
// initializers of the interfaces it may make (see noteFreeFunctionInits), among the fields.
func (g *Graph) ResolveStatement(ctxType string, locals []LocalVar, refs Refs) ([][]string, []string) {
	calls, names, selects := refs.Calls, refs.Names, refs.Selects
	r := newResolver(g.snap, g.idx, nil)
	mc := newMemberCtx(r, ctxType, locals, calls)
	mc.lambdas = refs.Lambdas
	fields := map[string]bool{}
	inits := map[string]int{}
	mc.emit = func(to, kind string, line int, why string) {
		fields[to] = true
		noteInit(r, ctxType, to, 0, inits)
	}
	resolved := g.resolveCalls(r, mc, ctxType, calls)
	nameEdges(mc, names, nil, selects, 0)
	if refs.FreeFns {
		// What library code may run on the function made, as a dependence of the statement
		// making it (like the initialization it triggers).
		for _, cb := range mc.functionCallbacks(mc.noteFreeFunctionInits(slices.Clone(names), selects, 0, inits)) {
			fields[cb] = true
		}
	}
	for _, id := range staticInitTargets(r, inits) {
		fields[id] = true // the class initialization a static field access triggers
	}
	return resolved, sortedKeys(fields)
}

func splitDots(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

func sortedKeys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
