package selection

import (
	"slices"
	"strings"
	"unicode"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection/coverage"
	"github.com/assertlens/assertlens/slicing"
)

// testStatement is a statement of test code that can observe a change without executing
// any member the record credits: it names the change (a field read, a class literal) or
// enumerates objects' fields (reflection, serialization). Line 0 stands for the whole
// member.
type testStatement struct {
	member string
	line   int
}

// fieldSites judges an added or deleted field of a production type. The code that names the
// field changed with it, since nothing else compiles, and is judged itself; so what the
// record must answer for is
//   - code whose unchanged names now bind to the field, or bound to the deleted one (a
//     subclass's or nested class's name that meant an inherited or outer field): the runs
//     of the members the graph has reading or writing it;
//   - its initializer: it runs in every constructor (an instance field) or in class
//     initialization (a static one). An added initializer must be one that cannot throw
//     and only makes its own value (literals, a lambda, a trivial new Object()); a deleted
//     one must have changed nothing outside its own value, which the effect summaries
//     prove (had it thrown, the tests after it failed, and the record does not vouch for
//     failed tests). The statements that run or ran it are selected, as the truth counts
//     them: those that ran a constructor of the class (an instance field) or initialized
//     the class (a static field that is no compile-time constant);
//   - code that enumerates an object's fields: reflection, serialization, reflective
//     comparison and printing. Production code and test helpers doing so are selected by
//     their runs, test methods and fixtures by the statements that do so.
//
// It cannot judge fields of annotated classes or annotated fields (frameworks read them
// unrecorded), a field named like a type (it obscures the type where it is in scope),
// enum constants and static fields of enums (values() changes), and a field read during
// class initialization.
func fieldSites(rec *coverage.Store, in Input, c analysis.Change) evidence {
	snap, g := declaringSide(in, c)
	owner := ownerType(c.ID)
	t, m, f := snap.Type(owner), findMember(snap, c.ID), snap.FileOf(owner)
	switch {
	case t == nil || m == nil || f == nil:
		return evidence{why: "a field the sources do not declare"}
	case f.Test:
		return evidence{why: "a change to test code"}
	case g == nil:
		return evidence{why: "a field " + c.Change + " without a graph to find its readers"}
	case t.Kind == "enum" && m.Static():
		return evidence{why: "an enum constant or static field of an enum " + c.Change}
	case !benignAnnotations(m.Annotations):
		return evidence{why: "an annotated field " + c.Change + ": frameworks may read it, unrecorded"}
	case annotatedTypes(snap, t) != "":
		return evidence{why: "a field " + c.Change + " in " + annotatedTypes(snap, t) + ", annotated: frameworks may read its fields, unrecorded"}
	case namesType(in.Base, m.Name) || namesType(in.Cur, m.Name):
		return evidence{why: "a field named like a type " + c.Change + ": it obscures the type in its scope"}
	}
	trivial := trivialInitializer(snap, m, 0)
	if c.Change == "added" && !trivial {
		return evidence{why: "an added field whose initializer runs code"}
	}
	if c.Change == "deleted" && !trivial {
		if why := slicing.InitializerWrites(snap, c.ID); why != "" {
			return evidence{why: "a deleted field whose initializer may have changed other state: " + why}
		}
	}
	static := m.Static() || t.Kind == "interface" || t.Kind == "annotation" // interface fields are implicitly static
	kept := len(constructorsKept(rec, in, owner)) > 0
	var ev evidence
	switch {
	case m.BodyEnd <= m.BodyStart || static && analysis.ConstantVariable(t, m):
		// No initializer runs: a constant's value is in the class file.
	case trivial && (static || kept):
		// An initializer that cannot throw and makes only its own value changes nothing
		// where it runs: what sees the value are the readers and enumerators below. (Where
		// every object came from a constructor its test ran, the constructors' statements
		// stand for the enumerators: every use of the object depends on them.)
	case static:
		// The record credits class initialization to the statements that triggered it.
		hits := rec.Hits(owner + "#<clinit>")
		if len(hits) == 0 {
			return evidence{why: "a static field " + c.Change + " in a class whose initialization the record did not see"}
		}
		ev.sites = hits
	default:
		ev.sites = constructorSites(rec, owner)
	}
	for _, e := range g.Callers(c.ID) {
		r := e.From
		rt, rm, rf := snap.Type(ownerType(r)), findMember(snap, r), snap.FileOf(ownerType(r))
		switch {
		case r == c.ID || e.Kind == analysis.EdgeInitializer || e.Kind == analysis.EdgeStaticInit:
			continue // the initializer's runs: the sites above
		case rt == nil || rm == nil || rf == nil:
			return evidence{why: "a field named where the record cannot see (" + r + ")"}
		case e.Kind == analysis.EdgeClassLiteral && rf.Test && classMetadataOnly(rm):
			continue // Box.class only compared or asked for its name: no field is looked at
		case runsInTest(snap, in.Tests, r):
			ev.tests = append(ev.tests, testStatementIn(in, c.Change == "deleted", r, e.Line))
			continue
		case c.Change == "added" && derivedConstant(snap, rt, rm) && findMember(in.Base, r) == nil:
			// An added compile-time constant computed from it: javac copies the value into
			// the readers of that constant, which are judged as its own addition.
			continue
		case rm.Static() && (rm.Kind == analysis.KindField || rm.Kind == analysis.KindInitializer):
			return evidence{why: "a field named during class initialization, which outlives the test that ran it (" + r + ")"}
		case rm.Kind == analysis.KindField || rm.Kind == analysis.KindInitializer:
			ev.sites = union(union(ev.sites, rec.Hits(r)), constructorSites(rec, ownerType(r)))
		default:
			ev.sites = union(ev.sites, rec.Hits(r))
		}
		if !rf.Test {
			ev.members = append(ev.members, r)
		}
	}
	// Code enumerating fields sees them on an object of the class (or on the class, which
	// a class literal or a class name names: the graph's edges above). When every such
	// object came from a constructor a test ran, the statements that ran it hold every
	// observer; objects made during class initialization or kept in static state may be
	// enumerated by any later test.
	if kept {
		sites, tests := fieldEnumerators(rec, in, static)
		holds := objectHolders(rec, in, owner)
		for _, s := range sites {
			if holds.site(s) {
				ev.sites = union(ev.sites, []coverage.Site{s})
			}
		}
		for _, ts := range tests {
			if holds.member(in.Tests, ts.member) {
				ev.tests = append(ev.tests, ts)
			}
		}
	} else if static {
		ev.sites = union(ev.sites, constructorSites(rec, owner)) // getClass() on them lists it
	}
	sites, tests := mockSites(rec, in)
	ev.sites, ev.tests = union(ev.sites, sites), append(ev.tests, tests...)
	return ev
}

