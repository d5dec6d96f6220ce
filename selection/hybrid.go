package selection

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection/coverage"
	"github.com/assertlens/assertlens/slicing"
)

// Unit sources, in slicing.Unit.Source.
const (
	SourceCoverage = "coverage" // a recorded test statement executed the changed member
	SourceStatic   = "static"   // the static graph reaches the change
)

// CoverageUse says whether and how a selection used the coverage record.
type CoverageUse struct {
	// State is "fresh" (the record belongs to the baseline's sources and every test it
	// vouches for is unchanged), "stale" (some tests changed or did not pass, or the
	// record belongs to other production sources: see Reason) or "none".
	State string `json:"state"`
	// Vouched counts the test runs the record answers for; StaleTests those it cannot
	// (edited since, failed or skipped in the record, or never recorded).
	Vouched    int    `json:"vouched"`
	StaleTests int    `json:"staleTests"`
	Reason     string `json:"reason,omitempty"`
	// Static lists the changes the record could not judge for any test, with why; the
	// static graph selected for them.
	Static []StaticChange `json:"static,omitempty"`
}

// StaticChange is a change the coverage record could not judge, and why.
type StaticChange struct {
	ID     string `json:"id"`
	Reason string `json:"reason"`
}

// selectHybrid selects with the coverage record where it can vouch and with the static
// graph everywhere else. A body change of a production member m affects a vouched test
// statement iff that statement executed m in the record: a run of the old program reaches
// the first changed member before it can differ, so a statement that never executed m
// behaves the same after the edit. The record vouches for a test when it ran against the
// baseline's production sources, the test passed (statements after a failure never ran),
// and the files declaring the test are unchanged since. Everything else — other kinds of
// change, changed test code, tests without a passing record — is selected statically.
func selectHybrid(in Input) *Result {
	rec := in.Coverage
	in.Coverage = nil
	changes := in.Changes
	if changes == nil {
		changes = analysis.Diff(in.Base, in.Cur)
	}
	if changes == nil {
		changes = []analysis.Change{} // "changes": [] in JSON, as without coverage
	}
	in.Changes = changes
	use := &CoverageUse{State: "fresh"}
	versions, reason := matchingVersions(rec, in.Base)
	if reason != "" {
		use.State, use.Reason = "stale", reason
		res := Select(in)
		res.Coverage = use
		return res
	}
	// Non-nil: a nil Changes would make Select diff the snapshots again.
	byCoverage, other := []analysis.Change{}, []analysis.Change{}
	for _, c := range changes {
		if !c.Rerun {
			other = append(other, c)
			continue
		}
		why := ""
		if ev := coverageEvidence(rec, in, c); ev.why != "" {
			why = ev.why
		} else {
			why = keptStatically(rec, in, ev)
		}
		if why == "" {
			byCoverage = append(byCoverage, c)
		} else {
			other = append(other, c)
			use.Static = append(use.Static, StaticChange{ID: c.ID, Reason: why})
		}
	}
	vouched, staleTests := vouchedTests(rec, versions, in.Base, in.Cur, in.Tests)
	use.Vouched, use.StaleTests = len(vouched), staleTests
	if staleTests > 0 {
		use.State, use.Reason = "stale", strconv.Itoa(staleTests)+" tests changed, failed or were not recorded"
	}

	// Static: every change for the tests the record cannot vouch for; the changes it
	// cannot judge for all tests.
	staticIn := in
	staticIn.Changes = other
	res := Select(staticIn)
	if len(byCoverage) > 0 {
		var unvouched []*slicing.TestClass
		for _, tc := range in.Tests {
			if !allVouched(tc, vouched) {
				unvouched = append(unvouched, tc)
			}
		}
		if len(unvouched) > 0 {
			rest := in
			rest.Changes, rest.Tests, rest.Memo, rest.RecentlyFailed = byCoverage, unvouched, nil, nil
			for _, u := range Select(rest).Units {
				// The record answers for the vouched methods of these classes.
				if u.Level == slicing.LevelClass || !vouched.has(u.Class+"#"+methodName(u.Test)) {
					res.Units = append(res.Units, u)
				}
			}
		}
		res.Units = append(res.Units, coverageUnits(rec, in, byCoverage, vouched)...)
	}
	res.Changes = changes
	res.Units = dedupeByID(res.Units)
	recount(res, in.Tests)
	res.Coverage = use
	return res
}

