package selection

import (
	"context"
	"maps"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/assertlens/assertlens/analysis"
	"github.com/assertlens/assertlens/selection/coverage"
	"github.com/assertlens/assertlens/slicing"
)

// AuditOptions choose what an audit looks at.
type AuditOptions struct {
	// Sample, when positive, audits that many members drawn with Seed instead of all.
	Sample int
	Seed   uint64
	// Members, when set, audits just these member ids.
	Members []string
	// Progress is told how many members are done, of how many.
	Progress func(done, total int)
	// Worst is how many of the least precise members to list (default 10).
	Worst int
	// Plan is the JUnit Platform's test plan of the last run, nil when none is known: as
	// in every selection, the classes holding tests it runs and discovery misses (test
	// methods inherited from library classes) are selected whole.
	Plan *EnginePlan
}

// AuditMiss is a test statement that executed a member in the coverage record but lies in
// no unit the selection chose for a body change of that member.
type AuditMiss struct {
	Member      string `json:"member"`
	Test        string `json:"test"` // "pkg.Class#method", or "pkg.Class" for class-level code
	Line        int    `json:"line"` // 0 for fixture code
	OtherThread bool   `json:"otherThread,omitempty"`
	// Via is the static chain the engine would have needed: from the closest node it did
	// reach (a member the same statement executed) down to the member; just the member
	// when nothing the statement executed was reached.
	Via []string `json:"via"`
	// Why says why the statement was not selected when it is not a graph gap ("test not
	// discovered").
	Why string `json:"why,omitempty"`
}

// Ratios compares assertlens with ideal dynamic selectors built from the coverage record.
// Each is a fraction of the suite.
type Ratios struct {
	Assertlens float64 `json:"assertlens"`
	// AssertionOracle picks the assertion slices holding a statement that ran the member.
	AssertionOracle float64 `json:"assertionOracle"`
	// OwnStatementOracle picks only the assertions whose own statement ran the member
	// (assertEquals(3, calc.add(1, 2)) for Calc#add): the changed code runs while they are
	// evaluated, so every safe assertion-level selector picks at least these, however
	// precise its slices.
	OwnStatementOracle float64 `json:"ownStatementOracle"`
	// DefUseOracle adds to those the assertions reading, through local variables only,
	// what a statement that ran the member computed (Option o = builder.build();
	// assertEquals("x", o.getKey()) for a change of build): still picked by every safe
	// selector, whatever it knows of objects and their changes (see slicing.LocalDefUse).
	DefUseOracle float64 `json:"defUseOracle"`
	// MethodOracle picks the test methods that ran the member.
	MethodOracle float64 `json:"methodOracle"`
	// ClassOracle picks the test classes that ran the member: a class-level selector
	// that still knows dependencies per member.
	ClassOracle float64 `json:"classOracle"`
	// EkstaziOracle picks the test classes that ran any member of the member's class
	// (nested classes apart, as class files are): what a perfect Ekstazi, which tracks
	// which class files each test class uses, would pick for an edit of that class. It
	// counts only classes whose code ran, so it never exceeds what Ekstazi picks.
	EkstaziOracle float64 `json:"ekstaziOracle"`
	// FreshClassOracle is ClassOracle as if each test class ran in a JVM of its own: a
	// member that a class's initialization ran (coverage.Member.InitOf) runs for every test
	// class that touches that class, though a shared JVM initializes it once, for the
	// first test class only.
	FreshClassOracle float64 `json:"freshClassOracle"`
}

// MemberAudit is the audit of one member.
type MemberAudit struct {
	Member                 string `json:"member"`
	Sites                  int    `json:"sites"`  // test statements that executed it
	Missed                 int    `json:"missed"` // of those, in no selected unit
	SelectedAssertionRatio Ratios `json:"selectedAssertionRatio"`
	SelectedTestRatio      Ratios `json:"selectedTestRatio"`
	// The oracles' assertion counts (for the pooled ratios).
	oracleA, ownA, defUseA, methodA int
}