// constructorsKept returns the recorded constructors of typeID whose objects may outlive
// the test that made them (see keptStatically): run during class initialization, on a
// thread no test owned, or feeding static state. Nil when every object of the class a test
// used was made by a constructor that test ran.
func constructorsKept(rec *coverage.Store, in Input, typeID string) []string {
	prefix := typeID + "#<init>("
	var kept []string
	for _, m := range rec.Members {
		if strings.HasPrefix(m.ID, prefix) && keptStatically(rec, in, evidence{members: []string{m.ID}}) != "" {
			kept = append(kept, m.ID)
		}
	}
	return kept
}

// holders are the test methods (by "class#method") and test classes (by id, for class
// setups) that may hold an object of a type.
type holders map[string]bool

// objectHolders returns the tests that may hold an object of typeID or of a subtype when
// objects of it outlive their tests: a test gets hold of such an object only through code
// that makes one or fetches one kept by the type (its constructors, its static state and
// factories, a class literal, a resource or string naming it: see objectSources), which
// the graphs of both sides link to those members, or through a run of such code the
// record saw. Tests neither reach cannot be handed one, whatever they enumerate. An object
// a test hands to another through state only the tests write is beyond both, as it is
// beyond the graph.
func objectHolders(rec *coverage.Store, in Input, typeID string) holders {
	var ids []string
	for _, side := range []struct {
		snap *analysis.Snapshot
		g    *analysis.Graph
	}{{in.Base, in.BaseGraph}, {in.Cur, in.CurGraph}} {
		if side.snap == nil || side.g == nil {
			continue
		}
		for _, t := range append([]string{typeID}, side.g.Subtypes(typeID)...) {
			ids = append(ids, objectSources(side.snap, t)...)
		}
	}
	out := holders{}
	for _, g := range []*analysis.Graph{in.BaseGraph, in.CurGraph} {
		if g == nil {
			continue
		}
		r := g.ReachFrom(ids)
		for _, tc := range in.Tests {
			classWide := slices.ContainsFunc(tc.Fixtures, r.Has)
			if classWide {
				out[tc.ID] = true
			}
			for _, tm := range tc.Methods {
				if classWide || r.Has(tm.MemberID) {
					out[tc.ID+"#"+methodName(tm.ID)] = true
				}
			}
		}
	}
	var sites []coverage.Site
	for _, id := range append(ids, typeID+"#<clinit>") {
		sites = union(sites, rec.Hits(id))
	}
	for _, s := range union(sites, constructorSites(rec, typeID)) {
		out[s.Class()+"#"+s.Method()] = true
		if s.Method() == "" {
			out[s.Class()] = true
		}
	}
	return out
}

