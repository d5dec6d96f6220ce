package selection

import (
	"bytes"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection/coverage"
	"github.com/assertlens/assertlens/slicing"
)

// Input is everything one selection needs. Graphs and tests must belong to the snapshots.
type Input struct {
	BaseName  string
	Base, Cur *analysis.Snapshot
	BaseGraph *analysis.Graph // used to find what reached members that the edit deleted
	CurGraph  *analysis.Graph
	Tests     []*slicing.TestClass // tests of Cur
	Level     slicing.Level
	// RecentlyFailed are test ids ("pkg.FooTest#bar") that failed in recent runs; they are
	// always selected.
	RecentlyFailed []string
	// Changes, when non-nil, are used instead of diffing Base and Cur again.
	Changes []analysis.Change
	// Memo, when non-nil, keeps statement resolution between selections (see Memo).
	Memo *Memo
	// Coverage, when non-nil, is a coverage record to select with where it can vouch
	// (see selectHybrid).
	Coverage *coverage.Store
}

// RecentlyFailedReason is the "because" of units selected only because their test failed in
// a recent run, not because of an edit.
const RecentlyFailedReason = "recently-failed"

// Select computes the affected units of in.Cur against in.Base.
func Select(in Input) *Result {
	if in.Coverage != nil {
		return selectHybrid(in)
	}
	start := time.Now()
	changes := in.Changes
	if changes == nil {
		changes = analysis.Diff(in.Base, in.Cur)
	}
	if changes == nil {
		changes = []analysis.Change{}
	}
	memo := in.Memo
	if memo == nil {
		memo = &Memo{}
	}
	var version any
	if in.CurGraph != nil {
		version = in.CurGraph.ResolutionVersion()
	}
	defer memo.lockFor(version).mu.Unlock()
	s := selector{in: in, changes: changes, memo: memo}
	s.affected()
	res := &Result{Base: in.BaseName, Changes: changes, Units: []slicing.Unit{}}
	key := s.resultKey(version)
	if last := memo.last; last != nil && last.key == key {
		// Nothing the units depend on moved (typing inside one body): reuse them.
		res.Units, res.Totals = last.units, last.totals
		markStatic(res)
		res.Uncertain = append(append(res.Uncertain, last.uncertain...), s.graphUncertain()...)
		res.ElapsedMs = time.Since(start).Milliseconds()
		return res
	}
	s.selectUnits(res)
	markStatic(res)
	memo.last = &cachedResult{key: key, units: res.Units, totals: res.Totals, uncertain: s.uncertain}
	res.Uncertain = append(append(res.Uncertain, s.uncertain...), s.graphUncertain()...)
	res.ElapsedMs = time.Since(start).Milliseconds()
	return res
}

// markStatic marks the units of a static selection as selected by the graph.
func markStatic(res *Result) {
	for i := range res.Units {
		res.Units[i].Source = SourceStatic
	}
	res.Totals.FromStatic, res.Totals.FromCoverage = len(res.Units), 0
}

// graphUncertain lists where the current graph had to widen.
func (s *selector) graphUncertain() []string {
	if s.in.CurGraph == nil {
		return nil
	}
	return s.in.CurGraph.Uncertain()
}

// resultKey names everything the selected units depend on besides the memo's statement
// targets (whose version it includes): the reach walks, the changed tests, recent failures,
// module-wide changes, the tests and the level.
func (s *selector) resultKey(version any) resultKey {
	k := resultKey{cur: s.cur, base: s.base, level: s.in.Level, version: version, tests: len(s.in.Tests)}
	if len(s.in.Tests) > 0 {
		// Discovery shares its class list while no test changed and makes a new one
		// otherwise, so the list's backing array identifies the tests.
		k.classes = &s.in.Tests[0]
	}
	join := func(set map[string]bool) string {
		keys := make([]string, 0, len(set))
		for id := range set {
			keys = append(keys, id)
		}
		sort.Strings(keys)
		return strings.Join(keys, "\x00")
	}
	direct := map[string]bool{}
	for id := range s.direct {
		direct[id] = true
	}
	modules := map[string]bool{}
	for m, p := range s.moduleAll {
		modules[m+"\x01"+p] = true
	}
	k.alone, k.direct, k.failed, k.modules = join(s.alone), join(direct), join(s.failed), join(modules)
	return k
}