// AuditResult is what `assertlens audit --json` prints. Its field names are a contract.
type AuditResult struct {
	Members           int         `json:"members"`
	MembersWithMisses int         `json:"membersWithMisses"`
	MissedStatements  int         `json:"missedStatements"`
	Missed            []AuditMiss `json:"missed"`
	// Means over audited members; the medians are in the Median fields.
	SelectedAssertionRatio       Ratios `json:"selectedAssertionRatio"`
	SelectedTestRatio            Ratios `json:"selectedTestRatio"`
	MedianSelectedAssertionRatio Ratios `json:"medianSelectedAssertionRatio"`
	MedianSelectedTestRatio      Ratios `json:"medianSelectedTestRatio"`
	// OverHalf counts members whose selection holds more than half of the suite's
	// assertions.
	OverHalf int `json:"overHalf"`
	// OverHalfCovered counts those of OverHalf whose class-level oracle holds more than half
	// of the suite's assertions too: the record shows the member running in test classes
	// that hold that much, so the wide selection is what it really reaches at class level.
	OverHalfCovered int `json:"overHalfCovered"`
	// OverHalfCoveredFresh counts those of OverHalf whose FreshClassOracle holds more than
	// half of the suite's assertions.
	OverHalfCoveredFresh int `json:"overHalfCoveredFresh"`
	// Assertions and TestMethods are the suite's sizes the ratios divide by.
	Assertions  int `json:"assertions"`
	TestMethods int `json:"testMethods"`
	// Covered counts production members the record saw execute; NotAudited lists those
	// left out and why (compile-time constants, members no longer in the sources).
	Covered    int      `json:"covered"`
	NotAudited []string `json:"notAudited,omitempty"`
	// Stale lists sources that changed since the coverage record was made: their members'
	// lines may have moved, so the audit of what they hold is approximate.
	Stale []string `json:"stale,omitempty"`
	// SliceRatio compares assertion-level with method-level selection of the same static
	// answer: the assertions assertlens selects divided by all assertions of the test
	// methods they belong to, pooled over members that select something (1 means slicing
	// saved nothing); MeanSliceRatio is the mean of the per-member ratios.
	SliceRatio     float64 `json:"sliceRatio"`
	MeanSliceRatio float64 `json:"meanSliceRatio"`
	// AssertionOracleRatio and OwnStatementRatio compare, the same way, the assertion
	// oracle and the own-statement oracle with the method oracle, over the members the
	// method oracle picks something for: how far assertion-level selection can get below
	// method level with the record's exact reach, with assertlens' slices and with any
	// slices at all.
	AssertionOracleRatio     float64 `json:"assertionOracleRatio"`
	MeanAssertionOracleRatio float64 `json:"meanAssertionOracleRatio"`
	OwnStatementRatio        float64 `json:"ownStatementRatio"`
	MeanOwnStatementRatio    float64 `json:"meanOwnStatementRatio"`
	DefUseRatio              float64 `json:"defUseRatio"`
	MeanDefUseRatio          float64 `json:"meanDefUseRatio"`
	// OracleAssertions gives the sums behind the pooled ratios above: how many assertions
	// each oracle picks, summed over the members the method oracle picks something for.
	// The difference of two sums is how many assertions a figure has still to lose.
	OracleAssertions OracleAssertions `json:"oracleAssertions"`
	// SliceBreakdown splits the method-level side of SliceRatio by what kind of test
	// method the assertions belong to, pooled over the same members: it shows how much
	// slicing could save and what stops it.
	SliceBreakdown SliceBreakdown `json:"sliceBreakdown"`
	// GapReasons says why the assertion oracle picks more than the local def-use bound: the
	// assertions above the bound, summed over members, by why the statement that ran the
	// member is in their slice ("unknown effect of …", "writes static …", "mutates",
	// "may-alias"), most first (at most 15).
	GapReasons []ReasonCount `json:"gapReasons"`
	// GapMembers are the members with the most assertions above the local def-use bound
	// (assertion oracle minus def-use oracle), most first (at most 15): where precision
	// work pays off most.
	GapMembers []GapMember `json:"gapMembers"`
	// GapStatements are the test statements that put the most assertions above the bound
	// (summed over members, as GapReasons), most first (at most 15), each with why it is
	// in those slices: the reasons above give the first cause of many statements, these
	// the statements whose every cause must go for the figure to move.
	GapStatements []GapStatement `json:"gapStatements"`
	// Worst lists the members whose selection exceeds the assertion oracle the most.
	Worst     []MemberAudit `json:"worst"`
	SelectMs  int64         `json:"selectMs"`
	ElapsedMs int64         `json:"elapsedMs"`
}

// OracleAssertions sums, over the members the method oracle picks some assertion for,
// the assertions each oracle picks.
type OracleAssertions struct {
	MethodOracle       int `json:"methodOracle"`
	AssertionOracle    int `json:"assertionOracle"`
	OwnStatementOracle int `json:"ownStatementOracle"`
	DefUseOracle       int `json:"defUseOracle"`
}

// GapMember gives a member's oracles in assertions: the method oracle, the assertion
// oracle and the local def-use bound.
type GapMember struct {
	Member          string `json:"member"`
	MethodOracle    int    `json:"methodOracle"`
	AssertionOracle int    `json:"assertionOracle"`
	DefUseOracle    int    `json:"defUseOracle"`
}

// GapStatement is a test statement whose place in other assertions' slices puts
// assertions above the local def-use bound.
type GapStatement struct {
	Test       string `json:"test"`
	Line       int    `json:"line"`
	Why        string `json:"why"`
	Assertions int    `json:"assertions"`
}

// ReasonCount is a number of assertions with a reason.
type ReasonCount struct {
	Why        string `json:"why"`
	Assertions int    `json:"assertions"`
}

// SliceBreakdown counts the assertions of the test methods a method-level selector would
// run, pooled over audited members, by the kind of test method holding them.
type SliceBreakdown struct {
	// Sliced: test methods cut into two or more assertion slices; SlicedSelected of their
	// Sliced assertions were selected.
	Sliced         int `json:"sliced"`
	SlicedSelected int `json:"slicedSelected"`
	// Single: test methods with one assertion, where slicing cannot save anything.
	Single int `json:"single"`
	// Whole: assertions of test methods kept whole, by the reason (loop, inherited, …).
	Whole map[string]int `json:"whole"`
}