// evidence is what the record holds on one change.
type evidence struct {
	sites   []coverage.Site // the recorded test statements that can observe the change
	members []string        // the members whose executions put them there
	// nestedBodies says the change lies inside lambda bodies or methods of anonymous
	// classes: only runs of those during class initialization can keep its effect in
	// static state.
	nestedBodies bool
	// tests are statements of test methods and fixtures that can observe the change
	// without executing anything the record credits (see fieldSites).
	tests []testStatement
	// why says why the record cannot judge the change; "" when it can.
	why string
}

// coverageEvidence returns what the record holds on change c.
func coverageEvidence(rec *coverage.Store, in Input, c analysis.Change) evidence {
	if c.Change == "modified" {
		if c.Detail == "field initializer changed" && functionConstant(in.Base, c.ID) && functionConstant(in.Cur, c.ID) {
			// Class initialization only makes the function object; its body runs when a
			// test calls it, and those calls are what the record holds for the field.
			return evidence{sites: rec.Hits(c.ID), members: []string{c.ID}}
		}
		if (c.Detail == "body changed" || c.Detail == "field initializer changed") && nestedOnlyChange(in.Base, in.Cur, c.ID) {
			// The record credits the runs of lambda bodies and anonymous classes' methods to
			// the member declaring them; the member's own runs (class initialization among
			// them) only made the function or the object.
			return evidence{sites: rec.Hits(c.ID), members: []string{c.ID}, nestedBodies: true}
		}
		if c.Detail == "declaration changed" && (c.Kind == analysis.KindMethod || c.Kind == analysis.KindConstructor) {
			sites, members, why := declarationSites(rec, in, c)
			return evidence{sites: sites, members: members, why: why}
		}
		if c.Detail == "field initializer changed" && (literalConstant(in.Base, c.ID) && literalConstant(in.Cur, c.ID) ||
			isolatedStaticField(in.Base, in.BaseGraph, c.ID) && isolatedStaticField(in.Cur, in.CurGraph, c.ID)) {
			sites, members, why := valueReaderSites(rec, in, c.ID)
			return evidence{sites: sites, members: members, why: why}
		}
		sites, why := changeSites(rec, in.Base, c)
		return evidence{sites: sites, members: []string{c.ID}, why: why}
	}
	if c.Kind == analysis.KindField && (c.Change == "added" || c.Change == "deleted") && c.RenamedFrom == "" && c.RenamedTo == "" {
		return fieldSites(rec, in, c)
	}
	if c.Kind == analysis.KindMethod && (c.Change == "added" || c.Change == "deleted") && c.RenamedFrom == "" && c.RenamedTo == "" {
		if n, ok := objectMethodArity[memberName(c.ID)]; ok && paramCount(in, c) == n {
			return objectMethodSites(rec, in, c)
		}
	}
	if c.Kind == analysis.KindType && c.Change == "added" {
		if f := in.Cur.FileOf(c.ID); f != nil && f.Test {
			return evidence{why: "an added test type: no record holds its tests"}
		}
		if addedTypeUnseen(in, c) {
			return evidence{}
		}
		return evidence{why: "an added type whose name the baseline already uses"}
	}
	sites, members, why := lookupSites(rec, in, c)
	return evidence{sites: sites, members: members, why: why}
}

// addedTypeUnseen says whether an added production type can change nothing the record
// saw. The baseline's code cannot reach a type that did not exist: the members that use it
// now changed to do so, and are judged themselves. Unless the baseline mentions its simple
// name somewhere (the new type may now take over a name that meant another type, or a
// nested type a name of its outer scope), or names it in a string a reflective lookup
// could use (the name itself, or a package prefix a class name is built from).
func addedTypeUnseen(in Input, c analysis.Change) bool {
	t := in.Cur.Type(c.ID)
	if t == nil || in.Cur.FileOf(c.ID) == nil || in.Cur.FileOf(c.ID).Test || c.RenamedFrom != "" {
		return false
	}
	return !mentions(in.Base, t.Name, c.ID)
}