// selectUnits fills res with the selected units and the totals.
func (s *selector) selectUnits(res *Result) {
	in := s.in
	buf := s.memo.units[:0]
	counts := s.memo.countsFor(in.Tests)
	res.Totals.DeclaredTestMethods, res.Totals.TestRuns = counts.DeclaredTestMethods, counts.TestRuns
	for _, tc := range in.Tests {
		if !tc.Abstract && len(tc.Methods) > 0 {
			// Abstract classes run nothing themselves: their tests count in each concrete
			// subclass, as JUnit reports them (see slicing.Count).
			runs := 0
			for _, tm := range tc.Methods {
				if tm.Kind != slicing.KindSuite { // suite() stands for tests built at run time
					runs++
					res.Totals.Assertions += countAssertions(tm)
				}
			}
			if runs > 0 {
				res.Totals.TestClasses++
				res.Totals.TestMethods += runs
			}
		}
		start := len(buf)
		buf = s.selectClass(tc, buf)
		if len(buf) > start && in.Level != "" && in.Level != slicing.LevelAssertion {
			buf = append(buf[:start], coarsen(tc, buf[start:], in.Level)...)
		}
	}
	// One exact-size copy out of the memo's reused buffer.
	res.Units = append(make([]slicing.Unit, 0, len(buf)), buf...)
	s.memo.units = buf[:0]
	res.Units = dedupeUnits(res.Units)
	selectedMethods := map[string]bool{}
	for _, u := range res.Units {
		res.Totals.SelectedAssertions += u.Assertions
		if u.Level == slicing.LevelClass {
			for _, tc := range in.Tests {
				if tc.ID == u.Test {
					for _, tm := range tc.Methods {
						selectedMethods[tm.ID] = true
					}
				}
			}
		} else {
			selectedMethods[u.Test] = true
		}
	}
	res.Totals.SelectedTestMethods = len(selectedMethods)
	byPlace := func(a, b slicing.Unit) int {
		if c := strings.Compare(a.File, b.File); c != 0 {
			return c
		}
		return a.Line - b.Line
	}
	if !slices.IsSortedFunc(res.Units, byPlace) {
		slices.SortStableFunc(res.Units, byPlace)
	}
}

// dedupeUnits keeps the first of units with the same id (a class unit is listed by every
// method of its class).
func dedupeUnits(units []slicing.Unit) []slicing.Unit {
	classLevel := false
	for i := range units {
		classLevel = classLevel || units[i].Level == slicing.LevelClass
	}
	if !classLevel {
		return units // ids of assertion and method units are unique
	}
	seen := map[string]bool{}
	out := units[:0]
	for _, u := range units {
		if seen[u.ID] {
			continue
		}
		seen[u.ID] = true
		out = append(out, u)
	}
	return out
}

func countAssertions(tm *slicing.TestMethod) int { return tm.Assertions }

// selector holds the affected-node sets of one selection.
type selector struct {
	in        Input
	changes   []analysis.Change
	memo      *Memo             // locked by Select for the selector's lifetime
	cur       *analysis.Reached // nodes of the current graph that reach a change
	base      *analysis.Reached // nodes of the base graph that reach a deleted member
	alone     map[string]bool   // changed ids no graph holds: they reach only themselves
	direct    map[string]analysis.Change
	moduleAll map[string]string // module folder -> reason (build file or resource changed)
	uncertain []string
	failed    map[string]bool
	chains    map[string][]string // chains made so far, by node (unguarded ones only)
	becauses  map[string][]string // "because" lists, by change
	// files are those of the test class being selected and its ancestors: a node reached
	// only through a test-declared type counts when that code may create one (Reached.In).
	files []string
	hits  []stmtHit // reused buffer of one method's hits
}

