package coverage

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/assertlens/assertlens/analysis"
)

// JVMMember is one method the agent instrumented, named as the bytecode names it (see
// runner.CoverageMember, which it mirrors).
type JVMMember struct {
	Class               string // binary name: "pkg.Outer$Inner", "pkg.Outer$1"
	Method              string // "foo", "<init>", "<clinit>", "lambda$foo$0"
	Desc                string // JVM descriptor
	FirstLine, LastLine int    // line-number table range, 0 when absent
	// Enclosing is "pkg.Outer#name(desc)" for lambda bodies and methods of anonymous or
	// local classes, "pkg.Outer#" when the enclosing code is an initializer.
	Enclosing string
	Test      bool
	// Synthetic marks bridges, accessors, lambda bodies, and the initializers of javac's
	// synthetic classes (an enum switch's table).
	Synthetic bool
}

// JVMHit is one (member, test statement) pair the agent recorded.
type JVMHit struct {
	Member      int // index into Run.Members
	TestClass   string
	TestMethod  string
	Line        int
	OtherThread bool
}

// Run is a whole-suite coverage run as the runner reports it.
type Run struct {
	Members      []JVMMember
	Hits         []JVMHit
	Unattributed []int
	ClassInit    []int // members that ran during a class's initialization
	// InitIn pairs members of ClassInit with the static initializer (a member) running
	// innermost when they ran.
	InitIn  [][2]int
	Tests   []TestOutcome
	SuiteMs int64
}

// Build maps a coverage run onto the members of snap, the sources that ran, and returns the
// store. Bytecode names are matched to source members by class, name and erased parameter
// types; lambda bodies and methods of anonymous and local classes belong to the source
// member whose text holds them (by line, else through Enclosing); compiler-made bridges and
// accessors are dropped, since the member they forward to records its own execution.
func Build(snap *analysis.Snapshot, run Run) *Store {
	b := builder{snap: snap, mapped: map[int][]ref{}, sites: map[Site]int32{}, members: map[string]*memberAcc{},
		typeOfBinary: analysis.BinaryNames(snap)}
	st := &Store{Created: time.Now().UTC(), Files: map[string]uint64{}}
	for p, f := range snap.Files {
		st.Files[p] = f.ContentHash
	}
	for _, t := range run.Tests {
		class, method, _ := strings.Cut(t.Test, "#")
		t.Test = b.testID(class, method)
		st.Tests = append(st.Tests, t)
	}
	// Class-level work (a test class's setup, or building its instance) speaks for the
	// class's tests; work credited to a class with no test in the run (a helper object the
	// agent saw built outside any test, a class whose tests were filtered out) speaks for
	// no test, like work outside any test.
	ran := map[string]bool{}
	for _, t := range st.Tests {
		ran[Site{Test: t.Test}.Class()] = true
	}
	unattributed := slices.Clone(run.Unattributed)
	for _, h := range run.Hits {
		if h.Member < 0 || h.Member >= len(run.Members) {
			continue
		}
		site := Site{Test: b.testID(h.TestClass, h.TestMethod), Line: h.Line, OtherThread: h.OtherThread}
		if site.OtherThread && site.Line == AfterBody {
			// Another thread's work while the test's own thread ran @After code: it may be
			// work the body started, for any of its statements (fixture), not after-body code.
			site.Line = 0
		}
		if h.TestMethod == "" && !ran[site.Class()] {
			unattributed = append(unattributed, h.Member)
			continue
		}
		si, ok := b.sites[site]
		if !ok {
			si = int32(len(st.Sites))
			b.sites[site] = si
			st.Sites = append(st.Sites, site)
		}
		for _, r := range b.refs(run.Members, h.Member) {
			acc := b.members[r.id]
			if acc == nil {
				acc = &memberAcc{ref: r, sites: map[int32]bool{}}
				b.members[r.id] = acc
			}
			acc.sites[si] = true
		}
	}
	classInit, nestedInit := map[string]bool{}, map[string]bool{}
	for _, i := range run.ClassInit {
		if i >= 0 && i < len(run.Members) {
			// A lambda body, or a method of an anonymous or local class (not its
			// constructor: creating the object is part of the declaring member's run).
			jm := run.Members[i]
			_, local := b.namedType(jm.Class)
			nested := strings.HasPrefix(jm.Method, "lambda$") || local && jm.Method != "<init>"
			for _, r := range b.refs(run.Members, i) {
				classInit[r.id] = true
				nestedInit[r.id] = nestedInit[r.id] || nested
			}
		}
	}
	initOf := map[string][]string{}
	for _, pair := range run.InitIn {
		m, k := pair[0], pair[1]
		if m < 0 || m >= len(run.Members) || k < 0 || k >= len(run.Members) {
			continue
		}
		typ, _ := b.namedType(run.Members[k].Class)
		if typ == "" {
			continue
		}
		for _, r := range b.refs(run.Members, m) {
			if !slices.Contains(initOf[r.id], typ) {
				initOf[r.id] = append(initOf[r.id], typ)
			}
		}
	}
	for id, acc := range b.members {
		m := Member{ID: id, Source: acc.source, Test: acc.test, Sites: make([]int32, 0, len(acc.sites)),
			ClassInit: classInit[id], NestedClassInit: nestedInit[id], InitOf: slices.Sorted(slices.Values(initOf[id]))}
		for si := range acc.sites {
			m.Sites = append(m.Sites, si)
		}
		sort.Slice(m.Sites, func(i, j int) bool { return m.Sites[i] < m.Sites[j] })
		st.Members = append(st.Members, m)
		st.Summary.Hits += len(m.Sites)
	}
	sort.Slice(st.Members, func(i, j int) bool { return st.Members[i].ID < st.Members[j].ID })
	st.Summary.Members = len(st.Members)
	seen := map[string]bool{}
	for _, i := range unattributed {
		if i < 0 || i >= len(run.Members) {
			continue
		}
		for _, r := range b.refs(run.Members, i) {
			if !seen[r.id] {
				seen[r.id] = true
				st.Unattributed = append(st.Unattributed, r.id)
			}
		}
	}
	sort.Strings(st.Unattributed)
	for _, t := range run.Tests {
		st.Summary.Tests++
		switch t.Status {
		case "passed":
			st.Summary.Passed++
		case "failed", "error":
			st.Summary.Failed++
		}
	}
	st.Summary.SuiteMs = run.SuiteMs
	if b.ambiguous > 0 {
		st.Notes = append(st.Notes, fmt.Sprintf("%d bytecode methods matched several overloads by erased parameters; their hits count for each", b.ambiguous))
	}
	return st
}

