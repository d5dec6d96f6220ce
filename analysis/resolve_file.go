package analysis

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode"
)

// fileGraph is everything one file contributes to the graph: the edges resolved from its
// declarations and bodies, what the resolution read outside the file, and the places where
// it had to widen. The graph keeps one per file so an update replaces only these.
type fileGraph struct {
	path      string
	edges     []Edge
	deps      *deps
	uncertain []string
	shape     uint64
	partial   int // keyed updates in a row that led to this resolution (see keyedDelta)
}

// maxUncertainPerFile bounds the uncertainty notes one file may keep.
const maxUncertainPerFile = 8

type edgeKey struct {
	from, to, kind, recv string
	this                 bool
}

// edgeSink collects a file's edges without duplicates, keeping the first line seen.
type edgeSink struct {
	edges []Edge
	pos   map[edgeKey]int
}

func (k *edgeSink) add(from, to, kind string, line int) { k.addWhy(from, to, kind, line, "") }

// addWhy adds an edge that is uncertain for the reason why ("" when certain). An edge found
// both ways is certain.
func (k *edgeSink) addWhy(from, to, kind string, line int, why string) {
	k.addTarget(from, target{id: to, kind: kind, why: why}, line)
}

// addTarget adds the edge from a member to a call target (see addWhy), one per receiver type.
func (k *edgeSink) addTarget(from string, tg target, line int) {
	to, kind, why := tg.id, tg.kind, tg.why
	if from == "" || to == "" || from == to && (kind != EdgeCall || tg.this) {
		// A member calling itself on another object is kept: the walk by the receiver's
		// class needs it (JTS's NodeBase#remove runs on its Root, then on its subnodes,
		// whose class is Node, and so reaches Node#isSearchMatch).
		return
	}
	key := edgeKey{from, to, kind, tg.recv, tg.this}
	if i, ok := k.pos[key]; ok {
		if line > 0 && (k.edges[i].Line == 0 || line < k.edges[i].Line) {
			k.edges[i].Line = line
		}
		if why == "" || (k.edges[i].Uncertain != "" && why < k.edges[i].Uncertain) {
			k.edges[i].Uncertain = why
		}
		return
	}
	k.pos[key] = len(k.edges)
	k.edges = append(k.edges, Edge{From: from, To: to, Kind: kind, Line: line, Uncertain: why, Recv: tg.recv, This: tg.this})
}

// resolveFile resolves every declaration and body of f against the index.
func resolveFile(s *Snapshot, idx *index, f *File) *fileGraph {
	fg := &fileGraph{path: f.Path, deps: newDeps(), shape: fileShape(f)}
	r := newResolver(s, idx, fg.deps)
	sink := &edgeSink{pos: map[edgeKey]int{}}
	for _, t := range f.Types {
		typeEdges(r, t, sink)
		for _, m := range t.Members {
			if note := memberEdges(r, t, m, sink); note != "" && len(fg.uncertain) < maxUncertainPerFile {
				fg.uncertain = append(fg.uncertain, note)
			}
		}
	}
	fg.edges = slices.Clone(sink.edges) // without the growth slack: the file graph lives on
	slices.SortFunc(fg.edges, compareEdges)
	return fg
}

func edgeLess(a, b Edge) bool { return compareEdges(a, b) < 0 }

// compareEdges orders edges by from, to, kind, line and receiver, for slices.SortFunc.
func compareEdges(a, b Edge) int {
	return cmp.Or(strings.Compare(a.From, b.From), strings.Compare(a.To, b.To),
		strings.Compare(a.Kind, b.Kind), cmp.Compare(a.Line, b.Line), strings.Compare(a.Recv, b.Recv),
		cmp.Compare(b2u(a.This), b2u(b.This)))
}