// affected computes reverse reachability from every change that needs a re-run.
func (s *selector) affected() {
	s.direct = map[string]analysis.Change{}
	s.failed = map[string]bool{}
	for _, id := range s.in.RecentlyFailed {
		s.failed[id] = true
	}
	var cur, deleted []string
	for _, c := range s.changes {
		if !c.Rerun {
			continue
		}
		s.direct[c.ID] = c
		if c.Change == "deleted" {
			deleted = append(deleted, c.ID)
			// The declaring type's users are reached through the type node as well. A test
			// method the edit deleted is no member other code looks up: the platform ran it,
			// and runs it no more.
			if owner := ownerType(c.ID); owner != c.ID && s.in.Cur.Type(owner) != nil && c.Lookup && !isTestMethodOf(s.in.Base, c.ID) {
				cur = append(cur, owner)
			}
		} else {
			cur = append(cur, c.ID)
		}
	}
	if s.in.CurGraph != nil && len(cur) > 0 {
		s.cur = s.memo.reachCur.reach(s.in.CurGraph, cur)
	}
	if s.in.BaseGraph != nil && len(deleted) > 0 {
		s.base = s.memo.reachBase.reach(s.in.BaseGraph, deleted)
	}
	s.alone = map[string]bool{}
	for _, id := range append(cur, deleted...) {
		if !s.cur.Has(id) && !s.base.Has(id) {
			s.alone[id] = true
		}
	}
	s.moduleAll = map[string]string{}
	for p, h := range s.in.Cur.Other {
		if s.in.Base.Other[p] != h {
			s.otherChanged(p)
		}
	}
	for p := range s.in.Base.Other {
		if _, ok := s.in.Cur.Other[p]; !ok {
			s.otherChanged(p)
		}
	}
}

func (s *selector) otherChanged(p string) {
	mod := s.in.Cur.ModuleOf(p)
	kind := "resource"
	if analysis.IsBuildFile(p) {
		// A build file is inherited: a parent POM or root build script configures every
		// module below it.
		kind = "build file"
		s.moduleAll[mod+treeSuffix] = p
		s.uncertain = append(s.uncertain, kind+" "+p+" changed: every test of its module and the modules below it is selected")
		return
	}
	s.moduleAll[mod] = p
	s.uncertain = append(s.uncertain, kind+" "+p+" changed: every test of its module is selected")
}

// treeSuffix marks a moduleAll key that covers a module and every module below it.
const treeSuffix = "/**"

// moduleReason returns the changed build file or resource that selects every test of the
// module holding file.
func (s *selector) moduleReason(file string) (string, bool) {
	if len(s.moduleAll) == 0 {
		return "", false
	}
	mod := s.in.Cur.ModuleOf(file)
	if p, ok := s.moduleAll[mod]; ok {
		return p, true
	}
	for dir := mod; ; {
		if p, ok := s.moduleAll[dir+treeSuffix]; ok {
			return p, true
		}
		if dir == "" {
			return "", false
		}
		if i := strings.LastIndexByte(dir, '/'); i >= 0 {
			dir = dir[:i]
		} else {
			dir = ""
		}
	}
}

// isTestMethodOf reports whether id is a test method declared in a test source of snap.
func isTestMethodOf(snap *analysis.Snapshot, id string) bool {
	t, f := snap.Type(ownerType(id)), snap.FileOf(ownerType(id))
	m := findMember(snap, id)
	return t != nil && f != nil && m != nil && f.Test && analysis.IsTestMethod(t, m)
}

func ownerType(id string) string {
	if i := strings.IndexByte(id, '#'); i >= 0 {
		return id[:i]
	}
	return id
}

// reached reports whether id reaches a change for the test class being selected.
func (s *selector) reached(id string) bool {
	return s.cur.In(id, s.files) || s.base.Has(id) || s.alone[id]
}