// typeID returns the source type id of a binary class name: the type the snapshot knows by
// that binary name, else the name with every '$' read as nesting.
func (b *builder) typeID(binaryClass string) string {
	return analysis.TypeIDOfBinary(b.typeOfBinary, binaryClass)
}

// testID names a test site from the runner's binary class name and method name.
func (b *builder) testID(binaryClass, method string) string {
	id := b.typeID(binaryClass)
	if method == "" {
		return id
	}
	return id + "#" + method
}

// namedType returns the source type id of the nearest named class of a binary class name
// and whether the class is anonymous or local ("pkg.Outer$1", "pkg.Outer$1Local").
func (b *builder) namedType(binary string) (string, bool) {
	dot := strings.LastIndexByte(binary, '.')
	local := false
	for name := binary; ; {
		if id, ok := b.typeOfBinary[name]; ok {
			return id, local
		}
		i := strings.LastIndexByte(name, '$')
		if i <= dot {
			break
		}
		if seg := name[i+1:]; seg != "" && seg[0] >= '0' && seg[0] <= '9' {
			local = true
		}
		name = name[:i]
	}
	return namedType(binary)
}

type ref struct {
	id           string
	source, test bool
}

type memberAcc struct {
	ref
	sites map[int32]bool
}

type builder struct {
	snap         *analysis.Snapshot
	typeOfBinary map[string]string // binary class name -> type id
	mapped       map[int][]ref
	sites        map[Site]int32
	members      map[string]*memberAcc
	ambiguous    int
}