// objectSources returns the members of type id through which code gets hold of an object
// of it without holding one already: its constructors (reflection and class literals reach
// them too) and its static members (a constant, a cache, a factory). Instance members run
// on an object the caller already holds; the type's own node is left out, since they all
// lead to it.
func objectSources(snap *analysis.Snapshot, id string) []string {
	t := snap.Type(id)
	if t == nil {
		return nil
	}
	var out []string
	ctors := false
	for _, m := range t.Members {
		ctors = ctors || m.Kind == analysis.KindConstructor
		if m.Kind == analysis.KindConstructor || m.Static() || t.Kind == "interface" && m.Kind == analysis.KindField {
			out = append(out, m.ID)
		}
	}
	if !ctors && t.Kind == "class" {
		out = append(out, id+"#<init>()") // the implicit constructor
	}
	return out
}

// site reports whether a recorded site belongs to a test that may hold an object.
func (h holders) site(s coverage.Site) bool {
	if s.Method() == "" {
		return h[s.Class()]
	}
	return h[s.Class()+"#"+s.Method()] || h[s.Class()]
}

// member reports whether a test method or fixture member id belongs to a test that may
// hold an object (a fixture to any test of a class using it).
func (h holders) member(tests []*slicing.TestClass, id string) bool {
	for _, tc := range tests {
		if h[tc.ID] && slices.Contains(tc.Fixtures, id) {
			return true
		}
		for _, tm := range tc.Methods {
			if h[tc.ID+"#"+methodName(tm.ID)] && (tm.MemberID == id || slices.Contains(tc.Fixtures, id)) {
				return true
			}
		}
	}
	return false
}

// mockSites returns the runs of production code and helpers making mocks (see makesMock),
// and the test statements that do: the ways to an object of a class without running its
// constructor.
func mockSites(rec *coverage.Store, in Input) ([]coverage.Site, []testStatement) {
	return callObservers(rec, in, makesMock)
}

// fieldEnumerators returns the runs of the production and test helper members that may
// enumerate an object's fields (see enumeratesFields), and the statements of test methods
// and fixtures that may; for a static field, only those that may see static fields (see
// instanceFieldsOnly).
func fieldEnumerators(rec *coverage.Store, in Input, static bool) ([]coverage.Site, []testStatement) {
	byName := typesBySimpleName(in.Cur)
	return callObservers(rec, in, func(c analysis.Call) bool {
		return enumeratesFields(c) && !(static && instanceFieldsOnly[c.Name]) && !projectCall(byName, c)
	})
}

// instanceFieldsOnly are the field-enumerating calls that never see static fields: Java
// serialization and the copies made through it, JSON and XML mappers, the reflective
// comparisons, hashes and printers of commons-lang (statics only through
// ReflectionToStringBuilder's option, a type named for reflection, which counts), bean
// property matchers and EqualsVerifier.
var instanceFieldsOnly = map[string]bool{
	"writeObject": true, "readObject": true, "writeUnshared": true, "readUnshared": true,
	"defaultWriteObject": true, "defaultReadObject": true, "readFields": true, "putFields": true,
	"serialize": true, "deserialize": true, "roundtrip": true, "roundTrip": true, "clone": true,
	"toJson": true, "toJsonTree": true, "fromJson": true, "writeValueAsString": true, "writeValueAsBytes": true,
	"writeValue": true, "readValue": true, "convertValue": true, "valueToTree": true, "toXML": true, "fromXML": true,
	"reflectionEquals": true, "reflectionHashCode": true, "reflectionToString": true, "reflectionCompare": true,
	"samePropertyValuesAs": true, "forClass": true,
}

// callObservers returns, for the calls of enumeratingCalls that keep accepts, the runs of
// the members making them and, for test methods and fixtures, whose own statements run in
// the test, those statements.
func callObservers(rec *coverage.Store, in Input, keep func(analysis.Call) bool) ([]coverage.Site, []testStatement) {
	var sites []coverage.Site
	var tests []testStatement
	done := map[string]bool{}
	for _, mc := range enumeratingCalls(in.Memo, in.Cur) {
		switch {
		case done[mc.member] || !keep(mc.call):
		case runsInTest(in.Cur, in.Tests, mc.member):
			tests = append(tests, testStatement{member: mc.member, line: mc.call.Line})
		default:
			sites, done[mc.member] = union(sites, rec.Hits(mc.member)), true
		}
	}
	return sites, tests
}