// stmtHit is a test statement that reaches a change.
type stmtHit struct {
	line         int
	because, via []string // shared by the units holding the statement
}

// because returns the one-element "because" list of a change, shared by every unit it
// selects.
func (s *selector) because(id string) []string {
	if b, ok := s.becauses[id]; ok {
		return b
	}
	if s.becauses == nil {
		s.becauses = map[string][]string{}
	}
	b := []string{id}
	s.becauses[id] = b[:1:1]
	return b
}

// chain returns the chain from id to a change; id must be reached. Chains are shared
// between the units that reach a change through the same node, so callers must not
// modify them.
func (s *selector) chain(id string) []string {
	if ch, ok := s.chains[id]; ok {
		return ch
	}
	if s.cur.Guarded(id) {
		return s.cur.ChainIn(id, s.files) // depends on the test class: not shared
	}
	ch := s.cur.Chain(id)
	if ch == nil {
		ch = s.base.Chain(id)
	}
	if ch == nil {
		ch = []string{id}
	}
	if s.chains == nil {
		s.chains = map[string][]string{}
	}
	ch = ch[:len(ch):len(ch)] // appending to a shared chain must copy it
	s.chains[id] = ch
	return ch
}

// hit returns the chain for the first affected id, or nil.
func (s *selector) hit(ids ...string) []string {
	for _, id := range ids {
		if s.reached(id) {
			return s.chain(id)
		}
	}
	return nil
}

// selectClass appends the selected units of one test class, finest level, to out.
func (s *selector) selectClass(tc *slicing.TestClass, out []slicing.Unit) []slicing.Unit {
	s.files = nil
	if s.in.CurGraph != nil {
		s.files = s.in.CurGraph.TestFiles(tc.ID)
		if !slices.Contains(s.files, tc.File) {
			s.files = append(s.files, tc.File)
		}
	}
	// Whole-class reasons: a build/resource change in its module, a changed or reaching
	// fixture, or a class-level fallback that reaches a change anywhere.
	if p, ok := s.moduleReason(tc.File); ok {
		return s.allUnits(out, tc, []string{p}, []string{tc.ID, p})
	}
	for _, fx := range tc.Fixtures {
		if ch := s.hit(fx); ch != nil {
			return s.allUnits(out, tc, []string{last(ch)}, append([]string{tc.ID}, ch...))
		}
	}
	if ch := s.hit(tc.ID); ch != nil {
		return s.allUnits(out, tc, []string{last(ch)}, append([]string{tc.ID}, ch...))
	}
	for _, tm := range tc.Methods {
		out = s.selectMethod(out, tc, tm)
	}
	return out
}

func last(ch []string) string { return ch[len(ch)-1] }

// allUnits appends every unit of every test of the class to out.
func (s *selector) allUnits(out []slicing.Unit, tc *slicing.TestClass, because, via []string) []slicing.Unit {
	for _, tm := range tc.Methods {
		for _, u := range tm.Units {
			u.Because, u.Via = because, via
			out = append(out, u)
		}
	}
	return out
}

// selectMethod appends the selected units of one test method to out: those the edits
// affect, credited to the edit, then, when the test failed recently, every other unit of it.
func (s *selector) selectMethod(out []slicing.Unit, tc *slicing.TestClass, tm *slicing.TestMethod) []slicing.Unit {
	n := len(out)
	out = s.selectMethodByEdit(out, tc, tm)
	if !s.failed[tm.ID] {
		return out
	}
	byEdit := make(map[string]bool, len(out)-n)
	for _, u := range out[n:] {
		byEdit[u.ID] = true
	}
	for _, u := range tm.Units {
		if !byEdit[u.ID] {
			u.Because, u.Via = []string{RecentlyFailedReason}, []string{tm.ID, "failed in a recent run"}
			out = append(out, u)
		}
	}
	sort.SliceStable(out[n:], func(i, j int) bool { return out[n+i].Line < out[n+j].Line })
	return out
}