// mentions reports whether any code of snap uses the simple type name as a name (types,
// imports, signatures, body references), or has a string constant that names the type
// or a package or class prefix of qualified.
func mentions(snap *analysis.Snapshot, name, qualified string) bool {
	// is reports whether name is one of the identifiers of s ("Foo", "a.Foo", "Map<K, Foo[]>").
	is := func(s string) bool {
		if !strings.Contains(s, name) {
			return false
		}
		return slices.Contains(strings.FieldsFunc(s, func(r rune) bool {
			return !(r == '_' || r == '$' || unicode.IsLetter(r) || unicode.IsDigit(r))
		}), name)
	}
	named := func(ss []string) bool { return slices.ContainsFunc(ss, is) }
	for _, f := range snap.Files {
		for _, imp := range f.Imports {
			if is(imp.Name) {
				return true
			}
		}
		for _, t := range f.Types {
			if t.Name == name || named(t.Extends) || named(t.Implements) || named(t.QualifiedSupers) || named(t.Annotations) {
				return true
			}
			for _, m := range t.Members {
				r := &m.Refs
				if is(m.ReturnType) || is(m.QualifiedType) || named(m.Params) || named(m.Throws) || named(m.Annotations) ||
					named(r.Names) || named(r.Types) || named(r.ClassLits) {
					return true
				}
				for _, l := range r.Locals {
					if is(l.Type) {
						return true
					}
				}
				for _, call := range r.Calls {
					if is(call.New) || named(call.Receiver) || named(call.ArgNames) {
						return true
					}
				}
				for _, str := range r.Strings {
					if strings.Contains(str, name) || strings.HasSuffix(str, ".") && strings.HasPrefix(qualified, str) {
						return true
					}
				}
			}
		}
	}
	return false
}

// functionConstant says whether member id of snap is a static field initialized with a
// lambda or a method reference on a named type (Converter.DATE = s -> ...): creating it
// evaluates nothing, so a change to it shows only where the function runs.
func functionConstant(snap *analysis.Snapshot, id string) bool {
	m := findMember(snap, id)
	if m == nil || m.Kind != analysis.KindField || !m.Static() || m.BodyEnd <= m.BodyStart {
		return false
	}
	f := snap.FileOf(ownerType(id))
	if f == nil {
		return false
	}
	src, err := snap.Read(f.Path)
	if err != nil || m.BodyEnd > len(src) {
		return false
	}
	expr := src[m.BodyStart:m.BodyEnd]
	return lambdaHead.Match(expr) || typeMethodRef.Match(expr)
}

var (
	// lambdaHead matches the start of a lambda expression, which then runs to the end of
	// the initializer: "s -> ...", "(a, b) -> ...", "(final String s) -> ...".
	lambdaHead = regexp.MustCompile(`^\s*(\([^()]*\)|[A-Za-z_$][\w$]*)\s*->`)
	// typeMethodRef matches a whole initializer "Type::name" or "pkg.Type::new".
	typeMethodRef = regexp.MustCompile(`^\s*[A-Za-z_$][\w$.]*\s*::\s*(new|[A-Za-z_$][\w$]*)\s*$`)
)