// runsInTest reports whether member id of snap is a test method or a fixture of tests: its
// statements are the test's own (the record holds other members by their runs).
func runsInTest(snap *analysis.Snapshot, tests []*slicing.TestClass, id string) bool {
	t, m, f := snap.Type(ownerType(id)), findMember(snap, id), snap.FileOf(ownerType(id))
	return t != nil && m != nil && f != nil && f.Test && (analysis.IsTestMethod(t, m) || isFixture(tests, id))
}

// memberCall is one call of a member.
type memberCall struct {
	member string
	call   analysis.Call
}

// enumeratingCalls returns the calls of snap that may enumerate an object's fields (see
// enumeratesFields) or make a mock (see makesMock), in path order. With a memo, each file
// version is scanned once.
func enumeratingCalls(memo *Memo, snap *analysis.Snapshot) []memberCall {
	scan := func(f *analysis.File) []memberCall {
		var out []memberCall
		for _, t := range f.Types {
			for _, m := range t.Members {
				for _, call := range m.Refs.Calls {
					if enumeratesFields(call) || makesMock(call) {
						out = append(out, memberCall{m.ID, call})
					}
				}
			}
		}
		return out
	}
	var out []memberCall
	if memo == nil {
		for _, path := range snap.SortedPaths() {
			out = append(out, scan(snap.Files[path])...)
		}
		return out
	}
	memo.mu.Lock()
	defer memo.mu.Unlock()
	kept := make(map[*analysis.File][]memberCall, len(snap.Files))
	for _, path := range snap.SortedPaths() {
		f := snap.Files[path]
		calls, ok := memo.enumerating[f]
		if !ok {
			calls = scan(f)
		}
		kept[f] = calls
		out = append(out, calls...)
	}
	memo.enumerating = kept
	return out
}

// projectCall reports whether call plainly goes to project code: it makes a project type
// or calls a static method a project type declares. What that code does is in the record
// (its runs), and judged there when it enumerates fields itself.
func projectCall(byName map[string][]*analysis.Type, call analysis.Call) bool {
	head, name := analysis.EraseType(call.New), "<init>"
	if head == "" && len(call.Receiver) == 1 {
		head, name = call.Receiver[0], call.Name
	}
	if head == "" || head[0] < 'A' || head[0] > 'Z' {
		return false
	}
	return slices.ContainsFunc(byName[simpleTypeName(head)], func(t *analysis.Type) bool {
		return name == "<init>" || slices.ContainsFunc(t.Members, func(m *analysis.Member) bool { return m.Name == name })
	})
}

// typesBySimpleName indexes the project types of snap by simple name.
func typesBySimpleName(snap *analysis.Snapshot) map[string][]*analysis.Type {
	out := map[string][]*analysis.Type{}
	for _, f := range snap.Files {
		for _, t := range f.Types {
			out[t.Name] = append(out[t.Name], t)
		}
	}
	return out
}

// typesNamed returns the project types of snap with the simple name name, in no
// particular order.
func typesNamed(snap *analysis.Snapshot, name string) []*analysis.Type {
	var out []*analysis.Type
	for _, f := range snap.Files {
		for _, t := range f.Types {
			if t.Name == name {
				out = append(out, t)
			}
		}
	}
	return out
}

// onlyTypeNamed returns the one project type of simple name name, nil when there is none
// or more than one (which one is meant is not followed here).
func onlyTypeNamed(snap *analysis.Snapshot, name string) *analysis.Type {
	if ts := typesNamed(snap, name); len(ts) == 1 {
		return ts[0]
	}
	return nil
}