// BodyChanges returns the changes a body edit of each member would produce, without any
// file being edited: the engine's entry point for asking "what if this body changed".
func BodyChanges(s *analysis.Snapshot, ids []string) []analysis.Change {
	out := make([]analysis.Change, 0, len(ids))
	for _, id := range ids {
		c := analysis.Change{ID: id, Change: "modified", Rerun: true, Level: "member", Detail: "body changed (as if)"}
		if m := findMember(s, id); m != nil {
			c.Kind, c.Line = m.Kind, m.Line
		}
		if f := s.FileOf(ownerType(id)); f != nil {
			c.File = f.Path
		}
		out = append(out, c)
	}
	return out
}

// Audit asks the selection, for every production member the coverage record saw execute,
// what a body change of that member would select, and compares it with the test
// statements that really executed the member. st is the state selected on (its Base is
// ignored: the audit compares the current state with itself plus one synthetic change).
func Audit(ctx context.Context, st Input, rec *coverage.Store, opts AuditOptions) (*AuditResult, error) {
	start := time.Now()
	a := newAuditor(st, rec)
	out := &AuditResult{Missed: []AuditMiss{}, Worst: []MemberAudit{}}
	files := map[string]uint64{}
	for p, f := range st.Cur.Files {
		files[p] = f.ContentHash
	}
	out.Stale = rec.Fresh(files)
	members := a.candidates(opts, out)
	out.Members = len(members)
	var per []MemberAudit
	var sliced, whole, ratioSum float64
	var ratioN int
	out.SliceBreakdown.Whole = map[string]int{}
	memo := &Memo{}
	var check PlanCheck // the plan against the discovered tests: the same for every member
	if opts.Plan != nil {
		check = opts.Plan.Check(st.Tests)
	}
	for i, c := range members {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		t0 := time.Now()
		res := Select(Input{BaseName: "audit", Base: st.Cur, Cur: st.Cur, CurGraph: st.CurGraph, Tests: st.Tests,
			Level: slicing.LevelAssertion, Changes: BodyChanges(st.Cur, []string{c.id}), Memo: memo})
		addUndiscovered(res, check, st.Cur, st.Tests)
		out.SelectMs += time.Since(t0).Milliseconds()
		if out.Assertions == 0 {
			out.Assertions, out.TestMethods = res.Totals.Assertions, res.Totals.TestMethods
		}
		ma, missed := a.audit(c, res)
		if sel := res.Totals.SelectedAssertions; sel > 0 {
			if m := a.methodLevelAssertions(res, &out.SliceBreakdown); m > 0 {
				sliced += float64(sel)
				whole += float64(m)
				ratioSum += float64(sel) / float64(m)
				ratioN++
			}
		}
		per = append(per, ma)
		if len(missed) > 0 {
			out.MembersWithMisses++
			out.MissedStatements += len(missed)
			out.Missed = append(out.Missed, missed...)
		}
		if over, covered := overHalf(ma.SelectedAssertionRatio); over {
			out.OverHalf++
			if covered {
				out.OverHalfCovered++
			}
			if ma.SelectedAssertionRatio.FreshClassOracle > 0.5 {
				out.OverHalfCoveredFresh++
			}
		}
		if opts.Progress != nil {
			opts.Progress(i+1, len(members))
		}
	}
	if ratioN > 0 {
		out.SliceRatio, out.MeanSliceRatio = sliced/whole, ratioSum/float64(ratioN)
	}
	out.AssertionOracleRatio, out.MeanAssertionOracleRatio = oracleRatios(per, func(m MemberAudit) int { return m.oracleA })
	out.OwnStatementRatio, out.MeanOwnStatementRatio = oracleRatios(per, func(m MemberAudit) int { return m.ownA })
	out.DefUseRatio, out.MeanDefUseRatio = oracleRatios(per, func(m MemberAudit) int { return m.defUseA })
	for _, m := range per {
		if m.methodA > 0 {
			out.OracleAssertions.MethodOracle += m.methodA
			out.OracleAssertions.AssertionOracle += m.oracleA
			out.OracleAssertions.OwnStatementOracle += m.ownA
			out.OracleAssertions.DefUseOracle += m.defUseA
		}
	}
	out.GapReasons = []ReasonCount{}
	for why, n := range a.gap {
		out.GapReasons = append(out.GapReasons, ReasonCount{why, n})
	}
	slices.SortFunc(out.GapReasons, func(x, y ReasonCount) int {
		if x.Assertions != y.Assertions {
			return y.Assertions - x.Assertions
		}
		return strings.Compare(x.Why, y.Why)
	})
	out.GapReasons = out.GapReasons[:min(15, len(out.GapReasons))]
	out.GapMembers = gapMembers(per, 15)
	out.GapStatements = gapStatements(a.gapAt, 15)
	out.SelectedAssertionRatio, out.MedianSelectedAssertionRatio = summarize(per, func(m MemberAudit) Ratios { return m.SelectedAssertionRatio })
	out.SelectedTestRatio, out.MedianSelectedTestRatio = summarize(per, func(m MemberAudit) Ratios { return m.SelectedTestRatio })
	worst := opts.Worst
	if worst == 0 {
		worst = 10
	}
	slices.SortStableFunc(per, func(x, y MemberAudit) int {
		dx := x.SelectedAssertionRatio.Assertlens - x.SelectedAssertionRatio.AssertionOracle
		dy := y.SelectedAssertionRatio.Assertlens - y.SelectedAssertionRatio.AssertionOracle
		switch {
		case dx > dy:
			return -1
		case dx < dy:
			return 1
		}
		return strings.Compare(x.Member, y.Member)
	})
	out.Worst = append(out.Worst, per[:min(worst, len(per))]...)
	out.ElapsedMs = time.Since(start).Milliseconds()
	return out, nil
}