// typeEdges adds the edges a type declaration implies: to its supertypes, its static
// initialisation, library callbacks, overrides, and its constructors' hidden calls.
func typeEdges(r *resolver, t *Type, sink *edgeSink) {
	hier := r.hierarchy(t.ID)
	for _, sup := range r.idx.supers[t.ID] {
		sink.add(t.ID, sup, "super", t.Line)
	}
	// Neither library callbacks nor static initialization are edges of the type node: a
	// mention of the type reaches none of its members. Callbacks attach where objects of the
	// type come into existence or meet library code (callbackTargets); static
	// initialization where the class is initialized (staticInitEdges).
	overrideEdges(r, t, hier, sink)
	constructorEdges(r, t, sink)
}

func overridable(m *Member) bool {
	return m.Kind == KindMethod && !m.Static() && !hasString(m.Modifiers, "private")
}

// overrideEdges links each method an ancestor declares to the one that runs for t: t's own
// declaration ("override"), or, when t inherits it from another ancestor, that inherited
// implementation ("dispatch", e.g. an interface method implemented by a superclass). An
// overload (same name and arity, different parameter types) is no override.
func overrideEdges(r *resolver, t *Type, hier []string, sink *edgeSink) {
	if len(hier) < 2 {
		return
	}
	type decl struct {
		m     *Member
		owner string
	}
	byName := map[string][]decl{} // nearest first
	for _, cur := range hier {
		ct := r.s.Type(cur)
		if ct == nil {
			continue
		}
		for _, m := range ct.Members {
			if !overridable(m) {
				continue
			}
			// The declaration with the very same parameter types first; only then those that
			// may override it (type variables, types the resolver cannot pin down): every one,
			// since Addition<T>.add(T) may be add(BigFraction) as well as add(BigInteger).
			var have []*decl
			for k, d := range byName[m.Name] {
				if slices.Equal(d.m.Params, m.Params) {
					have = []*decl{&byName[m.Name][k]}
					break
				}
			}
			for k, d := range byName[m.Name] {
				if len(have) > 0 && slices.Equal(have[0].m.Params, m.Params) {
					break
				}
				if d.owner != cur && len(d.m.Params) == len(m.Params) && r.mayOverride(d.owner, d.m, cur, m) {
					have = append(have, &byName[m.Name][k])
				}
			}
			// Overloads of one type whose parameter types cannot be told apart stay linked:
			// overload resolution may have picked the wrong one at a call. Each remains its
			// own declaration for the ancestors' methods.
			for _, d := range byName[m.Name] {
				if d.owner == cur && len(d.m.Params) == len(m.Params) && r.mayOverride(d.owner, d.m, cur, m) {
					sink.add(m.ID, d.m.ID, "override", d.m.Line)
				}
			}
			if len(have) == 0 {
				byName[m.Name] = append(byName[m.Name], decl{m, cur})
				continue
			}
			for _, h := range have {
				if h.owner == t.ID {
					sink.addTarget(m.ID, target{id: h.m.ID, kind: EdgeOverride, recv: t.ID}, h.m.Line)
				} else {
					// Dispatch for objects of t (see Edge.Recv): distinct from a call site's.
					sink.addTarget(m.ID, target{id: h.m.ID, kind: EdgeDispatch, recv: t.ID}, h.m.Line)
				}
			}
		}
	}
}