// selectMethodByEdit appends the units of one test method that the edits affect to out.
func (s *selector) selectMethodByEdit(out []slicing.Unit, tc *slicing.TestClass, tm *slicing.TestMethod) []slicing.Unit {
	whole := func(because, via []string) []slicing.Unit {
		for _, u := range tm.Units {
			u.Because, u.Via = because, via
			out = append(out, u)
		}
		return out
	}
	if c, ok := s.direct[tm.MemberID]; ok {
		return whole([]string{c.ID}, []string{tm.ID, c.ID})
	}
	// The argument providers of a parameterized test run before each invocation.
	for _, pr := range tm.Providers {
		if ch := s.hit(pr); ch != nil {
			return whole([]string{last(ch)}, append([]string{tm.ID, "arguments from " + pr}, ch...))
		}
	}
	sliced := false
	for _, u := range tm.Units {
		if u.Level == slicing.LevelAssertion {
			sliced = true
		}
	}
	if !sliced {
		if ch := s.hit(tm.MemberID); ch != nil {
			return whole([]string{last(ch)}, append([]string{tm.ID}, ch...))
		}
		return out
	}
	// The method's own graph node covers every call in its body, so a method it does not
	// reach cannot hold an affected statement: skip the per-statement work.
	if !s.reached(tm.MemberID) {
		return out
	}
	// Assertion level: find the affected statements, then the units holding them.
	hits := s.hits[:0]
	for i, st := range s.statementTargets(tc, tm) {
		if t, ok := s.statementHit(st); ok {
			line, ch := tm.Statements[i].Line, s.chain(t)
			via := make([]string, 0, len(ch)+2)
			via = append(append(via, tm.ID, tm.ID+" line "+strconv.Itoa(line)), ch...)
			hits = append(hits, stmtHit{line, s.because(last(ch)), via})
		}
	}
	s.hits = hits[:0]
	if len(hits) == 0 {
		// Safety net: if the method as a whole reaches the change but no statement was
		// found to, the statement analysis missed something. Select the method whole.
		if ch := s.hit(tm.MemberID); ch != nil {
			s.uncertain = append(s.uncertain, tm.ID+": change reached the method but no single statement; selected whole")
			return whole([]string{last(ch)}, append([]string{tm.ID}, ch...))
		}
		return out
	}
	for _, u := range tm.Units {
		for _, h := range hits {
			if covers(u.Statements, h.line) {
				u.Because, u.Via = h.because, h.via
				out = append(out, u)
				break
			}
		}
	}
	return out
}

func covers(ranges [][2]int, line int) bool {
	for _, r := range ranges {
		if line >= r[0] && line <= r[1] {
			return true
		}
	}
	return false
}