// lookupSites judges an added or deleted production method or constructor: it can only
// change which code a call reaches, and a call whose target changes executed, in the
// record, some method of the same name (for a constructor, some constructor of the type),
// so every statement that did so is affected. The record cannot judge what it could not
// see: java.lang.Object's methods and names a library supertype may call (a call that
// reached library code, now overridden, was never recorded), and renames (their callers
// changed with them).
func lookupSites(rec *coverage.Store, in Input, c analysis.Change) ([]coverage.Site, []string, string) {
	if c.RenamedFrom != "" || c.RenamedTo != "" {
		return nil, nil, "a rename"
	}
	if (c.Change != "added" && c.Change != "deleted") || (c.Kind != analysis.KindMethod && c.Kind != analysis.KindConstructor) {
		return nil, nil, "a " + string(c.Kind) + " " + c.Change + " (" + c.Detail + ")"
	}
	snap, g := in.Cur, in.CurGraph
	if c.Change == "deleted" {
		snap, g = in.Base, in.BaseGraph
	}
	owner := ownerType(c.ID)
	if f := snap.FileOf(owner); f == nil || f.Test {
		return nil, nil, "a change to test code"
	}
	changed := findMember(snap, c.ID)
	if changed == nil {
		return nil, nil, "a member the sources do not declare"
	}
	var match func(id string) bool
	if c.Kind == analysis.KindConstructor {
		prefix := owner + "#<init>("
		match = func(id string) bool { return strings.HasPrefix(id, prefix) }
	} else {
		name := memberName(c.ID)
		switch {
		case objectMethodNames[name]:
			return nil, nil, "an added or deleted override of java.lang.Object's " + name
		case g == nil || g.LibraryMayCall(owner, name):
			return nil, nil, "library code may call " + name + " on " + owner + ", unrecorded"
		case staticImportMayBind(in.Base, owner, name):
			return nil, nil, "an unqualified " + name + " may have called a statically imported library method"
		}
		// Calls that may change binding ran a method of that name in a related type: the
		// receivers' types are the owner's ancestors or subtypes (or the code is nested in
		// them). Before, every method of the name anywhere counted (an added static
		// builder() matched every other Builder's).
		related := g.LookupRelated(owner)
		if related == nil {
			return nil, nil, "a type the graph does not know"
		}
		if in.BaseGraph != nil && g != in.BaseGraph {
			for id := range in.BaseGraph.LookupRelated(owner) {
				related[id] = true // a type hierarchy that changed with the edit: both sides
			}
		}
		infix := "#" + name + "("
		match = func(id string) bool { return related[ownerType(id)] && strings.Contains(id, infix) }
	}
	// A call binds only to a method whose parameter count fits its number of arguments, and
	// a recorded statement's call ran the method it bound to: only methods whose counts can
	// meet the changed one's can lose or gain its calls.
	sameCall := func(id string) bool {
		m := findMember(in.Base, id)
		return m == nil || arityOverlaps(changed, m) // no source (a default constructor): keep
	}
	var sites []coverage.Site
	var members []string
	for _, m := range rec.Members {
		if match(m.ID) && sameCall(m.ID) {
			sites = union(sites, rec.Hits(m.ID))
			members = append(members, m.ID)
		}
	}
	return sites, members, ""
}

// declarationSites judges a method or constructor whose declaration changed under the same
// id (return type, modifiers, type parameters, varargs): the statements that ran it, and,
// since calls may bind differently now, those that ran a method of its name in a related
// type whose parameter count meets the old or the new declaration's (as if the old one
// were removed and the new one added). Annotation changes stay with the graph: code may
// read annotations reflectively without running the member.
func declarationSites(rec *coverage.Store, in Input, c analysis.Change) ([]coverage.Site, []string, string) {
	old, cur := findMember(in.Base, c.ID), findMember(in.Cur, c.ID)
	if old == nil || cur == nil {
		return nil, nil, "a member one side does not declare"
	}
	if !slices.Equal(old.Annotations, cur.Annotations) {
		return nil, nil, "changed annotations: code may read them reflectively, unrecorded"
	}
	sites, members := rec.Hits(c.ID), []string{c.ID}
	for _, side := range []string{"deleted", "added"} {
		as := c
		as.Change = side
		s, m, why := lookupSites(rec, in, as)
		if why != "" {
			return nil, nil, why
		}
		sites, members = union(sites, s), append(members, m...)
	}
	return sites, members, ""
}

// arityOverlaps reports whether some call could bind to either method by its number of
// arguments: a method with n parameters takes n arguments, a varargs one n-1 or more.
func arityOverlaps(a, b *analysis.Member) bool {
	na, nb := len(a.Params), len(b.Params)
	switch {
	case a.Varargs && b.Varargs:
		return true
	case a.Varargs:
		return nb >= na-1
	case b.Varargs:
		return na >= nb-1
	}
	return na == nb
}