// gapMembers returns the n members of per with the most assertions above the local
// def-use bound.
func gapMembers(per []MemberAudit, n int) []GapMember {
	out := []GapMember{}
	for _, m := range per {
		if m.oracleA > m.defUseA {
			out = append(out, GapMember{m.Member, m.methodA, m.oracleA, m.defUseA})
		}
	}
	slices.SortFunc(out, func(x, y GapMember) int {
		if gx, gy := x.AssertionOracle-x.DefUseOracle, y.AssertionOracle-y.DefUseOracle; gx != gy {
			return gy - gx
		}
		return strings.Compare(x.Member, y.Member)
	})
	return out[:min(n, len(out))]
}

// gapStatements returns the n statements with the most assertions in counts, most first.
func gapStatements(counts map[GapStatement]int, n int) []GapStatement {
	out := make([]GapStatement, 0, len(counts))
	for g, k := range counts {
		g.Assertions = k
		out = append(out, g)
	}
	slices.SortFunc(out, func(x, y GapStatement) int {
		if x.Assertions != y.Assertions {
			return y.Assertions - x.Assertions
		}
		if c := strings.Compare(x.Test, y.Test); c != 0 {
			return c
		}
		if x.Line != y.Line {
			return x.Line - y.Line
		}
		return strings.Compare(x.Why, y.Why)
	})
	return out[:min(n, len(out))]
}

// oracleRatios returns, over the members whose method oracle picks some assertion, the
// pooled and the mean ratio of an oracle's assertions to the method oracle's.
func oracleRatios(per []MemberAudit, get func(MemberAudit) int) (pooled, mean float64) {
	var num, den, sum float64
	n := 0
	for _, m := range per {
		if m.methodA == 0 {
			continue
		}
		num += float64(get(m))
		den += float64(m.methodA)
		sum += float64(get(m)) / float64(m.methodA)
		n++
	}
	if n == 0 {
		return 0, 0
	}
	return num / den, sum / float64(n)
}

// summarize returns the mean and the median of each ratio.
func summarize(per []MemberAudit, get func(MemberAudit) Ratios) (mean, median Ratios) {
	if len(per) == 0 {
		return
	}
	fields := []func(*Ratios) *float64{
		func(r *Ratios) *float64 { return &r.Assertlens },
		func(r *Ratios) *float64 { return &r.AssertionOracle },
		func(r *Ratios) *float64 { return &r.OwnStatementOracle },
		func(r *Ratios) *float64 { return &r.DefUseOracle },
		func(r *Ratios) *float64 { return &r.MethodOracle },
		func(r *Ratios) *float64 { return &r.ClassOracle },
		func(r *Ratios) *float64 { return &r.EkstaziOracle },
		func(r *Ratios) *float64 { return &r.FreshClassOracle },
	}
	vals := make([]float64, len(per))
	for _, f := range fields {
		sum := 0.0
		for i, m := range per {
			r := get(m)
			vals[i] = *f(&r)
			sum += vals[i]
		}
		*f(&mean) = sum / float64(len(per))
		slices.Sort(vals)
		if n := len(vals); n%2 == 1 {
			*f(&median) = vals[n/2]
		} else {
			*f(&median) = (vals[n/2-1] + vals[n/2]) / 2
		}
	}
	return mean, median
}

// auditor holds the indexes one audit shares across members.
type auditor struct {
	st      Input
	rec     *coverage.Store
	classes map[string]*slicing.TestClass // concrete test classes by id
	// methods are by "class#method" of the concrete class: several when a test method is
	// overloaded (a @Test and a @ParameterizedTest of the same name).
	methods map[string][]*slicing.TestMethod
	bySite  map[coverage.Site][]string // production members each site executed (built on first miss)
	// suites are the concrete test classes with a JUnit 3 suite() method: what tests no
	// source declares ran under.
	suites []*slicing.TestClass
	// users maps each production class to the concrete test classes whose runs executed
	// any of its members (the Ekstazi oracle).
	users map[string]map[string]bool
	// initTriggers maps each production type to the types during whose initialization some
	// member of it ran in the record (see initClasses).
	initTriggers map[string][]string
	// gap counts, by why the statement that ran a member is in their slice, the assertions
	// the assertion oracle picks above the local def-use bound (see GapReasons).
	gap map[string]int
	// gapAt counts the same assertions by the statement that ran the member.
	gapAt map[GapStatement]int
}

// candidate is one member to audit and the sites that executed it.
type candidate struct {
	id    string
	sites []coverage.Site
}