// mayOverride reports whether a (declared in aOwner) may override or implement b (declared
// in bOwner), both of the same name and arity: unless some parameter pair certainly denotes
// different types (different primitives, a primitive and a reference, two different known
// types), it may (a type variable erases to anything).
func (r *resolver) mayOverride(aOwner string, a *Member, bOwner string, b *Member) bool {
	for i := range a.Params {
		pa, pb := a.Params[i], b.Params[i]
		if pa == pb {
			continue
		}
		aPrim, bPrim := primitives[strings.TrimSuffix(pa, "[]")], primitives[strings.TrimSuffix(pb, "[]")]
		if aPrim || bPrim {
			return false // a type variable is never primitive
		}
		if looksLikeTypeVariable(strings.TrimSuffix(pa, "[]")) || looksLikeTypeVariable(strings.TrimSuffix(pb, "[]")) {
			continue
		}
		if strings.HasSuffix(pa, "[]") != strings.HasSuffix(pb, "[]") {
			continue // an array and a reference type: a type variable may stand for the array
		}
		ra := r.typeIn(r.s.FileOf(aOwner), aOwner, pa)
		rb := r.typeIn(r.s.FileOf(bOwner), bOwner, pb)
		switch {
		case len(ra.ids) == 1 && len(rb.ids) == 1 && ra.ids[0] != rb.ids[0]:
			return false
		case len(ra.ids) > 0 && rb.lib, ra.lib && len(rb.ids) > 0:
			return false
		case ra.lib && rb.lib && LibraryTypeName(pa) != LibraryTypeName(pb):
			return false
		}
	}
	return true
}

// constructorEdges adds, for each constructor (or the implicit one), the edges to the
// instance field initializers and initializer blocks, and to the superclass constructor
// that an implicit super() calls.
func constructorEdges(r *resolver, t *Type, sink *edgeSink) {
	if t.Kind == "interface" || t.Kind == "annotation" {
		return
	}
	var inits []*Member
	var ctors []*Member
	for _, m := range t.Members {
		switch {
		case m.Kind == KindConstructor:
			ctors = append(ctors, m)
		case m.Kind == KindInitializer && !m.Static():
			inits = append(inits, m)
		case m.Kind == KindField && !m.Static() && m.BodyEnd > m.BodyStart:
			inits = append(inits, m)
		}
	}
	sup := r.idx.superCls[t.ID]
	link := func(id string, line int, explicit bool) {
		for _, in := range inits {
			sink.add(id, in.ID, "initializer", in.Line)
		}
		if sup != "" && !explicit {
			for _, c := range r.constructors(sup, 0, nil) {
				sink.add(id, c, "super", line)
			}
		}
	}
	if len(ctors) == 0 {
		id := implicitConstructor(t)
		sink.add(id, t.ID, "type-use", t.Line)
		link(id, t.Line, false)
		return
	}
	for _, c := range ctors {
		explicit := false
		for _, call := range c.Refs.Calls {
			if call.Name == "<init>" && (call.This || call.Super) && call.New == "" {
				explicit = true
			}
		}
		link(c.ID, c.Line, explicit)
	}
}