// staticImportMayBind reports whether an unqualified call named name in owner, or in a
// project type below it, may have bound to a statically imported library method the record
// never saw (a method declared in the class hierarchy takes such calls from the import):
// the files declaring those types import name from a library type, or import a library
// type's members on demand.
func staticImportMayBind(snap *analysis.Snapshot, owner, name string) bool {
	below := map[string]bool{simpleTypeName(owner): true}
	for grew := true; grew; {
		grew = false
		for _, f := range snap.Files {
			for _, t := range f.Types {
				if below[t.Name] {
					continue
				}
				for _, sup := range append(append([]string{}, t.Extends...), t.Implements...) {
					if below[simpleTypeName(analysis.EraseType(sup))] {
						below[t.Name], grew = true, true
						break
					}
				}
			}
		}
	}
	for _, f := range snap.Files {
		declares := false
		for _, t := range f.Types {
			declares = declares || below[t.Name] || below[simpleTypeName(t.Outer)]
		}
		if !declares {
			continue
		}
		for _, imp := range f.Imports {
			from := imp.Name // the type whose members are imported
			if !imp.OnDemand {
				from = from[:max(strings.LastIndexByte(from, '.'), 0)]
			}
			if imp.Static && (imp.OnDemand || simpleTypeName(imp.Name) == name) && snap.Type(from) == nil {
				return true // a library's method: its calls were never recorded
			}
		}
	}
	return false
}

// objectMethodNames are java.lang.Object's overridable methods: a call that reached
// Object's own implementation is library code the record never saw.
var objectMethodNames = map[string]bool{"toString": true, "equals": true, "hashCode": true, "clone": true, "finalize": true}

// memberName returns the name part of a member id ("pkg.T#name(int)" → "name").
func memberName(id string) string {
	name := id[strings.IndexByte(id, '#')+1:]
	if i := strings.IndexByte(name, '('); i >= 0 {
		name = name[:i]
	}
	return name
}

// keptStatically says whether any of the members may keep its result in static state
// (see ranInClassInit and feedsStaticState): the record then cannot vouch for the tests
// that run after the one that executed it. Nor can it for a member that ran while no test
// could be credited (coverage.Store.OffThread): on a pooled thread a finished test had
// started, the work of a later test.
func keptStatically(rec *coverage.Store, in Input, ev evidence) string {
	for _, id := range ev.members {
		switch {
		case ranInClassInit(rec, id, ev.nestedBodies):
			return id + " ran during class initialization"
		case rec.OffThread(id):
			return id + " ran on a thread no test owned"
		}
		if w := feedsStaticState(in, id); w != "" {
			return id + " may keep its result in static state through " + w
		}
	}
	return ""
}

// ranInClassInit says whether the record saw the member run during a class's
// initialization, which runs once per JVM: what it computed there may be kept in static
// fields and read by later tests that never execute it.
func ranInClassInit(rec *coverage.Store, id string, nestedBodies bool) bool {
	m := rec.Member(id)
	if nestedBodies {
		return m != nil && m.NestedClassInit
	}
	return m != nil && m.ClassInit
}

// feedsStaticState says whether a change's effect can outlive the test that executed it in
// a static memo or cache (see analysis.Graph.StaticStateWriters): later tests then see the
// change without executing the member, so the record cannot judge it and the static graph
// does. A writer in the test sources counts only when some test or fixture reaches it (a
// main method of a benchmark never runs in the suite); production writers always count.
// It returns the first such writer, "" when there is none; without a graph, "(no graph)".
func feedsStaticState(in Input, id string) string {
	g := in.BaseGraph
	if g == nil {
		return "(no graph)"
	}
	for _, w := range g.StaticStateWriters(id) {
		f := in.Base.FileOf(ownerType(w))
		if f != nil && f.Test && (!reachedByTests(g, w, in.Tests) || classSetupKeepingOwnState(in.Base, g, w)) {
			continue
		}
		return w
	}
	return ""
}