func newAuditor(st Input, rec *coverage.Store) *auditor {
	a := &auditor{st: st, rec: rec, classes: map[string]*slicing.TestClass{}, methods: map[string][]*slicing.TestMethod{},
		gap: map[string]int{}, gapAt: map[GapStatement]int{}}
	for _, tc := range st.Tests {
		if tc.Abstract {
			continue
		}
		a.classes[tc.ID] = tc
		if slices.ContainsFunc(tc.Methods, func(tm *slicing.TestMethod) bool { return tm.Kind == slicing.KindSuite }) {
			a.suites = append(a.suites, tc)
		}
		for _, tm := range tc.Methods {
			key := tc.ID + "#" + methodName(tm.ID)
			a.methods[key] = append(a.methods[key], tm)
		}
	}
	a.users, a.initTriggers = map[string]map[string]bool{}, map[string][]string{}
	for _, m := range rec.Members {
		if m.Test {
			continue
		}
		cls := ownerType(m.ID)
		for _, outer := range m.InitOf {
			if outer != cls && !slices.Contains(a.initTriggers[cls], outer) {
				a.initTriggers[cls] = append(a.initTriggers[cls], outer)
			}
		}
		for _, si := range m.Sites {
			tc := rec.Sites[si].Class()
			if a.classes[tc] == nil {
				continue
			}
			if a.users[cls] == nil {
				a.users[cls] = map[string]bool{}
			}
			a.users[cls][tc] = true
		}
	}
	return a
}

// candidates lists the production members to audit with the sites that executed them: a
// member's own record, and for code javac moves into other methods, theirs (field
// initializers and initializer blocks run inside constructors or the static initializer).
func (a *auditor) candidates(opts AuditOptions, out *AuditResult) []candidate {
	var all []candidate
	want := map[string]bool{}
	for _, id := range opts.Members {
		want[id] = true
	}
	constants, isolated := 0, 0
	for _, p := range a.st.Cur.SortedPaths() {
		f := a.st.Cur.Files[p]
		if f.Test {
			continue
		}
		for _, t := range f.Types {
			ctors := a.prefixSites(t.ID + "#<init>(")
			for _, m := range t.Members {
				if len(want) > 0 && !want[m.ID] {
					continue
				}
				var sites []coverage.Site
				switch {
				case m.Kind == analysis.KindInitializer && m.Name == "<init-block>":
					sites = ctors
				case m.Kind == analysis.KindField:
					if m.BodyEnd <= m.BodyStart {
						continue // no initializer: nothing runs
					}
					if m.Static() && hasModifier(m, "final") && constantType(m.ReturnType) {
						constants++ // javac inlines it at every reader: no probe sees it
						continue
					}
					if a.st.CurGraph != nil && a.st.CurGraph.IsolatedStaticInit(m.ID) {
						isolated++ // the record shows who initialized the class first, not who reads it
						continue
					}
					if m.Static() {
						sites = union(a.rec.Hits(m.ID), a.rec.Hits(t.ID+"#<clinit>"))
					} else {
						sites = union(a.rec.Hits(m.ID), ctors)
					}
				default:
					sites = a.rec.Hits(m.ID)
				}
				if len(sites) > 0 {
					all = append(all, candidate{id: m.ID, sites: sites})
				}
			}
		}
	}
	out.Covered = len(all)
	if constants > 0 {
		out.NotAudited = append(out.NotAudited, strconv.Itoa(constants)+" static final fields of primitive or String type: javac inlines constants, so coverage cannot see who reads them")
	}
	if isolated > 0 {
		out.NotAudited = append(out.NotAudited, strconv.Itoa(isolated)+" static fields and enum constants whose initialization only makes their own value: coverage sees which statement first initialized the class, not who reads them")
	}
	if opts.Sample > 0 && opts.Sample < len(all) {
		r := rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x9e3779b97f4a7c15))
		r.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		all = all[:opts.Sample]
		sort.Slice(all, func(i, j int) bool { return all[i].id < all[j].id })
	}
	return all
}

// prefixSites returns the union of the sites of every recorded member whose id starts
// with prefix (all constructors of a type, with or without source).
func (a *auditor) prefixSites(prefix string) []coverage.Site {
	i, _ := slices.BinarySearchFunc(a.rec.Members, prefix, func(m coverage.Member, p string) int { return strings.Compare(m.ID, p) })
	var out []coverage.Site
	for ; i < len(a.rec.Members) && strings.HasPrefix(a.rec.Members[i].ID, prefix); i++ {
		out = union(out, a.rec.Hits(a.rec.Members[i].ID))
	}
	return out
}