// memberEdges resolves one member's body; it returns a note when resolution had to widen.
func memberEdges(r *resolver, t *Type, m *Member, sink *edgeSink) string {
	from := m.ID
	sink.add(from, t.ID, "type-use", m.Line)
	line := m.BodyLine
	if line == 0 {
		line = m.Line
	}
	mc := newMemberCtx(r, t.ID, m.Refs.Locals, m.Refs.Calls)
	mc.lambdas = m.Refs.Lambdas
	mc.anonScope = !m.Refs.LocalTypes
	mc.scoped = !m.Refs.LocalTypes
	mc.methodParams = m.TypeParams
	inits := map[string]int{} // types whose initialization this member may trigger → line
	mc.emit = func(to, kind string, l int, why string) {
		if l == 0 {
			l = line
		}
		sink.addWhy(from, to, kind, l, why)
		if kind == EdgeFieldRead || kind == EdgeFieldWrite {
			noteInit(r, t.ID, to, l, inits)
		}
	}
	instance := m.Kind == KindMethod && !m.Static() // its this is the object it runs on
	for k, c := range m.Refs.Calls {
		targets := mc.call(k).targets
		for _, tg := range targets {
			tg.this = tg.this && instance
			sink.addTarget(from, tg, c.Line)
			if tg.kind != EdgeCallback && tg.kind != EdgeDispatch {
				noteInit(r, t.ID, tg.id, c.Line, inits)
			}
		}
		for _, cb := range mc.functionCallbacks(mc.noteInterfaceInits(c, targets, inits)) {
			sink.add(from, cb, EdgeCallback, c.Line)
		}
	}
	nameEdges(mc, m.Refs.Names, m.Refs.EarlyNames, m.Refs.Selects, line)
	if m.Refs.FreeFns {
		made := mc.noteFreeFunctionInits(append(slices.Clone(m.Refs.Types), m.ReturnType), m.Refs.Selects, line, inits)
		for _, cb := range mc.functionCallbacks(made) {
			sink.add(from, cb, EdgeCallback, line)
		}
	}
	staticInitEdges(r, from, inits, sink)
	for _, ty := range m.Refs.Types {
		for _, id := range r.typeIn(mc.f, t.ID, ty).ids {
			sink.add(from, id, "type-use", line)
		}
	}
	for _, lit := range m.Refs.ClassLits {
		for _, id := range r.typeIn(mc.f, t.ID, lit).ids {
			sink.add(from, id, "class-literal", line)
			everyMember(r, id, func(to string) { sink.add(from, to, "class-literal", line) })
		}
	}
	resourceEdges(r, from, m.Refs.FileNames, line, sink)
	reflective := reflectionEdges(mc, m, line)
	var notes []string
	if reflective {
		notes = append(notes, "non-constant reflective lookup: depends on every member of the types it names")
	}
	if len(mc.widened) > 0 {
		sort.Strings(mc.widened)
		notes = append(notes, "receiver type unknown, matched by name: "+strings.Join(mc.widened, ", "))
	}
	if len(notes) == 0 {
		return ""
	}
	return fmt.Sprintf("%s (line %d): %s", m.ID, line, strings.Join(notes, "; "))
}

// nameEdges adds field reads and writes: unqualified names (locals first, then fields in
// scope, else every project field of that name) and qualified selections.
func nameEdges(mc *memberCtx, names, early []string, selects []Select, line int) {
	writes := map[string]bool{}
	qualified := map[string]bool{}
	for _, sel := range selects {
		if sel.Receiver == nil {
			writes[sel.Name] = true
		} else {
			qualified[sel.Name] = true
		}
	}
	for _, n := range names {
		kind := "field-read"
		if writes[n] {
			kind = "field-write"
		}
		if _, local := mc.locals[n]; local {
			if ref, ok := mc.scopeField(n); ok && slices.Contains(early, n) {
				mc.edge(mc.r.member(ref).ID, kind, line) // used above the local's declaration
			}
			continue
		}
		if ref, ok := mc.scopeField(n); ok {
			mc.edge(mc.r.member(ref).ID, kind, line)
			continue
		}
		if qualified[n] || mc.r.typeIn(mc.f, mc.typ, n).known() || mc.isTypeParam(n) {
			continue // a selection resolved below, or a type name (Map.Entry<K, V> names K)
		}
		for _, id := range mc.r.globalFields(n) {
			mc.uncertainEdge(id, kind, line, WhyNameNotInScope)
		}
	}
	for _, sel := range selects {
		if sel.Receiver == nil {
			continue // unqualified writes were handled with the names
		}
		if mc.localClassField(sel) {
			continue
		}
		v := mc.receiver(sel.Receiver, sel.Line, len(mc.calls))
		mc.selectOn(v, sel.Name, sel.Line, sel.Write)
	}
}

// localClassField handles "this.f" in a body that declares local or anonymous classes
// when no enclosing type has a field f: javac would reject it unless f belongs to one of
// those classes, whose fields the graph does not see. Only an instance field another type
// declares can be it (one the class inherits); matching statics too made every test with a
// local class write some test class's static field (gson's GsonTest#testGetDelegateAdapter
// and ObjectTypeAdapterTest's adapter).
func (mc *memberCtx) localClassField(sel Select) bool {
	if len(sel.Receiver) != 1 || sel.Receiver[0] != "this" || (mc.scoped && !mc.hasAnon()) {
		return false
	}
	if _, ok := mc.r.findField(mc.typ, sel.Name); ok {
		return false
	}
	kind := "field-read"
	if sel.Write {
		kind = "field-write"
	}
	for _, ref := range mc.r.idx.fields[sel.Name] {
		if m := mc.r.member(ref); m != nil && !m.Static() {
			mc.uncertainEdge(m.ID, kind, sel.Line, WhyNoDeclaration)
		}
	}
	mc.r.d.field(sel.Name)
	return true
}