// statementTargets returns, per statement of tm, the nodes the statement depends on
// directly: resolved calls, the callback members of objects it creates or uses, fields it
// names, and the declaring types of all of those (class-level changes count). Calls and
// fields are kept in the memo while the graph resolves the method's file as before: the
// statement's lookups are the ones its member's resolution made and recorded.
func (s *selector) statementTargets(tc *slicing.TestClass, tm *slicing.TestMethod) []stmtTargets {
	g := s.in.CurGraph
	if g == nil {
		return nil
	}
	version := g.FileVersion(tm.File)
	if mt, ok := s.memo.stmts[tm]; ok && version != nil && mt.file == version {
		return mt.stmts
	}
	ctx := tm.Declaring
	if ctx == "" {
		ctx = tc.ID
	}
	out := make([]stmtTargets, len(tm.Statements))
	var reflective []string
	src, srcErr := s.in.Cur.Read(tm.File)
	for i, st := range tm.Statements {
		locals := tm.Locals
		if st.Locals != nil {
			locals = st.Locals // in a block: its own locals are in scope too
		}
		calls, fields := g.ResolveStatement(ctx, locals, analysis.Refs{Calls: st.Calls, Names: st.Names, Selects: st.Selects,
			FreeFns: st.FreeFns, Lambdas: st.Lambdas})
		for _, ids := range calls {
			out[i].calls = appendWithOwners(out[i].calls, ids)
		}
		// A reflective lookup or invocation may reach whatever the method's reflection
		// edges lead to (a nested class's constructor found by getDeclaredClasses, …):
		// the graph keeps those on the method, not on a statement.
		if slices.ContainsFunc(st.Calls, func(c analysis.Call) bool { return analysis.ReflectiveCall(c.Name) }) {
			if reflective == nil {
				reflective = reflectionTargets(g, tm.MemberID)
			}
			out[i].calls = appendWithOwners(out[i].calls, reflective)
		}
		// A class literal hands out the class: reflection (here, or in code it is passed
		// to) may run any of its members, as the graph's class-literal edges say for the
		// method (commons-beanutils' LazyDynaBean makes LazyDynaMap objects from a Class).
		inSource := srcErr == nil && st.Start >= 0 && st.End <= len(src) && st.Start < st.End
		if inSource && bytes.Contains(src[st.Start:st.End], []byte("class")) {
			for _, name := range classLiterals(src, st.Start, st.End) {
				for _, id := range s.typesNamed(name) {
					out[i].calls = appendWithOwners(out[i].calls, typeMembers(s.in.Cur, id))
				}
			}
		}
		// A statement naming a resource may hand it to code that makes the classes it
		// names (commons-validator's tests pass their XML to the validator, whose Digester
		// creates the classes and calls the methods the XML names), as the graph's
		// resource edges say for the method.
		if inSource {
			for _, base := range s.namingResources() {
				if bytes.Contains(src[st.Start:st.End], []byte(base)) {
					for _, id := range s.in.Cur.ResourceTypes(base) {
						out[i].calls = appendWithOwners(out[i].calls, typeMembers(s.in.Cur, id))
					}
				}
			}
		}
		// Objects created or used here may be handed to library code, which can call back
		// any method that overrides a library supertype (toString, equals, compare, run, …).
		for _, c := range st.Calls {
			if c.New != "" {
				out[i].callbackTypes = append(out[i].callbackTypes, c.New)
			}
		}
		for _, n := range st.Names {
			for _, lv := range locals {
				if lv.Name == n && lv.Type != "" {
					out[i].callbackTypes = append(out[i].callbackTypes, lv.Type)
				}
			}
		}
		out[i].fields = appendWithOwners(nil, fields)
	}
	s.memo.stmts[tm] = &methodTargets{file: version, stmts: out}
	return out
}

// classLiterals returns the simple names X of the class literals X.class in src[start:end].
func classLiterals(src []byte, start, end int) []string {
	toks := analysis.Lex(src, start, end)
	var out []string
	for j := 2; j < len(toks); j++ {
		if toks[j].Is(src, "class") && toks[j-1].Is(src, ".") && toks[j-2].Kind == analysis.TokIdent {
			out = append(out, toks[j-2].Text(src))
		}
	}
	return out
}

// typeMembers returns the id of type id and of each member it declares.
func typeMembers(snap *analysis.Snapshot, id string) []string {
	out := []string{id}
	if t := snap.Type(id); t != nil {
		for _, m := range t.Members {
			out = append(out, m.ID)
		}
	}
	return out
}

// reflectionTargets returns the targets of the reflective edges of member id (never nil).
func reflectionTargets(g *analysis.Graph, id string) []string {
	out := []string{}
	for _, e := range g.Callees(id) {
		if e.Kind == analysis.EdgeReflection || e.Uncertain == analysis.WhyReflectionName || e.Uncertain == analysis.WhyReflectionDynamic {
			out = append(out, e.To)
		}
	}
	return out
}

// appendWithOwners appends each id followed by its declaring type, skipping repeats.
func appendWithOwners(list, ids []string) []string {
	for _, id := range ids {
		for _, x := range [2]string{id, ownerType(id)} {
			if !slices.Contains(list, x) {
				list = append(list, x)
			}
		}
	}
	return list
}