// fieldEnumeratingCalls are the names of library methods that read or write an object's
// fields without naming them: reflection, Java serialization (a new field that does not
// serialize makes writeObject throw; bytes written before fail to read), and the
// reflective comparisons, printers and mappers of common test and JSON libraries.
var fieldEnumeratingCalls = map[string]bool{
	"getDeclaredFields": true, "getFields": true, "getDeclaredField": true, "getField": true,
	"getRecordComponents": true, "objectFieldOffset": true, "findVarHandle": true,
	"writeObject": true, "readObject": true, "writeUnshared": true, "readUnshared": true,
	"defaultWriteObject": true, "defaultReadObject": true, "readFields": true, "putFields": true,
	"serialize": true, "deserialize": true, "roundtrip": true, "roundTrip": true,
	"reflectionEquals": true, "reflectionHashCode": true, "reflectionToString": true, "reflectionCompare": true,
	"usingRecursiveComparison": true, "isEqualToComparingFieldByField": true,
	"isEqualToComparingFieldByFieldRecursively": true, "isEqualToIgnoringGivenFields": true,
	"isEqualToIgnoringNullFields": true, "isEqualToComparingOnlyGivenFields": true,
	"hasFieldOrProperty": true, "hasFieldOrPropertyWithValue": true, "hasNoNullFieldsOrProperties": true,
	"hasNoNullFieldsOrPropertiesExcept": true, "hasAllNullFieldsOrProperties": true, "extracting": true,
	"samePropertyValuesAs": true, "toJson": true, "toJsonTree": true, "fromJson": true,
	"writeValueAsString": true, "writeValueAsBytes": true, "writeValue": true, "readValue": true,
	"convertValue": true, "valueToTree": true, "forClass": true, "toXML": true, "fromXML": true,
	"readField": true, "writeField": true, "readDeclaredField": true, "writeDeclaredField": true,
	"getAllFields": true, "getAllFieldsList": true, "getFieldsWithAnnotation": true, "getFieldsListWithAnnotation": true,
}

// makesMock reports whether call may make an object of a class it does not name without
// running its constructor: Mockito's mock() and spy() without arguments, which take the
// class from the type the result is assigned to. mock(X.class) and
// Unsafe.allocateInstance(X.class) name it by a class literal (the graph's edges reach the
// class's members); spy(object) copies an object a constructor made.
func makesMock(call analysis.Call) bool {
	return (call.Name == "mock" || call.Name == "spy") && call.Arity == 0
}

// enumeratesFields reports whether call may read or write fields of an object it is handed
// without naming them: one of fieldEnumeratingCalls, a call on or a creation of a type
// named for reflection or fields (ReflectionToStringBuilder.toString(x),
// new ReflectionDiffBuilder<>(..), ReflectionTestUtils.setField(..)), or
// SerializationUtils.clone(x), which copies through serialization (Object#clone(), without
// an argument, copies fields it never looks at).
func enumeratesFields(call analysis.Call) bool {
	if fieldEnumeratingCalls[call.Name] || call.Name == "clone" && call.Arity > 0 {
		return true
	}
	named := func(s string) bool { return strings.Contains(s, "Reflect") || strings.Contains(s, "Field") }
	return named(call.New) || slices.ContainsFunc(call.Receiver, named)
}

// classMetadata are the calls on or with a class object that never look at its fields:
// java.lang.Class's questions about the class itself, and JUnit's plain assertions, which
// compare Class objects by identity.
var classMetadata = map[string]bool{
	"isAssignableFrom": true, "isInstance": true, "cast": true, "getName": true, "getSimpleName": true,
	"getCanonicalName": true, "getTypeName": true, "getPackageName": true, "getPackage": true, "isInterface": true,
	"isEnum": true, "isRecord": true, "isArray": true, "isPrimitive": true, "isAnnotation": true,
	"getModifiers": true, "getSuperclass": true, "getInterfaces": true, "isSealed": true,
	"assertTrue": true, "assertFalse": true, "assertEquals": true, "assertNotEquals": true, "assertSame": true,
	"assertNotSame": true, "assertNull": true, "assertNotNull": true,
}

// classMetadataOnly reports whether every call test member m makes is one of
// classMetadata (assertTrue(Serializable.class.isAssignableFrom(Box.class))): its class
// literals reach the classes' members, but it reads none. (The graph ties class literals
// to the member, not to a statement.)
func classMetadataOnly(m *analysis.Member) bool {
	for _, call := range m.Refs.Calls {
		if !classMetadata[call.Name] {
			return false
		}
	}
	return len(m.Refs.Calls) > 0
}

// testStatementIn returns the statement of test member id at line (in the deleted side's
// lines when deleted) as a line of the current sources, or the whole member when the member
// moved with other changes.
func testStatementIn(in Input, deleted bool, id string, line int) testStatement {
	if !deleted {
		return testStatement{member: id, line: line}
	}
	old, cur := findMember(in.Base, id), findMember(in.Cur, id)
	if old == nil || cur == nil || !sameMember(old, cur) || line <= 0 {
		return testStatement{member: id}
	}
	return testStatement{member: id, line: line + cur.Line - old.Line}
}

// isFixture reports whether id runs around the tests of some test class.
func isFixture(tests []*slicing.TestClass, id string) bool {
	for _, tc := range tests {
		for _, f := range tc.Fixtures {
			if f == id {
				return true
			}
		}
	}
	return false
}