// reflectionEdges handles constant reflective names (Class.forName("a.B"), getMethod("m"))
// and non-constant reflective lookups.
func reflectionEdges(mc *memberCtx, m *Member, line int) (reflective bool) {
	r := mc.r
	// A static member looked up by name is read or invoked on a class that is initialized
	// by then (Class.forName(name) initializes it, and so do Field.get and Method.invoke of
	// a static member): all of that class's static initializers run, not only the named
	// member's. commons-math's tests read a computed class's STATIC_A reflectively, which
	// runs its STATIC_E initializer too.
	inits := map[string]int{}
	strs, reflective := m.Refs.Strings, m.Refs.Reflective
	for _, c := range m.Refs.ReflectiveConsts {
		// getMethod(METHOD_CLONE): the constant's value is the name (commons-configuration's
		// ConfigurationUtils#clone on a T, which otherwise reached every project member).
		if ref, ok := mc.scopeField(c); ok && r.member(ref).StringConst != "" {
			strs = append(slices.Clip(strs), r.member(ref).StringConst)
		} else {
			reflective = true
		}
	}
	for _, str := range strs {
		if id := strings.ReplaceAll(str, "$", "."); strings.Contains(id, ".") {
			r.d.typ(id)
			if r.s.Type(id) != nil {
				mc.edge(id, "reflection", line)
				everyMember(r, id, func(to string) { mc.edge(to, "reflection", line) })
			}
			continue
		}
		for _, id := range r.globalMethods(str, -1) {
			mc.uncertainEdge(id, "reflection", line, WhyReflectionName)
			noteInit(r, mc.typ, id, line, inits)
		}
		for _, id := range r.globalFields(str) {
			mc.uncertainEdge(id, "reflection", line, WhyReflectionName)
			noteInit(r, mc.typ, id, line, inits)
		}
	}
	forStaticInits(r, inits, func(id string, l int) { mc.uncertainEdge(id, EdgeStaticInit, l, WhyReflectionName) })
	if !reflective {
		return false
	}
	// Every member of every project type whose values the member may hold may be looked up:
	// the types it names, less those named only as the head of static calls
	// (StringUtils.isBlank(name) hands out no StringUtils), whose calls count by what they
	// return instead (all of the head's members when that is unknown).
	named := map[string]bool{mc.typ: true}
	staticOnly := map[string]bool{}
	for _, ty := range m.Refs.StaticOnly {
		staticOnly[ty] = true
	}
	for k, c := range m.Refs.Calls {
		if len(c.Receiver) != 1 || !staticOnly[c.Receiver[0]] {
			continue
		}
		v := mc.call(k).value
		if v.unknown {
			delete(staticOnly, c.Receiver[0])
		}
		for _, id := range v.ids {
			named[id] = true
		}
	}
	// The class of a local typed by a type parameter (t.getClass()) is any class a value of
	// the parameter may have: commons-statistics' BaseDistributionTest<T> looks up
	// getMethod("get" + name) on the class of a T its subclasses make, and a T without
	// bound says nothing of which. (Parameters typed Object are their callers' to resolve,
	// see testObjectMethods.)
	for k, c := range m.Refs.Calls {
		if c.Name == "getClass" && c.Arity == 0 && len(c.Receiver) == 1 && mc.isTypeParam(EraseType(mc.locals[c.Receiver[0]])) {
			for _, id := range mc.runtimeClasses(mc.call(k).recv) {
				named[id] = true
			}
		}
	}
	for _, ty := range append(append([]string{}, m.Refs.Types...), m.Refs.ClassLits...) {
		if staticOnly[ty] {
			continue
		}
		for _, id := range r.typeIn(mc.f, mc.typ, ty).ids {
			named[id] = true
		}
	}
	ids := make([]string, 0, len(named))
	for id := range named {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		mc.uncertainEdge(id, "reflection", line, WhyReflectionDynamic)
		everyMember(r, id, func(to string) { mc.uncertainEdge(to, "reflection", line, WhyReflectionDynamic) })
	}
	return true
}