// audit compares one member's selection with its sites.
func (a *auditor) audit(c candidate, res *Result) (MemberAudit, []AuditMiss) {
	selected := make(map[string]bool, len(res.Units))
	for _, u := range res.Units {
		selected[u.ID] = true
	}
	ma := MemberAudit{Member: c.id, Sites: len(c.sites)}
	var missed []AuditMiss
	// The assertion oracle needs, per test method, the assertion units holding a statement
	// that ran the member, or the whole method when it is not cut into slices (never more
	// than the method oracle).
	need := map[string]int{}       // assertion unit id, or "whole " + test run -> assertions
	needTests := map[string]bool{} // test runs the assertion oracle runs
	own := map[string]bool{}       // test run + ":" + line of an assertion statement that ran it
	ownTests := map[string]bool{}  // test runs holding one
	ran := map[string][]int{}      // test run -> indices of the statements that ran it
	ranIn := map[string]*slicing.TestMethod{}
	sliced := map[string][]gapSite{} // test run -> assertion slices holding a statement that ran it
	methods := map[string]bool{}     // method oracle
	classes := map[string]bool{}     // class oracle
	needMethod := func(tc *slicing.TestClass, tm *slicing.TestMethod, units []slicing.Unit) {
		run := tc.ID + "#" + methodName(tm.ID)
		for _, u := range units {
			if u.Level == slicing.LevelAssertion {
				need[u.ID] = u.Assertions
			} else {
				need["whole "+run] = tm.Assertions
			}
			needTests[run] = true
		}
	}
	for _, site := range c.sites {
		tc := a.classes[site.Class()]
		if tc == nil && len(a.suites) > 0 && a.st.Cur.Type(site.Class()) == nil {
			// A test no source declares (Guava testlib's testers) ran under a suite()
			// method: the record does not say which, so the site is selected when every
			// suite class is.
			all := true
			for _, stc := range a.suites {
				classes[stc.ID] = true
				for _, tm := range stc.Methods {
					if tm.Kind != slicing.KindSuite {
						continue
					}
					methods[stc.ID+"#"+methodName(tm.ID)] = true
					needMethod(stc, tm, tm.Units)
					for _, u := range tm.Units {
						all = all && selected[u.ID]
					}
				}
			}
			if !all {
				missed = append(missed, AuditMiss{Member: c.id, Test: site.Test, Line: site.Line, OtherThread: site.OtherThread,
					Via: []string{c.id}, Why: "run by a suite() that was not selected"})
			}
			continue
		}
		if tc == nil {
			missed = append(missed, AuditMiss{Member: c.id, Test: site.Test, Line: site.Line, OtherThread: site.OtherThread,
				Via: []string{c.id}, Why: "test class not discovered"})
			continue
		}
		classes[tc.ID] = true
		// alternatives are the unit sets that may hold the site's statement: one per
		// overload of its test method (the record does not say which ran it). The site is
		// selected when every unit of one alternative is.
		var alternatives [][]slicing.Unit
		switch site.Method() {
		case "":
			var units []slicing.Unit
			for _, tm := range tc.Methods {
				if tm.Kind == slicing.KindSuite {
					continue
				}
				units = append(units, tm.Units...)
				methods[tc.ID+"#"+methodName(tm.ID)] = true
				needMethod(tc, tm, tm.Units)
				if a.conditionedMethod(tm) {
					// JUnit evaluates the conditions registered on a method before it
					// starts it, in the class's record: the method is enough.
					alternatives = append(alternatives, tm.Units)
				}
			}
			alternatives = append(alternatives, units)
		default:
			tms := a.methodsAt(site)
			if len(tms) == 0 && selected[tc.ID] {
				// A test discovery does not see (inherited from a library class) in a class
				// the selection runs whole because the test plan holds it.
				methods[site.Test] = true
				need["whole "+site.Test] = 0
				needTests[site.Test] = true
				continue
			}
			if len(tms) == 0 {
				missed = append(missed, AuditMiss{Member: c.id, Test: site.Test, Line: site.Line, OtherThread: site.OtherThread,
					Via: []string{c.id}, Why: "test method not discovered"})
				continue
			}
			methods[site.Test] = true
			for _, tm := range tms {
				us := unitsAt(tm, site.Line)
				needMethod(tc, tm, us)
				switch {
				case site.OtherThread && site.Line <= 0:
					// A thread the test started, still running when the test's own thread
					// had left the body: the statement that started it ran in one of the
					// test's units, which the record cannot name; any of them is one.
					for _, u := range tm.Units {
						alternatives = append(alternatives, []slicing.Unit{u})
					}
					continue
				case site.Line == coverage.AfterBody:
					// The graph selects what fixture code reaches in whole tests: the after
					// unit is for selections that know where the code ran.
					us = tm.Units
				}
				alternatives = append(alternatives, us)
			}
			if len(tms) == 1 {
				if i := statementAt(tms[0], site.Line); i >= 0 {
					ran[site.Test] = append(ran[site.Test], i)
					ranIn[site.Test] = tms[0]
					for _, u := range unitsAt(tms[0], site.Line) {
						if u.Level == slicing.LevelAssertion && u.Reason == nil {
							sliced[site.Test] = append(sliced[site.Test], gapSite{u, tms[0].Statements[i].Line})
						}
					}
					if st := tms[0].Statements[i]; st.Assertion && st.Assertions == 0 {
						own[site.Test+":"+strconv.Itoa(st.Line)] = true
						ownTests[site.Test] = true
					}
				}
			}
		}
		ok := false
		for _, units := range alternatives {
			all := true
			for _, u := range units {
				all = all && selected[u.ID]
			}
			ok = ok || all
		}
		if !ok {
			missed = append(missed, AuditMiss{Member: c.id, Test: site.Test, Line: site.Line, OtherThread: site.OtherThread,
				Via: a.via(c.id, site)})
		}
	}
	ma.Missed = len(missed)
	totalA, totalT := float64(res.Totals.Assertions), float64(res.Totals.TestMethods)
	ratio := func(n int, of float64) float64 {
		if of == 0 {
			return 0
		}
		return float64(n) / of
	}
	oracleA := 0
	for _, n := range need {
		oracleA += n
	}
	methodA := 0
	for id := range methods {
		for _, tm := range a.methods[id] {
			methodA += tm.Assertions
		}
	}
	classA, classT := a.classSize(classes)
	users := maps.Clone(a.users[ownerType(c.id)])
	if users == nil {
		users = map[string]bool{}
	}
	maps.Copy(users, classes)
	ekstaziA, ekstaziT := a.classSize(users)
	fresh := maps.Clone(classes)
	for _, k := range a.initClasses(c.id) {
		maps.Copy(fresh, a.users[k])
	}
	freshA, freshT := a.classSize(fresh)
	defUse, defUseTests := 0, 0
	gapSeen := map[string]bool{}
	for run, idx := range ran {
		n := 0
		stmts := ranIn[run].Statements
		bound := map[int]bool{} // lines of the assertions the bound reaches
		for _, i := range slicing.LocalDefUse(stmts, idx) {
			if stmts[i].Assertion {
				n++
				bound[stmts[i].Line] = true
			}
		}
		defUse += n
		if n > 0 {
			defUseTests++
		}
		for _, g := range sliced[run] {
			if bound[g.unit.Line] || gapSeen[g.unit.ID] {
				continue
			}
			gapSeen[g.unit.ID] = true
			why := gapWhy(g.unit, g.line)
			a.gap[why] += g.unit.Assertions
			a.gapAt[GapStatement{Test: run, Line: g.line, Why: why}] += g.unit.Assertions
		}
	}
	ma.SelectedAssertionRatio = Ratios{Assertlens: ratio(res.Totals.SelectedAssertions, totalA),
		AssertionOracle: ratio(oracleA, totalA), OwnStatementOracle: ratio(len(own), totalA), DefUseOracle: ratio(defUse, totalA),
		MethodOracle: ratio(methodA, totalA), ClassOracle: ratio(classA, totalA),
		EkstaziOracle: ratio(ekstaziA, totalA), FreshClassOracle: ratio(freshA, totalA)}
	ma.SelectedTestRatio = Ratios{Assertlens: ratio(res.Totals.SelectedTestMethods, totalT),
		AssertionOracle: ratio(len(needTests), totalT), OwnStatementOracle: ratio(len(ownTests), totalT),
		DefUseOracle: ratio(defUseTests, totalT),
		MethodOracle: ratio(len(methods), totalT), ClassOracle: ratio(classT, totalT),
		EkstaziOracle: ratio(ekstaziT, totalT), FreshClassOracle: ratio(freshT, totalT)}
	ma.oracleA, ma.ownA, ma.defUseA, ma.methodA = oracleA, len(own), defUse, methodA
	return ma, missed
}