// refs returns the source members (usually one) that bytecode member i belongs to.
func (b *builder) refs(all []JVMMember, i int) []ref {
	if r, ok := b.mapped[i]; ok {
		return r
	}
	jm := all[i]
	var out []ref
	for _, id := range b.resolve(jm.Class, jm.Method, jm.Desc, jm.FirstLine, jm.Enclosing, jm.Synthetic, 0) {
		out = append(out, ref{id: id, source: b.isSource(id), test: jm.Test})
	}
	b.mapped[i] = out
	return out
}

func (b *builder) isSource(id string) bool {
	t := b.snap.Type(ownerOf(id))
	return t != nil && t.Member(id) != nil
}

// resolve maps one bytecode method to member ids.
func (b *builder) resolve(class, method, desc string, line int, enclosing string, synthetic bool, depth int) []string {
	if synthetic && method == "<clinit>" {
		// javac's table of an enum switch (Outer$1): it is initialized by the first switch
		// that runs, and its line table holds the lines of every switch of the class, so
		// mapping it by line credits whichever switching method comes first in the file.
		// The method that switched records its own hit; the table holds no program state.
		return nil
	}
	lambda := strings.HasPrefix(method, "lambda$")
	named, local := b.namedType(class)
	if synthetic && !lambda && !local {
		return nil // bridge or accessor: forwards to a member that records itself
	}
	if lambda || local {
		if id := b.byLine(named, line); id != "" {
			return []string{id}
		}
		if enclosing != "" && depth < 8 {
			eClass, eMethod, eDesc := splitEnclosing(enclosing)
			if eMethod == "" {
				return []string{b.typeID(eClass) + "#<clinit>"}
			}
			return b.resolve(eClass, eMethod, eDesc, 0, "", false, depth+1)
		}
		if lambda {
			// No line table and no enclosing method: the lambda's name still says which
			// method made it ("lambda$name$0"); count it for each overload of that name.
			name := strings.TrimPrefix(method, "lambda$")
			if j := strings.LastIndexByte(name, '$'); j >= 0 {
				name = name[:j]
			}
			switch name {
			case "new":
				name = "<init>"
			case "static":
				name = "<clinit>"
			}
			if ids := b.byName(named, name, nil); len(ids) > 0 {
				return ids
			}
		}
		return []string{named + "#" + method + "(" + strings.Join(descParams(desc), ",") + ")"}
	}
	typeID := b.typeID(class)
	if method == "<clinit>" {
		return []string{typeID + "#<clinit>"}
	}
	params := descParams(desc)
	if ids := b.byName(typeID, method, params); len(ids) > 0 {
		return ids
	}
	return []string{typeID + "#" + method + "(" + strings.Join(params, ",") + ")"}
}

// byName picks the members of type typeID called name whose erased parameters match params
// best (nil params: every member of that name). Constructors of inner classes and enums
// carry leading parameters javac adds (the outer instance; name and ordinal), so those
// are also tried without them. Ties keep every candidate.
func (b *builder) byName(typeID, name string, params []string) []string {
	t := b.snap.Type(typeID)
	if t == nil {
		return nil
	}
	var cands []*analysis.Member
	for _, m := range t.Members {
		if m.Name == name && (m.Kind == analysis.KindMethod || m.Kind == analysis.KindConstructor || m.Kind == analysis.KindInitializer) {
			cands = append(cands, m)
		}
	}
	if len(cands) <= 1 || params == nil {
		ids := make([]string, len(cands))
		for i, m := range cands {
			ids[i] = m.ID
		}
		return ids
	}
	// A candidate's fit is its best score over the parameters javac may add; at an equal
	// score, fewer added parameters fit better (MutablePair(L,R) over MutablePair() for
	// <init>(Object,Object)).
	type fit struct{ score, drop int }
	better := func(a, b fit) bool { return a.score > b.score || a.score == b.score && a.drop < b.drop }
	best, bestFit := []string(nil), fit{-1, 0}
	for _, m := range cands {
		f := fit{-1, 0}
		for drop := 0; drop <= 2 && drop <= len(params); drop++ {
			if drop > 0 && name != "<init>" {
				break
			}
			if s := matchParams(m.Params, params[drop:], b.typeVars(t, m)); s >= 0 && better(fit{s, drop}, f) {
				f = fit{s, drop}
			}
		}
		switch {
		case f.score < 0:
		case better(f, bestFit):
			best, bestFit = []string{m.ID}, f
		case f == bestFit:
			best = append(best, m.ID)
		}
	}
	if len(best) > 1 {
		b.ambiguous++
	}
	return best
}