// everyMember calls fn with the id of every member of typ (and its implicit constructor).
// resourceEdges adds, for each literal of a member that names a project class, edges to
// every member of it; and for each file-name literal that names a project resource,
// edges to every member of every project type the resource names (EdgeResource): code that
// loads it may make those classes and call their methods by name. The types are
// dependencies whether they exist yet or not, so that adding one redoes the member.
func resourceEdges(r *resolver, from string, fileNames []string, line int, sink *edgeSink) {
	for _, fn := range fileNames {
		// A literal that is a project class's name may reach Class.forName through a
		// variable (commons-jxpath keeps its default factory's name in a constant): like a
		// class literal, it reaches every member of the class.
		if typ := strings.ReplaceAll(fn, "$", "."); r.s.Type(typ) != nil {
			sink.add(from, typ, EdgeClassLiteral, line)
			everyMember(r, typ, func(to string) { sink.add(from, to, EdgeClassLiteral, line) })
		}
		for _, name := range r.s.ResourceMethods(fn) {
			// A library calls them by name on objects the code hands it, of any class.
			for _, id := range r.globalMethods(name, -1) {
				sink.addWhy(from, id, EdgeResource, line, WhyReflectionName)
			}
		}
		for _, typ := range r.s.namesLoadedBy(fn) {
			if strings.HasPrefix(typ, methodPrefix) {
				continue
			}
			if r.s.Type(typ) == nil {
				if strings.IndexFunc(typ[strings.LastIndexByte(typ, '.')+1:], unicode.IsUpper) == 0 {
					r.d.typ(typ) // a class name the project may declare later
				}
				continue
			}
			sink.add(from, typ, EdgeResource, line)
			everyMember(r, typ, func(to string) { sink.add(from, to, EdgeResource, line) })
		}
	}
}

func everyMember(r *resolver, typ string, fn func(string)) {
	r.d.typ(typ)
	t := r.s.Type(typ)
	if t == nil {
		return
	}
	hasCtor := false
	for _, m := range t.Members {
		fn(m.ID)
		hasCtor = hasCtor || m.Kind == KindConstructor
	}
	if !hasCtor && t.Kind != "interface" && t.Kind != "annotation" {
		fn(implicitConstructor(t))
	}
}

// noteInit records in inits the type whose class initialization an access to member id
// triggers (JLS 12.4.1): a static method or field, or a constructor, of a type other than
// the accessing one (which is initialized already while its code runs).
func noteInit(r *resolver, self, id string, line int, inits map[string]int) {
	owner := typeOfMember(id)
	if owner == id || owner == self {
		return
	}
	if _, ok := inits[owner]; ok {
		return
	}
	t := r.s.Type(owner)
	if t == nil {
		return
	}
	m := t.Member(id)
	if m == nil {
		if strings.Contains(id, "#<init>") {
			inits[owner] = line // the implicit constructor
		}
		return
	}
	if ConstantVariable(t, m) {
		return // JLS 12.4.1: reading a constant variable does not initialize its class
	}
	if m.Static() || m.Kind == KindConstructor || t.Kind == "interface" && m.Kind == KindField {
		inits[owner] = line
	}
}

// constantTypes are the types a constant variable may have (JLS 4.12.4).
var constantTypes = map[string]bool{"boolean": true, "byte": true, "char": true, "short": true, "int": true,
	"long": true, "float": true, "double": true, "String": true}