// classSetupKeepingOwnState says whether test member w is a class-level setup method
// (@BeforeAll, @BeforeClass) whose static writes all go to fields of its own class that only
// that class's code reads. The record credits what such a method runs to the class's setup,
// which selects every test of the class, and no other class sees what it keeps: its state
// needs no graph. A nested class's or a subclass's reads count as others'.
func classSetupKeepingOwnState(snap *analysis.Snapshot, g *analysis.Graph, w string) bool {
	owner := ownerType(w)
	t, m := snap.Type(owner), findMember(snap, w)
	if t == nil || m == nil || m.Kind != analysis.KindMethod || !m.Static() || !(m.HasAnnotation("BeforeAll") || m.HasAnnotation("BeforeClass")) {
		return false
	}
	for _, e := range g.Callees(w) {
		if e.Kind != analysis.EdgeFieldWrite {
			continue
		}
		f := findMember(snap, e.To)
		if f == nil || !f.Static() {
			continue
		}
		if ownerType(e.To) != owner {
			return false
		}
		for _, r := range g.Callers(e.To) {
			if ownerType(r.From) != owner {
				return false
			}
		}
	}
	return true
}

// reachedByTests says whether some test method or fixture of tests reaches member id.
func reachedByTests(g *analysis.Graph, id string, tests []*slicing.TestClass) bool {
	r := g.ReachFrom([]string{id})
	for _, tc := range tests {
		for _, f := range tc.Fixtures {
			if r.Has(f) {
				return true
			}
		}
		for _, tm := range tc.Methods {
			if r.Has(tm.MemberID) {
				return true
			}
		}
	}
	return false
}

// matchingVersions returns the versions of the record (see coverage.Store.Versions) that
// ran exactly base's production sources, and when none did, why the record cannot answer.
func matchingVersions(rec *coverage.Store, base *analysis.Snapshot) (map[int]bool, string) {
	matches, fewest := map[int]bool{}, -1
	for v := 0; v <= len(rec.Versions); v++ {
		files, n := rec.FilesOf(v), 0
		for p, f := range base.Files {
			if f.Test {
				continue
			}
			if h, ok := files[p]; !ok || h != f.ContentHash {
				n++
			}
		}
		for p := range files {
			if _, ok := base.Files[p]; !ok {
				n++ // a source the record ran is gone
			}
		}
		if n == 0 {
			matches[v] = true
		} else if fewest < 0 || n < fewest {
			fewest = n
		}
	}
	if len(matches) == 0 {
		return nil, strconv.Itoa(fewest) + " production sources differ from the coverage record; run `assertlens coverage` again"
	}
	return matches, ""
}

// changeSites returns the recorded test statements a change can affect, or why the record
// cannot judge the change. It judges body changes of methods, constructors and instance
// initializers, and initializer changes of instance fields.
func changeSites(rec *coverage.Store, base *analysis.Snapshot, c analysis.Change) ([]coverage.Site, string) {
	if c.Change != "modified" {
		return nil, "a member " + c.Change
	}
	f := base.FileOf(ownerType(c.ID))
	m := findMember(base, c.ID)
	switch {
	case f == nil || m == nil && c.Kind == analysis.KindType:
		return nil, "a change to a class head (supertypes, modifiers, annotations)"
	case m == nil:
		return nil, "a member the baseline does not declare"
	case f.Test && !testHelperBody(base, c, m):
		return nil, "a change to test code"
	}
	switch {
	case c.Detail == "body changed" && (m.Kind == analysis.KindMethod || m.Kind == analysis.KindConstructor):
		return rec.Hits(c.ID), ""
	case m.Kind == analysis.KindInitializer && m.Name == "<clinit>":
		return nil, "a static initializer: class initialization outlives the test that ran it"
	case c.Detail == "body changed" && m.Kind == analysis.KindInitializer:
		return constructorSites(rec, ownerType(c.ID)), ""
	case c.Detail == "field initializer changed" && m.Kind == analysis.KindField:
		if m.Static() && hasModifier(m, "final") && constantType(m.ReturnType) {
			return nil, "a compile-time constant: javac inlines it where it is read, unrecorded"
		}
		if m.Static() {
			return nil, "a static field initializer: class initialization outlives the test that ran it"
		}
		return union(rec.Hits(c.ID), constructorSites(rec, ownerType(c.ID))), ""
	}
	return nil, "a " + string(c.Kind) + " change (" + c.Detail + ")"
}