// statementHit returns the first target of a statement that reaches a change, in the
// order calls, callback members, fields.
func (s *selector) statementHit(st stmtTargets) (string, bool) {
	for _, t := range st.calls {
		if s.reached(t) {
			return t, true
		}
	}
	for _, name := range st.callbackTypes {
		for _, t := range s.callbackMembers(name) {
			if s.reached(t) {
				return t, true
			}
		}
	}
	for _, t := range st.fields {
		if s.reached(t) {
			return t, true
		}
	}
	return "", false
}

// typesNamed returns every project type with this simple name. Matching by name alone is
// wider than Java's scoping, which is the safe direction here.
// namingResources returns the base names of the resources that name project types.
func (s *selector) namingResources() []string {
	if s.memo.naming == nil {
		s.memo.naming = append([]string{}, s.in.Cur.NamingResources()...)
	}
	return s.memo.naming
}

func (s *selector) typesNamed(name string) []string {
	if s.memo.byName == nil {
		s.memo.byName = map[string][]string{}
		for _, id := range s.in.Cur.Types() {
			t := s.in.Cur.Type(id)
			s.memo.byName[t.Name] = append(s.memo.byName[t.Name], id)
		}
	}
	return s.memo.byName[simpleTypeName(name)]
}

func simpleTypeName(n string) string {
	if i := strings.LastIndexByte(n, '.'); i >= 0 {
		return n[i+1:]
	}
	return n
}

// callbackMembers returns, for the project types named name, the type node (so that
// class-level changes count) and the methods library code may call back on its objects, as
// the graph knows them (analysis.Graph.CallbackMembers: Object's overridable methods, those
// of known library supertypes, every instance method only under an unknown one).
func (s *selector) callbackMembers(name string) []string {
	name = strings.TrimSuffix(name, "[]")
	if out, ok := s.memo.callbacks[name]; ok {
		return out
	}
	var out []string
	for _, id := range s.typesNamed(name) {
		out = append(out, id)
		out = append(out, s.in.CurGraph.CallbackMembers(id)...)
	}
	s.memo.callbacks[name] = out
	return out
}

// coarsen turns the selected units of a class into the requested level.
func coarsen(tc *slicing.TestClass, units []slicing.Unit, level slicing.Level) []slicing.Unit {
	if len(units) == 0 || level == "" || level == slicing.LevelAssertion {
		return units
	}
	if level == slicing.LevelClass {
		u := slicing.Unit{ID: tc.ID, Test: tc.ID, Class: tc.ID, File: tc.File, Level: slicing.LevelClass,
			Line: tc.Line, EndLine: tc.EndLine, Because: units[0].Because, Via: units[0].Via}
		for _, tm := range tc.Methods {
			u.Assertions += countAssertions(tm)
			u.Statements = append(u.Statements, [2]int{tm.Line, tm.EndLine})
		}
		return []slicing.Unit{u}
	}
	var out []slicing.Unit
	seen := map[string]bool{}
	for _, u := range units {
		if u.Level == slicing.LevelClass {
			out = append(out, u)
			continue
		}
		if seen[u.Test] {
			continue
		}
		seen[u.Test] = true
		for _, tm := range tc.Methods {
			if tm.ID != u.Test {
				continue
			}
			mu := slicing.Unit{ID: tm.ID, Test: tm.ID, Class: tc.ID, File: tm.File, Level: slicing.LevelMethod,
				Line: tm.Line, EndLine: tm.EndLine, Assertions: countAssertions(tm), Because: u.Because, Via: u.Via}
			for _, st := range tm.Statements {
				mu.Statements = append(mu.Statements, [2]int{st.Line, st.EndLine})
			}
			if u.Level == slicing.LevelMethod {
				mu.Reason = u.Reason
			}
			out = append(out, mu)
		}
	}
	return out
}