// ConstantType reports whether a field of the type named name can be a constant variable:
// a primitive type or String.
func ConstantType(name string) bool { return constantTypes[name] }

// ConstantVariable reports whether m, a field of t, is a constant variable javac inlines at
// its readers: final and static (as every interface field is), of a primitive type or
// String, initialized with literals and operators only. Initializers that name other
// fields are left out, though some are constant too: reading such a field counts as
// initializing its class, which is the safe direction.
func ConstantVariable(t *Type, m *Member) bool {
	if m.Kind != KindField || !constantTypes[m.ReturnType] || m.BodyEnd <= m.BodyStart {
		return false
	}
	implicit := t.Kind == "interface" || t.Kind == "annotation"
	if !implicit && !(m.Static() && hasString(m.Modifiers, "final")) {
		return false
	}
	rf := &m.Refs
	return len(rf.Calls) == 0 && len(rf.Names) == 0 && len(rf.Selects) == 0 && len(rf.ClassLits) == 0 &&
		!rf.MayThrow && !m.Broken // 1/0 is no constant: it throws when the class initializes
}

// noteInterfaceInits records in inits the interfaces a call makes an object of: those an
// anonymous class (new I() { .. }) implements, and the functional interfaces its lambda and
// method reference arguments implement, read from the parameter types of the methods it
// may call. Initializing the class of such an object initializes each of its interfaces
// that declares default methods (JLS 12.4.2), which runs their static field initializers.
// It returns the interfaces with default methods the call's lambda and method reference
// arguments may be made as (see functionCallbacks).
func (mc *memberCtx) noteInterfaceInits(c Call, targets []target, inits map[string]int) []string {
	r, self := mc.r, mc.typ
	if c.Anon && c.New != "" {
		for _, id := range mc.typeValue(mc.f, mc.typ, c.New).ids {
			if _, ok := inits[id]; !ok && id != self && hasDefaultMethod(r.s.Type(id)) {
				inits[id] = c.Line
			}
		}
	}
	if len(c.FnArgs) == 0 {
		return nil
	}
	var made []string
	for _, tg := range targets {
		if tg.kind == EdgeCallback {
			continue
		}
		owner := typeOfMember(tg.id)
		t := r.s.Type(owner)
		if t == nil {
			continue
		}
		m := t.Member(tg.id)
		if m == nil || len(m.Params) == 0 {
			continue
		}
		for _, pos := range c.FnArgs {
			param := m.Params[min(pos, len(m.Params)-1)]
			for _, id := range r.typeIn(r.s.FileOf(owner), owner, strings.TrimSuffix(param, "[]")).ids {
				if id == self || !hasDefaultMethod(r.s.Type(id)) {
					continue
				}
				made = appendNew(made, id)
				if _, ok := inits[id]; !ok {
					inits[id] = c.Line
				}
			}
		}
	}
	return made
}

// functionCallbacks lists what library code may run on a lambda or method reference made
// as one of the interfaces made (which declare default methods): the defaults that stand
// for a library method (TextRandomProvider's applyAsInt for IntUnaryOperator's), which
// code holding the function as its library type calls without naming the interface.
func (mc *memberCtx) functionCallbacks(made []string) []string {
	var out []string
	for _, id := range made {
		out = append(out, mc.r.callbackTargets(id)...)
	}
	return out
}