// literalConstant says whether id is a static final field of a primitive or String type
// initialized by literals alone: a compile-time constant javac copies into every reader,
// whose initializer never runs (no class initialization, nothing for the agent to see).
func literalConstant(snap *analysis.Snapshot, id string) bool {
	m := findMember(snap, id)
	return m != nil && m.Kind == analysis.KindField && m.Static() && hasModifier(m, "final") && constantType(m.ReturnType) &&
		len(m.Refs.Calls) == 0 && len(m.Refs.Names) == 0 && len(m.Refs.Selects) == 0
}

// isolatedStaticField says whether id is a static field (no enum constant) whose
// initializer can only make its own value (literals, operators, array initializers: see
// analysis.Graph.IsolatedStaticInit): class initialization runs it, but only its readers
// see the change.
func isolatedStaticField(snap *analysis.Snapshot, g *analysis.Graph, id string) bool {
	t, m := snap.Type(ownerType(id)), findMember(snap, id)
	return g != nil && t != nil && t.Kind != "enum" && m != nil && m.Kind == analysis.KindField && m.Static() &&
		g.IsolatedStaticInit(id)
}

// valueReaderSites returns the recorded statements that can see a changed static value id
// (a compile-time constant javac copied into its readers, or an isolated static field):
// the statements that ran it (the class initialization the record saw), and the runs of
// the methods and constructors that read it, and of constructors where an instance field
// initializer or initializer block does. The record cannot judge a value read by test code
// (a constant is copied into the test's own statements) or during class initialization
// (its effect outlives the test that ran it).
func valueReaderSites(rec *coverage.Store, in Input, id string) ([]coverage.Site, []string, string) {
	g := in.BaseGraph
	if g == nil {
		return nil, nil, "a static value without a graph to find its readers"
	}
	sites := rec.Hits(id)
	members := []string{id}
	seen := map[string]bool{id: true}
	for queue := []string{id}; len(queue) > 0; queue = queue[1:] {
		for _, e := range g.Callers(queue[0]) {
			r := e.From
			if seen[r] {
				continue
			}
			seen[r] = true
			f, m := in.Base.FileOf(ownerType(r)), findMember(in.Base, r)
			switch {
			case f == nil || m == nil:
				return nil, nil, "a static value read where the record cannot see (" + r + ")"
			case f.Test:
				return nil, nil, "a static value read by test code"
			case m.Kind == analysis.KindField && !m.Static():
				sites = union(union(sites, rec.Hits(r)), constructorSites(rec, ownerType(r)))
			case m.Kind == analysis.KindInitializer && m.Name != "<clinit>":
				sites = union(sites, constructorSites(rec, ownerType(r)))
			case m.Kind == analysis.KindMethod || m.Kind == analysis.KindConstructor:
				sites = union(sites, rec.Hits(r))
			default:
				return nil, nil, "a static value read during class initialization, which outlives the test that ran it"
			}
			members = append(members, r)
		}
	}
	return sites, members, ""
}

// testHelperBody says whether c changes the body of a method or constructor of the test
// sources that is no test method: a helper, a fixture or a nested class's method. The
// record holds who executed it like any production member; the tests of the file it is in
// cannot be vouched for (see testFileEdits), so they go to the static graph themselves.
func testHelperBody(base *analysis.Snapshot, c analysis.Change, m *analysis.Member) bool {
	if c.Detail != "body changed" || (m.Kind != analysis.KindMethod && m.Kind != analysis.KindConstructor) {
		return false
	}
	t := base.Type(ownerType(c.ID))
	return t != nil && !analysis.IsTestMethod(t, m)
}

// constructorSites returns the sites that ran any constructor of type typeID, with or
// without source (javac's default constructor runs the field initializers too).
func constructorSites(rec *coverage.Store, typeID string) []coverage.Site {
	prefix := typeID + "#<init>("
	i, _ := slices.BinarySearchFunc(rec.Members, prefix, func(m coverage.Member, p string) int { return strings.Compare(m.ID, p) })
	var out []coverage.Site
	for ; i < len(rec.Members) && strings.HasPrefix(rec.Members[i].ID, prefix); i++ {
		out = union(out, rec.Hits(rec.Members[i].ID))
	}
	return out
}