// trivialInitializer reports whether field m has no initializer, or one that cannot throw
// and only makes its own value: literals and operators on them, a lambda or a method
// reference on a type, or new of a class whose creation runs nothing (java.lang.Object, a
// JDK container or lock made empty, a project class whose construction does nothing that
// could throw or change other state).
func trivialInitializer(snap *analysis.Snapshot, m *analysis.Member, depth int) bool {
	if m.BodyEnd <= m.BodyStart {
		return true
	}
	if functionInitializer(snap, m) {
		return true
	}
	r := &m.Refs
	if r.MayThrow || r.MayReflect() || r.LocalTypes || m.Broken || len(r.ClassLits)+len(r.Strings) > 0 || !constantsOnly(snap, m) {
		return false
	}
	if len(r.Calls) == 0 {
		return true
	}
	if len(r.Calls) == 1 && r.Calls[0].MethRef && len(r.Names) == 0 && len(r.Selects) == 0 {
		return true
	}
	if len(r.Calls) != 1 {
		return false
	}
	call := r.Calls[0]
	if call.Name != "<init>" || call.Arity != 0 || call.Anon || call.MethRef || call.Receiver != nil {
		return false
	}
	return trivialNew(snap, analysis.EraseType(call.New), depth)
}

// derivedConstant reports whether field m of t is a compile-time constant computed from
// literals and other constants (DAY = SEC * 86400L): javac computes its value, and no class
// initialization does.
func derivedConstant(snap *analysis.Snapshot, t *analysis.Type, m *analysis.Member) bool {
	if m.Kind != analysis.KindField || t == nil {
		return false
	}
	if analysis.ConstantVariable(t, m) {
		return true
	}
	final := t.Kind == "interface" || m.Static() && slices.Contains(m.Modifiers, "final")
	r := &m.Refs
	return final && analysis.ConstantType(m.ReturnType) && m.BodyEnd > m.BodyStart && len(r.Calls) == 0 &&
		len(r.ClassLits) == 0 && !r.MayThrow && !m.Broken && constantsOnly(snap, m)
}

// constantsOnly reports whether the names and field selections m's initializer reads
// are all compile-time constants of project types (MAX_LENGTH of its own class,
// Limits.MAX of another) or of the JDK (Integer.MAX_VALUE): javac copies their values, so
// reading them runs nothing.
func constantsOnly(snap *analysis.Snapshot, m *analysis.Member) bool {
	constant := func(typ *analysis.Type, name string) bool {
		if typ == nil {
			return false
		}
		for _, f := range typ.Members {
			if f.Kind == analysis.KindField && f.Name == name {
				return analysis.ConstantVariable(typ, f)
			}
		}
		return false
	}
	selected := map[string]bool{} // the names of Type.CONSTANT selections
	for _, sel := range m.Refs.Selects {
		if len(sel.Receiver) != 1 || sel.Write {
			return false
		}
		jdk := jdkConstants[sel.Receiver[0]+"."+sel.Name] && len(typesNamed(snap, sel.Receiver[0])) == 0
		if !jdk && !constant(onlyTypeNamed(snap, sel.Receiver[0]), sel.Name) {
			return false
		}
		selected[sel.Receiver[0]], selected[sel.Name] = true, true
	}
	own := snap.Type(ownerType(m.ID))
	for _, n := range m.Refs.Names {
		if !selected[n] && !constant(own, n) {
			return false
		}
	}
	return true
}

// jdkConstants are JDK constants an initializer may read without running code: compile-time
// constants of the boxed primitives and Math, and Boolean's two values.
var jdkConstants = func() map[string]bool {
	out := map[string]bool{"Math.PI": true, "Math.E": true, "Boolean.TRUE": true, "Boolean.FALSE": true}
	for _, t := range []string{"Integer", "Long", "Short", "Byte", "Character", "Float", "Double"} {
		for _, n := range []string{"MAX_VALUE", "MIN_VALUE", "SIZE", "BYTES", "NaN", "POSITIVE_INFINITY", "NEGATIVE_INFINITY", "MIN_NORMAL"} {
			out[t+"."+n] = true
		}
	}
	return out
}()

// functionInitializer says whether the initializer of m is one lambda: creating it runs
// nothing.
func functionInitializer(snap *analysis.Snapshot, m *analysis.Member) bool {
	f := snap.FileOf(ownerType(m.ID))
	if f == nil {
		return false
	}
	src, err := snap.Read(f.Path)
	if err != nil || m.BodyEnd > len(src) {
		return false
	}
	return lambdaHead.Match(src[m.BodyStart:m.BodyEnd])
}