// matchParams scores how well source parameter types match erased bytecode ones: -1 when
// the counts or the array dimensions differ (erasure keeps them: T[] is an array, T never
// is) or a primitive meets another type (nothing erases to or from a primitive), else the
// number of positions that match: equal names, or a type variable of vars (name -> erased
// bound) whose bound is the bytecode type. Other unequal positions are allowed, as a
// source name may be qualified or generic in ways the simple erased name does not show.
func matchParams(src, jvm []string, vars map[string]string) int {
	if len(src) != len(jvm) {
		return -1
	}
	n := 0
	for i := range src {
		if src[i] == jvm[i] {
			n++
			continue
		}
		if strings.Count(src[i], "[]") != strings.Count(jvm[i], "[]") {
			return -1
		}
		se, je := strings.TrimRight(src[i], "[]"), strings.TrimRight(jvm[i], "[]")
		if analysis.IsPrimitive(se) || analysis.IsPrimitive(je) {
			return -1
		}
		if bound, ok := vars[se]; ok && bound == je {
			n++
		}
	}
	return n
}

// typeVars returns the type variables in scope in member m of type t (its own, then those of
// t and its enclosing types), each with the simple name it erases to.
func (b *builder) typeVars(t *analysis.Type, m *analysis.Member) map[string]string {
	vars := map[string]string{}
	add := func(params []analysis.TypeParam) {
		for _, p := range params {
			if _, shadowed := vars[p.Name]; shadowed {
				continue
			}
			vars[p.Name] = cmp.Or(p.Bound, "Object")
		}
	}
	add(m.TypeParams)
	for depth := 0; t != nil && depth < 16; depth++ {
		add(t.TypeParams)
		if t.Outer == "" {
			break
		}
		t = b.snap.Type(t.Outer)
	}
	return vars
}

// byLine returns the innermost member, in the file declaring type named, whose text holds
// line: where a lambda body or an anonymous class's method lives in the source.
func (b *builder) byLine(named string, line int) string {
	if line <= 0 {
		return ""
	}
	f := b.snap.FileOf(named)
	if f == nil {
		return ""
	}
	if m := f.MemberAt(line); m != nil {
		return m.ID
	}
	return ""
}

// namedType guesses, for a class the snapshot does not know, the source type id of the
// nearest named class of a binary class name and whether the class is anonymous or local.
func namedType(binary string) (string, bool) {
	dot := strings.LastIndexByte(binary, '.')
	parts := strings.Split(binary[dot+1:], "$")
	for i, p := range parts {
		if i > 0 && p != "" && p[0] >= '0' && p[0] <= '9' {
			return binary[:dot+1] + strings.Join(parts[:i], "."), true
		}
	}
	return binary[:dot+1] + strings.Join(parts, "."), false
}

// splitEnclosing splits "pkg.Outer#name(desc)" into its parts ("pkg.Outer#" has no method).
func splitEnclosing(s string) (class, method, desc string) {
	class, rest, _ := strings.Cut(s, "#")
	if i := strings.IndexByte(rest, '('); i >= 0 {
		return class, rest[:i], rest[i:]
	}
	return class, rest, ""
}

// descParams returns the simple erased parameter type names of a JVM method descriptor,
// spelt as analysis spells them ("int", "String", "Entry", "int[][]").
func descParams(desc string) []string {
	out := []string{}
	if !strings.HasPrefix(desc, "(") {
		return out
	}
	for _, p := range analysis.DescriptorParams(desc) {
		elem := strings.TrimRight(p, "[]")
		out = append(out, elem[strings.LastIndexAny(elem, ".$")+1:]+p[len(elem):])
	}
	return out
}

// ownerOf returns the type part of a member id.
func ownerOf(id string) string {
	if i := strings.IndexByte(id, '#'); i >= 0 {
		return id[:i]
	}
	return id
}