// initClasses lists the project types whose initialization ran member id in the record (a
// static field's initializer and a static block run in their class's), and the types during
// whose initialization some member of one of those ran, and so on: in a fresh JVM, touching
// any of them initializes the next and runs the member. commons-lang's AbstractLangTest
// touches ToStringStyle after every test; its initialization calls ObjectUtils.toString,
// whose class initialization makes ObjectUtils.NULL.
func (a *auditor) initClasses(id string) []string {
	var out []string
	if m := a.rec.Member(id); m != nil {
		out = slices.Clone(m.InitOf)
	}
	if t := a.st.Cur.Type(ownerType(id)); t != nil {
		if m := t.Member(id); m != nil && m.Static() && (m.Kind == analysis.KindField || m.Kind == analysis.KindInitializer) &&
			!slices.Contains(out, t.ID) {
			out = append(out, t.ID)
		}
	}
	for i := 0; i < len(out); i++ {
		for _, outer := range a.initTriggers[out[i]] {
			if !slices.Contains(out, outer) {
				out = append(out, outer)
			}
		}
	}
	return out
}

// classSize counts the assertions and test methods of the test classes in ids.
func (a *auditor) classSize(ids map[string]bool) (assertions, tests int) {
	for id := range ids {
		for _, tm := range a.classes[id].Methods {
			if tm.Kind != slicing.KindSuite {
				assertions += tm.Assertions
				tests++
			}
		}
	}
	return assertions, tests
}

// methodLevelAssertions returns how many assertions res would select at method level: all
// assertions of every test method holding a selected unit. It also adds those assertions
// to b by the kind of test method holding them.
func (a *auditor) methodLevelAssertions(res *Result, b *SliceBreakdown) int {
	selected := map[string]int{}          // assertion-level selected assertions by test run
	named := map[string]map[string]bool{} // test methods holding a selected unit, by class
	whole := map[string]bool{}            // classes selected as a whole
	for _, u := range res.Units {
		name := methodName(u.Test)
		if u.Level == slicing.LevelAssertion {
			selected[u.Class+"#"+name] += u.Assertions
		}
		if u.Level == slicing.LevelClass {
			whole[u.Class] = true
			continue
		}
		if named[u.Class] == nil {
			named[u.Class] = map[string]bool{}
		}
		named[u.Class][name] = true
	}
	n := 0
	count := func(class string) {
		tc := a.classes[class]
		if tc == nil {
			return
		}
		seen := map[string]bool{}
		for _, tm := range tc.Methods {
			name := methodName(tm.ID)
			if seen[name] || tm.Kind == slicing.KindSuite || !whole[class] && !named[class][name] {
				continue
			}
			seen[name] = true
			n += tm.Assertions
			b.add(tc, tm, selected[tc.ID+"#"+name])
		}
	}
	for class := range whole {
		count(class)
	}
	for class := range named {
		if !whole[class] {
			count(class)
		}
	}
	return n
}