// emptyJDKTypes are JDK classes whose no-argument constructor only makes an empty object.
var emptyJDKTypes = map[string]bool{
	"Object": true, "ArrayList": true, "LinkedList": true, "HashMap": true, "LinkedHashMap": true,
	"TreeMap": true, "HashSet": true, "LinkedHashSet": true, "TreeSet": true, "ArrayDeque": true,
	"ConcurrentHashMap": true, "CopyOnWriteArrayList": true, "CopyOnWriteArraySet": true,
	"ConcurrentLinkedQueue": true, "ConcurrentLinkedDeque": true, "IdentityHashMap": true,
	"WeakHashMap": true, "Vector": true, "Hashtable": true, "StringBuilder": true, "StringBuffer": true,
	"ReentrantLock": true, "ReentrantReadWriteLock": true, "AtomicInteger": true, "AtomicLong": true,
	"AtomicBoolean": true, "AtomicReference": true,
}

// trivialNew reports whether new name() cannot throw and changes nothing but the new
// object: an empty JDK object, or a top-level or static nested project class (one of the
// name) without initializer blocks, whose constructors are empty, whose fields' initializers
// are trivial, and whose superclass is trivial to make too.
func trivialNew(snap *analysis.Snapshot, name string, depth int) bool {
	t := snap.Type(name)
	if t == nil {
		switch ts := typesNamed(snap, name); len(ts) {
		case 0:
			return emptyJDKTypes[name] && !strings.Contains(name, ".")
		case 1:
			t = ts[0]
		default:
			return false // which one is meant is not followed here
		}
	}
	if depth > 3 || t.Kind != "class" || t.Outer != "" && !slices.Contains(t.Modifiers, "static") || len(t.Implements) > 0 && !serializableOnly(t) {
		return false
	}
	for _, m := range t.Members {
		switch m.Kind {
		case analysis.KindInitializer:
			return false
		case analysis.KindConstructor:
			r := &m.Refs
			if len(m.Params) > 0 || r.MayThrow || len(r.Calls)+len(r.Names)+len(r.Selects)+len(r.Strings)+len(r.ClassLits) > 0 {
				return false
			}
		case analysis.KindField:
			if !trivialInitializer(snap, m, depth+1) {
				return false
			}
		}
	}
	if len(t.Extends) == 0 || t.Extends[0] == "Object" {
		return true
	}
	return trivialNew(snap, analysis.EraseType(t.Extends[0]), depth+1)
}

// serializableOnly reports whether t implements nothing but Serializable: a marker with
// no methods library code could call.
func serializableOnly(t *analysis.Type) bool {
	for _, i := range t.Implements {
		if i != "Serializable" && i != "java.io.Serializable" {
			return false
		}
	}
	return true
}

// benignAnnotations reports whether annotations holds only ones no framework reads
// fields by.
func benignAnnotations(annotations []string) bool {
	for _, a := range annotations {
		switch a {
		case "Deprecated", "SuppressWarnings", "SuppressFBWarnings", "SafeVarargs", "FunctionalInterface",
			"Nullable", "NonNull", "Nonnull", "CheckForNull", "VisibleForTesting", "GuardedBy":
		default:
			return false
		}
	}
	return true
}

// annotatedTypes returns the id of t or of a type enclosing it or above it in the
// project's class hierarchy that carries an annotation a framework may read fields by,
// "" when none does.
func annotatedTypes(snap *analysis.Snapshot, t *analysis.Type) string {
	seen := map[string]bool{}
	for queue := []*analysis.Type{t}; len(queue) > 0; queue = queue[1:] {
		x := queue[0]
		if x == nil || seen[x.ID] {
			continue
		}
		seen[x.ID] = true
		if !benignAnnotations(x.Annotations) {
			return x.ID
		}
		if x.Outer != "" {
			queue = append(queue, snap.Type(x.Outer))
		}
		for _, sup := range x.Extends {
			queue = append(queue, typesNamed(snap, simpleTypeName(analysis.EraseType(sup)))...)
		}
	}
	return ""
}

// namesType reports whether some type of snap, or one it imports, has the simple name
// name.
func namesType(snap *analysis.Snapshot, name string) bool {
	for _, f := range snap.Files {
		for _, imp := range f.Imports {
			// A static import names a member; only a nested type's name is written like one
			// (a constant's NANOS_PER_SECOND is not).
			if simpleTypeName(imp.Name) == name && (!imp.Static || strings.ContainsFunc(name, unicode.IsLower)) {
				return true
			}
		}
	}
	return len(typesNamed(snap, name)) > 0
}