// appendNew appends s to list unless it is there already.
func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// noteFreeFunctionInits records in inits the project interfaces with default methods that
// a lambda or method reference written outside call arguments (Refs.FreeFns) may be made
// as: its type is that of what it is assigned to, cast to or returned as, so every such
// interface among the types the code names (declarations and casts, the member's own type
// for a return or a field initializer), the types of its locals and of the fields it
// assigns. Making the object initializes the interface (JLS 12.4.2). A lambda nested in
// another lambda's body takes its type from the outer function's, which none of these
// need name: a known gap.
// It returns those interfaces (see functionCallbacks).
func (mc *memberCtx) noteFreeFunctionInits(types []string, selects []Select, line int, inits map[string]int) []string {
	for _, typ := range mc.locals {
		types = append(types, typ)
	}
	for _, rivals := range mc.rivals {
		for _, lv := range rivals {
			types = append(types, lv.Type)
		}
	}
	for _, sel := range selects {
		if !sel.Write || len(sel.Receiver) > 1 || len(sel.Receiver) == 1 && sel.Receiver[0] != "this" {
			continue
		}
		if ref, ok := mc.scopeField(sel.Name); ok {
			if f := mc.r.member(ref); f != nil {
				types = append(types, f.ReturnType)
			}
		}
	}
	var made []string
	for _, n := range types {
		if n == "" {
			continue
		}
		for _, id := range mc.typeValue(mc.f, mc.typ, n).ids {
			if id == mc.typ || !hasDefaultMethod(mc.r.s.Type(id)) {
				continue
			}
			made = appendNew(made, id)
			if _, ok := inits[id]; !ok {
				inits[id] = line
			}
		}
	}
	return made
}

// hasDefaultMethod reports whether t is an interface declaring a default method.
func hasDefaultMethod(t *Type) bool {
	if t == nil || t.Kind != "interface" {
		return false
	}
	for _, m := range t.Members {
		if m.Kind == KindMethod && hasString(m.Modifiers, "default") {
			return true
		}
	}
	return false
}

// staticInitEdges adds, for each type whose initialization the member may trigger, edges to
// the static initializers and static field initializers of the type and of its project
// superclasses, which initialize first.
func staticInitEdges(r *resolver, from string, inits map[string]int, sink *edgeSink) {
	forStaticInits(r, inits, func(id string, line int) { sink.add(from, id, EdgeStaticInit, line) })
}

// staticInitTargets lists the members staticInitEdges would link to.
func staticInitTargets(r *resolver, inits map[string]int) []string {
	var out []string
	forStaticInits(r, inits, func(id string, _ int) { out = append(out, id) })
	return out
}

func forStaticInits(r *resolver, inits map[string]int, fn func(id string, line int)) {
	if len(inits) == 0 {
		return
	}
	types := make([]string, 0, len(inits))
	for typ := range inits {
		types = append(types, typ)
	}
	sort.Strings(types)
	for _, typ := range types {
		line := inits[typ]
		seen := map[string]bool{}
		var ifaces []string
		for cur := typ; cur != "" && !seen[cur]; cur = r.idx.superCls[cur] {
			seen[cur] = true
			r.d.typ(cur)
			t := r.s.Type(cur)
			if t == nil {
				break
			}
			isolated := r.isolatedConstants(cur)
			for _, m := range t.Members {
				if isStaticInit(m) && !isolated[m.ID] {
					fn(m.ID, line)
				}
			}
			ifaces = append(ifaces, r.supersOf(cur)...)
		}
		// A class's initialization also initializes the interfaces it implements, directly
		// or not, that declare default methods (JLS 12.4.2).
		for len(ifaces) > 0 {
			cur := ifaces[len(ifaces)-1]
			ifaces = ifaces[:len(ifaces)-1]
			if seen[cur] {
				continue
			}
			seen[cur] = true
			r.d.typ(cur)
			if t := r.s.Type(cur); hasDefaultMethod(t) {
				for _, m := range t.Members {
					if isStaticInit(m) {
						fn(m.ID, line)
					}
				}
			}
			ifaces = append(ifaces, r.supersOf(cur)...)
		}
	}
}

// isStaticInit reports whether m runs when its class initializes: a static initializer or
// a static field with an initializer (enum constants included).
func isStaticInit(m *Member) bool {
	return m.Static() && (m.Kind == KindInitializer || m.Kind == KindField && m.BodyEnd > m.BodyStart)
}