// methodsAt returns the test methods a site ran in: of the methods named like the site's,
// the ones whose text holds the site's line, or all of them when none does (fixture code).
func (a *auditor) methodsAt(site coverage.Site) []*slicing.TestMethod {
	tms := a.methods[site.Test]
	var at []*slicing.TestMethod
	for _, tm := range tms {
		if site.Line >= tm.Line && site.Line <= tm.EndLine {
			at = append(at, tm)
		}
	}
	if len(at) > 0 {
		return at
	}
	return tms
}

// add counts tm's assertions, sel of which assertion-level selection picked.
func (b *SliceBreakdown) add(tc *slicing.TestClass, tm *slicing.TestMethod, sel int) {
	switch {
	case tc.Reason != nil:
		b.Whole[*tc.Reason] += tm.Assertions
	case tm.Reason != nil:
		b.Whole[*tm.Reason] += tm.Assertions
	case tm.Assertions <= 1:
		b.Single += tm.Assertions
	default:
		b.Sliced += tm.Assertions
		b.SlicedSelected += sel
	}
}

// unitsAt returns the units of tm a change executed by the statement at line can affect:
// the units holding that statement, or every unit of tm for fixture code (line 0) and for
// a statement no unit holds.
// gapSite is an assertion slice holding the statement at line, which ran a member.
type gapSite struct {
	unit slicing.Unit
	line int
}

// gapWhy says why the statement at line is in the slice u, from the slice's explanation,
// with the names of locals left out ("mutates", "may-alias", "def-use").
func gapWhy(u slicing.Unit, line int) string {
	for _, e := range u.Explain {
		if e.Line != line {
			continue
		}
		for _, kind := range []string{"def-use ", "mutates ", "may-alias "} {
			if strings.HasPrefix(e.Why, kind) {
				return strings.TrimSpace(kind)
			}
		}
		return e.Why
	}
	return "not explained"
}

// statementAt returns the index of the statement of tm holding line, -1 when none does.
func statementAt(tm *slicing.TestMethod, line int) int {
	for i, st := range tm.Statements {
		if st.Line <= line && line <= st.EndLine {
			return i
		}
	}
	return -1
}

// unitsAt returns the units of tm that hold line: the assertion slices holding the
// statement there (and tm's coarser units), the after unit for code that ran after the
// body, and every unit for fixture code (or a line no unit holds).
func unitsAt(tm *slicing.TestMethod, line int) []slicing.Unit {
	if line == coverage.AfterBody && tm.After != nil {
		return []slicing.Unit{*tm.After}
	}
	if line > 0 {
		var out []slicing.Unit
		for _, u := range tm.Units {
			if u.Level != slicing.LevelAssertion || covers(u.Statements, line) {
				out = append(out, u)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return tm.Units
}

// conditionedMethod reports whether test method tm has an execution condition registered
// on it alone (an extension among its providers implementing Jupiter's ExecutionCondition,
// see slicing's providers): what that condition runs is recorded as class-level code.
func (a *auditor) conditionedMethod(tm *slicing.TestMethod) bool {
	return slices.ContainsFunc(tm.Providers, func(id string) bool {
		t := a.st.Cur.Type(ownerType(id))
		return t != nil && slices.Contains(t.Implements, "ExecutionCondition")
	})
}

// via returns the static chain that would have selected site for a change of id: among
// the production members the same statement executed, the one the graph knows reaches id
// with the longest chain (the closest to the test); just id when none is known to.
func (a *auditor) via(id string, site coverage.Site) []string {
	if a.bySite == nil {
		a.bySite = map[coverage.Site][]string{}
		for _, m := range a.rec.Members {
			if !m.Source || m.Test {
				continue
			}
			for _, si := range m.Sites {
				s := a.rec.Sites[si]
				a.bySite[s] = append(a.bySite[s], m.ID)
			}
		}
	}
	if a.st.CurGraph == nil {
		return []string{id}
	}
	reached := a.st.CurGraph.ReachFrom([]string{id})
	best := []string{id}
	for _, other := range a.bySite[site] {
		if other == id || !reached.Has(other) {
			continue
		}
		if ch := reached.Chain(other); len(ch) > len(best) {
			best = ch
		}
	}
	return best
}

func union(a, b []coverage.Site) []coverage.Site {
	if len(b) == 0 {
		return a
	}
	seen := make(map[coverage.Site]bool, len(a)+len(b))
	out := make([]coverage.Site, 0, len(a)+len(b))
	for _, s := range append(append([]coverage.Site{}, a...), b...) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func hasModifier(m *analysis.Member, mod string) bool { return slices.Contains(m.Modifiers, mod) }

// constantType reports whether a field of this type can be a compile-time constant.
func constantType(t string) bool {
	switch t {
	case "boolean", "byte", "char", "short", "int", "long", "float", "double", "String":
		return true
	}
	return false
}

// overHalf says whether a member's selection holds more than half of the suite's
// assertions, and whether its class-level oracle does too.
func overHalf(r Ratios) (over, covered bool) {
	return r.Assertlens > 0.5, r.Assertlens > 0.5 && r.ClassOracle > 0.5
}