// objectMethodArity is the parameter count of each java.lang.Object method a class may
// override, but finalize, which the collector runs in whatever test is running.
var objectMethodArity = map[string]int{"toString": 0, "hashCode": 0, "equals": 1, "clone": 0}

// objectMethodSites judges an added or deleted override of one of java.lang.Object's
// methods (toString, equals, hashCode, clone) in a production class. Library code calls
// them unrecorded (string concatenation, hash maps, assertion messages), so no recorded
// call can tell who reached the old one; but every such call runs on an object of the
// class or a subclass, and a statement gets hold of one by running a constructor of the
// class (recorded, subclasses' too, which run it), or by taking one made elsewhere: kept in
// static state (then the record cannot judge: a constructor run during class initialization
// or feeding static state sends the change to the graph), or made without a constructor.
// Deserializing bytes the same run wrote copies an object a constructor made; bytes from a
// resource name the class (the graph's resource edges, which reach its members); a mock is
// made from a class literal or by a test's mock()/spy() call. So the statements naming the
// class by a class literal, reflection, a method reference or a resource are selected, and
// the test statements making mocks.
func objectMethodSites(rec *coverage.Store, in Input, c analysis.Change) evidence {
	snap, g := declaringSide(in, c)
	owner := ownerType(c.ID)
	t, m, f := snap.Type(owner), findMember(snap, c.ID), snap.FileOf(owner)
	switch {
	case t == nil || m == nil || f == nil:
		return evidence{why: "a method the sources do not declare"}
	case f.Test:
		return evidence{why: "a change to test code"}
	case g == nil:
		return evidence{why: "an override of java.lang.Object's " + m.Name + " " + c.Change + " without a graph"}
	case t.Kind != "class" && t.Kind != "enum" && t.Kind != "record":
		return evidence{why: "an override of java.lang.Object's " + m.Name + " " + c.Change + " in a " + t.Kind}
	}
	prefix := owner + "#<init>("
	var ev evidence
	for _, rm := range rec.Members {
		if strings.HasPrefix(rm.ID, prefix) {
			ev.sites = union(ev.sites, rec.Hits(rm.ID))
			ev.members = append(ev.members, rm.ID)
		}
	}
	if len(constructorsKept(rec, in, owner)) > 0 {
		// Objects of the class outlive the tests that made them: library code may call the
		// method on one in any statement of a test that can get hold of one, so those tests
		// are selected whole, and the constructors' runs no longer stand for the calls.
		holds := objectHolders(rec, in, owner)
		for _, tc := range in.Tests {
			for _, tm := range tc.Methods {
				if holds[tc.ID] || holds[tc.ID+"#"+methodName(tm.ID)] {
					ev.tests = append(ev.tests, testStatement{member: tm.MemberID})
				}
			}
		}
		ev.members = nil
	}
	for _, e := range g.Callers(c.ID) {
		if e.Kind != analysis.EdgeClassLiteral && e.Kind != analysis.EdgeReflection && e.Kind != analysis.EdgeMethodRef && e.Kind != analysis.EdgeResource {
			continue // calls run on an object of the class: its constructors' runs hold them
		}
		from, fromFile := findMember(snap, e.From), snap.FileOf(ownerType(e.From))
		switch {
		case from == nil || fromFile == nil:
			return evidence{why: "an override of java.lang.Object's " + m.Name + " named where the record cannot see (" + e.From + ")"}
		case e.Kind == analysis.EdgeClassLiteral && fromFile.Test && classMetadataOnly(from):
			continue // the class object itself: no object of the class to call the method on
		case runsInTest(snap, in.Tests, e.From):
			ev.tests = append(ev.tests, testStatementIn(in, c.Change == "deleted", e.From, e.Line))
		default:
			ev.sites = union(ev.sites, rec.Hits(e.From))
		}
	}
	sites, tests := mockSites(rec, in)
	ev.sites, ev.tests = union(ev.sites, sites), append(ev.tests, tests...)
	return ev
}

// declaringSide returns the snapshot and graph that declare what c adds or deletes: the
// current ones for an addition, the baseline's for a deletion.
func declaringSide(in Input, c analysis.Change) (*analysis.Snapshot, *analysis.Graph) {
	if c.Change == "deleted" {
		return in.Base, in.BaseGraph
	}
	return in.Cur, in.CurGraph
}

// paramCount returns the number of parameters of the method c adds or deletes, -1 when
// its side does not declare it.
func paramCount(in Input, c analysis.Change) int {
	snap, _ := declaringSide(in, c)
	if m := findMember(snap, c.ID); m != nil {
		return len(m.Params)
	}
	return -1
}