// coverageUnits returns the units of vouched tests holding a statement that executed a
// changed member in the record.
func coverageUnits(rec *coverage.Store, in Input, changes []analysis.Change, vouched vouchers) []slicing.Unit {
	classes := map[string]*slicing.TestClass{}
	for _, tc := range in.Tests {
		if !tc.Abstract {
			classes[tc.ID] = tc
		}
	}
	var out []slicing.Unit
	add := func(tc *slicing.TestClass, tm *slicing.TestMethod, units []slicing.Unit, c analysis.Change, where, how string) {
		for _, u := range units {
			u.Because = []string{c.ID}
			u.Via = []string{tm.ID, where, c.ID + how}
			u.Source = SourceCoverage
			out = append(out, u)
		}
	}
	for _, c := range changes {
		ev := coverageEvidence(rec, in, c)
		for _, site := range ev.sites {
			tc := classes[site.Class()]
			if tc == nil {
				continue
			}
			for _, tm := range tc.Methods {
				if site.Method() != "" && methodName(tm.ID) != site.Method() {
					continue
				}
				shift, ok := vouched[tc.ID+"#"+methodName(tm.ID)]
				if !ok {
					continue // selected statically
				}
				at := site
				if at.Line > 0 {
					at.Line += shift // the test file changed above the method since the record
				}
				where := tc.ID + "#" + methodName(tm.ID)
				switch {
				case at.Line > 0:
					where += " line " + strconv.Itoa(at.Line)
				case at.Method() == "":
					where = tc.ID + " class setup"
				default:
					where += " fixture"
				}
				if at.Method() == "" {
					add(tc, tm, tm.Units, c, where, " (executed in the coverage record)")
				} else {
					add(tc, tm, unitsAt(tm, at.Line), c, where, " (executed in the coverage record)")
				}
			}
		}
		for _, ts := range ev.tests {
			for _, tc := range in.Tests {
				if tc.Abstract {
					continue
				}
				fixture := slices.Contains(tc.Fixtures, ts.member)
				for _, tm := range tc.Methods {
					if !fixture && tm.MemberID != ts.member || !vouched.has(tc.ID+"#"+methodName(tm.ID)) {
						continue
					}
					where, units := tc.ID+"#"+methodName(tm.ID), tm.Units
					if fixture {
						where = ts.member + " (fixture)"
					} else if ts.line > 0 {
						where += " line " + strconv.Itoa(ts.line)
						units = unitsAt(tm, ts.line)
					}
					add(tc, tm, units, c, where, " (test code that may see it unrecorded)")
				}
			}
		}
	}
	return out
}

// dedupeByID keeps the first unit of each id, in order.
func dedupeByID(units []slicing.Unit) []slicing.Unit {
	seen := make(map[string]bool, len(units))
	out := units[:0]
	for _, u := range units {
		if !seen[u.ID] {
			seen[u.ID] = true
			out = append(out, u)
		}
	}
	slices.SortStableFunc(out, func(a, b slicing.Unit) int {
		if c := strings.Compare(a.File, b.File); c != 0 {
			return c
		}
		return a.Line - b.Line
	})
	return out
}

// recount recomputes the selected totals of res after units were merged, and counts
// units by source.
func recount(res *Result, tests []*slicing.TestClass) {
	res.Totals.SelectedAssertions, res.Totals.SelectedTestMethods = 0, 0
	res.Totals.FromCoverage, res.Totals.FromStatic = 0, 0
	methods := map[string]bool{}
	for i := range res.Units {
		u := &res.Units[i]
		if u.Source == "" {
			u.Source = SourceStatic
		}
		if u.Source == SourceCoverage {
			res.Totals.FromCoverage++
		} else {
			res.Totals.FromStatic++
		}
		res.Totals.SelectedAssertions += u.Assertions
		if u.Level == slicing.LevelClass {
			for _, tc := range tests {
				if tc.ID == u.Test {
					for _, tm := range tc.Methods {
						methods[tm.ID] = true
					}
				}
			}
		} else {
			methods[u.Test] = true
		}
	}
	res.Totals.SelectedTestMethods = len(methods)
}
