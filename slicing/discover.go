package slicing

import (
	"errors"
	"reflect"
	"sort"

	"github.com/assertlens/assertlens/analysis"
	sitter "github.com/smacker/go-tree-sitter"
)

// Options configure test and assertion recognition.
type Options struct {
	// ExtraAssertions are method names the user declares to be assertions (project DSLs).
	ExtraAssertions []string
}

// TestMethod is one test as it runs in one test class, cut into units.
type TestMethod struct {
	ID         string              `json:"id"`        // "pkg.FooTest#bar": the test id used in JSON
	MemberID   string              `json:"memberId"`  // analysis member id "pkg.FooTest#bar()", for the graph
	Class      string              `json:"class"`     // test class that runs it (the concrete subclass for inherited tests)
	Declaring  string              `json:"declaring"` // class that declares the method
	File       string              `json:"file"`      // file declaring the method
	Line       int                 `json:"line"`
	EndLine    int                 `json:"endLine"`
	Locals     []analysis.LocalVar `json:"-"`
	Statements []Statement         `json:"statements"`
	// Units are the assertion units plus the implicit "completes-without-exception" unit
	// when the method is sliced, or one method or class unit carrying its reason. Methods of
	// abstract classes have no units: they run (and are selected) in concrete subclasses.
	Units  []Unit  `json:"units"`
	Reason *string `json:"reason"` // why the method fell back to a coarser unit; nil when sliced
	// After is, for a sliced method, the unit selected for code that ran after its body
	// (@After*, a rule's or extension's after part): the statements that may change what
	// that code can read (shared state, the test object's fields). No assertion of the
	// body can see that code, and every rendered unit runs it too. Not one of Units: only
	// a coverage record, which says where code ran, selects it.
	After *Unit `json:"after,omitempty"`
	// Assertions counts the assertion statements of the method, nested ones included: the
	// number its units cover together, whatever level they were cut at.
	Assertions int `json:"assertions"`
	// Engine runs the test: "junit3", "junit4" (both through Vintage) or "jupiter".
	Engine string `json:"engine,omitempty"`
	// Kind is "test", "parameterized", "repeated", "dynamic", "template" or "theory".
	Kind string `json:"kind,omitempty"`
	// Disabled is set for @Ignore / @Disabled tests (reported skipped by the engine).
	Disabled bool `json:"disabled,omitempty"`
	// Providers are the members that produce a parameterized test's arguments
	// (@MethodSource factories, @FieldSource fields, @ArgumentsSource classes): a change
	// they reach affects every invocation.
	Providers []string `json:"providers,omitempty"`
}

// TestClass is a class whose tests JUnit runs, or a suite, or an abstract class holding
// tests for its subclasses.
type TestClass struct {
	ID      string        `json:"id"`
	File    string        `json:"file"`
	Line    int           `json:"line"`
	EndLine int           `json:"endLine"`
	Methods []*TestMethod `json:"methods"`
	// Fixtures are the member ids that run around every test: @Before*/@After* and JUnit 3
	// setUp/tearDown methods, fields (including @Rule/@ClassRule), constructors and
	// initializers, of the class, its project superclasses and, for @Nested classes, the
	// enclosing classes with their superclasses and subclasses (see fixtureTypes).
	Fixtures []string `json:"fixtures"`
	// Reason says why every test of the class is one class-level unit ("parameterized",
	// "inherited", "calls-test"); nil otherwise.
	Reason   *string  `json:"reason"`
	Abstract bool     `json:"abstract,omitempty"`
	Suite    []string `json:"suite,omitempty"` // class ids listed by @SuiteClasses / @SelectClasses / Enclosed
	// Ignored is set for a class annotated @Ignore or @Disabled: its tests are reported
	// skipped and run no code.
	Ignored bool `json:"ignored,omitempty"`
	// Nested is set for a Jupiter @Nested class (it runs through its enclosing class).
	Nested bool `json:"nested,omitempty"`
	// Categories are the JUnit 4 @Category classes (simple names) of the class.
	Categories []string `json:"categories,omitempty"`
}

// ClassUnit returns the class-level unit of tc (used when tc.Reason is set).
func (tc *TestClass) ClassUnit() Unit {
	u := Unit{ID: tc.ID, Test: tc.ID, Class: tc.ID, File: tc.File, Level: LevelClass,
		Line: tc.Line, EndLine: tc.EndLine, Reason: tc.Reason, Statements: [][2]int{}}
	for _, m := range tc.Methods {
		for _, s := range m.Statements {
			u.Statements = append(u.Statements, [2]int{s.Line, s.EndLine})
		}
		u.Assertions += m.Assertions
	}
	return u
}

// Units returns every distinct unit of the class's tests, in method order.
func (tc *TestClass) Units() []Unit {
	var out []Unit
	seen := map[string]bool{}
	for _, m := range tc.Methods {
		for _, u := range m.Units {
			if !seen[u.ID] {
				seen[u.ID] = true
				out = append(out, u)
			}
		}
	}
	return out
}

// Discover finds every test class of the snapshot and cuts its tests into units. It reads
// file bytes through s.Source; use DiscoverWith when the snapshot was edited in memory.
func Discover(s *analysis.Snapshot, opts Options) ([]*TestClass, error) {
	if s == nil || s.Source == nil {
		return nil, errors.New("slicing: snapshot has no source to read files from")
	}
	return DiscoverWith(s, s.Source.Read, opts)
}

// DiscoverWith is Discover reading file bytes through read. A file whose bytes do not match
// the parsed model (or cannot be read) keeps its tests, each as a method unit "unparsed".
func DiscoverWith(s *analysis.Snapshot, read func(rel string) ([]byte, error), opts Options) ([]*TestClass, error) {
	d, err := DiscoverAll(s, read, opts)
	if d == nil {
		return nil, err
	}
	return d.Classes, err
}

// analyzeFile parses a test file once and analyses every test method it declares.
// analyzeFile analyses the test methods of one file into analyses and its class heads
// into heads. tree is the file's syntax tree when the caller parsed it already (nil: it is
// parsed here); analyzeFile does not close it.
func (p *project) analyzeFile(f *analysis.File, src []byte, tree *sitter.Tree, analyses map[string]*methodAnalysis, heads map[string][]string) {
	if tree == nil {
		if tree = analysis.ParseTree(src, nil); tree == nil {
			return
		}
		defer tree.Close()
	}
	root := tree.RootNode()
	for _, t := range f.Types {
		heads[t.ID] = classHead(src, t)
		for _, m := range t.Members {
			if p.isTestMethod(t, m) {
				p.track(testKey(m.ID), func() { analyses[m.ID] = p.analyzeMethod(src, root, t, m) })
			}
		}
	}
}

// sameHeads reports whether two head maps are the same map.
func sameHeads(a, b map[string][]string) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
}

// classHead lexes the annotations and modifiers of a type declaration, up to its body.
func classHead(src []byte, t *analysis.Type) []string {
	start := lineStart(src, t.Line)
	if start < 0 {
		return nil
	}
	end := len(src)
	if e := lineStart(src, t.EndLine+1); e > start {
		end = e
	}
	if end-start > 16<<10 {
		// The head ends at the body's brace, long before the end of a large class.
		if out, ok := headTokens(src, start, start+16<<10); ok {
			return out
		}
	}
	out, _ := headTokens(src, start, end)
	return out
}

// headTokens lexes src[start:end] up to the first "{" outside parentheses, and reports
// whether it found that brace.
func headTokens(src []byte, start, end int) ([]string, bool) {
	toks := analysis.Lex(src, start, end)
	var out []string
	depth := 0
	for _, tok := range toks {
		s := tok.Text(src)
		switch s {
		case "(":
			depth++
		case ")":
			depth--
		case "{":
			if depth == 0 {
				return out, true
			}
		}
		out = append(out, s)
		if len(out) > 4000 {
			return out, true
		}
	}
	return out, false
}

func lineStart(src []byte, line int) int {
	if line <= 1 {
		return 0
	}
	n := 1
	for i, b := range src {
		if b == '\n' {
			n++
			if n == line {
				return i + 1
			}
		}
	}
	return -1
}

// isTestMethod reports whether m, declared in t, is a test in some class (see mayBeTest).
func (p *project) isTestMethod(t *analysis.Type, m *analysis.Member) bool { return p.mayBeTest(t, m) }

// testMethods returns the tests that run in t (see runs): those it declares, then those it
// inherits, with the engine facts of each by member id.
func (p *project) testMethods(t *analysis.Type) (own, inherited []memberRef) {
	for _, r := range p.runs(t, p.heads) {
		if r.ref.t == t {
			own = append(own, r.ref)
		} else {
			inherited = append(inherited, r.ref)
		}
	}
	return own, inherited
}

var fixtureAnnotations = map[string]bool{
	"Before": true, "After": true, "BeforeClass": true, "AfterClass": true, "BeforeEach": true,
	"AfterEach": true, "BeforeAll": true, "AfterAll": true, "Rule": true, "ClassRule": true,
}

// fixtureTypes returns t and the types whose fixtures run around t's tests: its project
// supertypes and, for a @Nested class, its enclosing classes with their supertypes and
// subtypes (Jupiter runs an inherited nested class inside every subclass of its enclosing
// class, whose initializers, constructors and fixtures build the enclosing instance).
func (p *project) fixtureTypes(t *analysis.Type) []*analysis.Type {
	types := append([]*analysis.Type{t}, p.supertypes(t)...)
	if !t.HasAnnotation("Nested") {
		return types
	}
	for o := p.snap.Type(t.Outer); o != nil; o = p.snap.Type(o.Outer) {
		types = append(types, o)
		types = append(types, p.supertypes(o)...)
		types = append(types, p.subtypes(o)...)
		if o.Outer == "" {
			break
		}
	}
	return types
}

// fixtures lists the members that run around every test of t: its fixture methods, the
// fields, constructors and initializers of the types building its instance, and every
// member of its extensions (see extensionTypes).
func (p *project) fixtures(t *analysis.Type) []string {
	set, fixtureSigs := map[string]bool{}, map[string]bool{}
	types := p.fixtureTypes(t)
	for _, x := range p.extensionTypes(t, p.heads) {
		for _, m := range x.Members {
			set[m.ID] = true
		}
	}
	for _, c := range types {
		for _, m := range c.Members {
			switch m.Kind {
			case analysis.KindField, analysis.KindConstructor, analysis.KindInitializer:
				set[m.ID] = true
			case analysis.KindMethod:
				fixture := (m.Name == "setUp" || m.Name == "tearDown") && len(m.Params) == 0 && p.isJUnit3(t)
				// JUnit 4's Parameterized and Theories build every test's arguments from
				// these before any test runs.
				fixture = fixture || (m.HasAnnotation("Parameters") || m.HasAnnotation("DataPoints") || m.HasAnnotation("DataPoint")) && !m.HasAnnotation("Test")
				for _, a := range m.Annotations {
					fixture = fixture || fixtureAnnotations[a]
				}
				if fixture {
					set[m.ID] = true
					fixtureSigs[sig(m)] = true
				}
			}
		}
	}
	// JUnit 4 invokes an annotated fixture through the override a subclass declares, even
	// without the annotation; Jupiter runs neither. Counting the override is safe for both.
	for _, c := range types {
		for _, m := range c.Members {
			if m.Kind == analysis.KindMethod && fixtureSigs[sig(m)] {
				set[m.ID] = true
			}
		}
	}
	return sortedKeys(set)
}

// subclassed reports whether some other test-source class extends t and runs tests.
func (p *project) testSupertypes() map[string]bool {
	out := map[string]bool{}
	for _, rel := range p.snap.SortedPaths() {
		f := p.snap.Files[rel]
		if !f.Test {
			continue
		}
		for _, t := range f.Types {
			for _, s := range p.supertypes(t) {
				own, _ := p.testMethods(s)
				if len(own) > 0 {
					out[s.ID] = true
				}
			}
		}
	}
	return out
}

// buildClass assembles the test class for t, or nil when t runs no tests.
func (p *project) buildClass(f *analysis.File, t *analysis.Type, analyses map[string]*methodAnalysis, heads map[string][]string) *TestClass {
	if t.Kind != "class" && t.Kind != "interface" {
		return nil
	}
	if !sameHeads(p.heads, heads) {
		p.heads, p.runsMemo = heads, nil
	}
	runs := p.runs(t, heads)
	var own, inherited []memberRef
	for _, r := range runs {
		if r.ref.t == t {
			own = append(own, r.ref)
		} else {
			inherited = append(inherited, r.ref)
		}
	}
	head := heads[t.ID]
	chain := p.classChain(t)
	runner := runnerOf(chain, heads)
	suite := p.suiteMembers(t, head)
	if runner == "Enclosed" {
		suite = []string{}
		for _, x := range p.fileOf(t).Types {
			if x.Outer == t.ID && x.Kind == "class" && !x.Abstract() {
				suite = append(suite, x.ID)
			}
		}
	}
	if len(runs) == 0 && suite == nil {
		return nil
	}
	tc := &TestClass{ID: t.ID, File: f.Path, Line: t.Line, EndLine: t.EndLine, Abstract: t.Abstract(), Suite: suite,
		Ignored: t.HasAnnotation("Ignore") || t.HasAnnotation("Disabled"), Categories: categories(head), Nested: t.HasAnnotation("Nested")}
	tc.Fixtures = p.fixtures(t)
	if p.supers == nil {
		p.supers = p.testSupertypes()
	}
	switch {
	case runner == "Parameterized" || runner == "JUnitParamsRunner" || runner == "Theories":
		tc.Reason = StrPtr("parameterized")
	case runsSuite(runner, t):
		tc.Reason = StrPtr("suite") // suite() decides at run time what runs
	case p.callsTest(t, own, inherited):
		tc.Reason = StrPtr("calls-test")
	}
	for _, run := range runs {
		r := run.ref
		tm := &TestMethod{ID: t.ID + "#" + r.m.Name, MemberID: r.m.ID, Class: t.ID, Declaring: r.t.ID,
			Line: r.m.Line, EndLine: r.m.EndLine, Engine: run.engine, Kind: run.kind, Disabled: run.disabled}
		if df := p.fileOf(r.t); df != nil {
			tm.File = df.Path
		}
		if run.kind != KindTest || p.hasMethodExtensions(r.t, r.m) {
			tm.Providers = p.providers(r.t, r.m)
		}
		ma := analyses[r.m.ID]
		if ma == nil {
			ma = &methodAnalysis{reason: "unparsed", line: r.m.Line, end: r.m.EndLine}
		}
		if ma.reason == "" && run.kind != KindTest && run.engine == EngineJupiter &&
			!(run.kind == KindParameterized && r.m.HasAnnotation("ParameterizedTest")) {
			// Each invocation of a repeated, dynamic or template test runs the whole
			// method; a composed annotation hides that from the statement rules. A
			// @ParameterizedTest is sliced: each invocation binds its arguments to the
			// parameters, and a rendered slice keeps the annotations that supply them.
			cp := *ma
			cp.reason = run.kind
			ma = &cp
		}
		// A test that runs in more than one class (declared in a base, or inherited by a
		// subclass) is sliced once for all of them: its unqualified calls are summarized
		// over every override in the project (withOverrides), so one slicing answers for
		// each class it runs in.
		tm.Locals, tm.Statements = ma.locals, ma.stmts
		if tm.Statements == nil {
			tm.Statements = []Statement{}
		}
		p.cut(tm, r.m, ma)
		tc.Methods = append(tc.Methods, tm)
	}
	switch {
	case tc.Abstract:
		if tc.Reason == nil && len(own) > 0 {
			tc.Reason = StrPtr(ReasonInherited)
		}
		for _, m := range tc.Methods {
			m.Units = []Unit{}
		}
	case tc.Reason != nil:
		cu := tc.ClassUnit()
		for _, m := range tc.Methods {
			m.Units = []Unit{cu}
		}
	}
	sort.SliceStable(tc.Methods, func(i, j int) bool {
		a, b := tc.Methods[i], tc.Methods[j]
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
	emptyNotNull(tc)
	return tc
}

// categories reads the classes named by @Category({A.class, B.class}) in a class head.
func categories(head []string) []string {
	var out []string
	for i := 0; i+1 < len(head); i++ {
		if head[i] == "Category" && head[i+1] == "(" {
			for j := i + 2; j < len(head) && head[j] != ")"; j++ {
				if head[j] == "class" && j >= 2 && head[j-1] == "." {
					out = append(out, head[j-2])
				}
			}
		}
	}
	return out
}

// suiteMembers reads @Suite.SuiteClasses({…}) / @SuiteClasses / @SelectClasses listings.
func (p *project) suiteMembers(t *analysis.Type, head []string) []string {
	var out []string
	found := false
	for i := 0; i+1 < len(head); i++ {
		if (head[i] == "SuiteClasses" || head[i] == "SelectClasses") && head[i+1] == "(" {
			found = true
			depth := 0
			for j := i + 1; j < len(head); j++ {
				if head[j] == "(" {
					depth++
				} else if head[j] == ")" {
					depth--
					if depth == 0 {
						break
					}
				} else if head[j] == "class" && j >= 2 && head[j-1] == "." {
					name := head[j-2]
					if ts := p.resolve(t, name); len(ts) > 0 {
						for _, x := range ts {
							out = append(out, x.ID)
						}
					} else {
						out = append(out, name)
					}
				}
			}
		}
	}
	if !found {
		return nil
	}
	if out == nil {
		out = []string{}
	}
	return out
}

// callsTest reports whether a test of t calls another test method of t.
func (p *project) callsTest(t *analysis.Type, own, inherited []memberRef) bool {
	names := map[string]bool{}
	for _, r := range append(append([]memberRef{}, own...), inherited...) {
		names[r.m.Name] = true
	}
	for _, r := range own {
		for _, c := range r.m.Refs.Calls {
			if names[c.Name] && c.Arity == len(r.m.Params) && (len(c.Receiver) == 0 || len(c.Receiver) == 1 && c.Receiver[0] == "this") {
				return true
			}
			if names[c.Name] && c.Arity == 0 && (len(c.Receiver) == 0 || len(c.Receiver) == 1 && c.Receiver[0] == "this") {
				return true
			}
		}
	}
	return false
}

// ListTests finds the test classes and methods of s by the same engine rules as
// DiscoverAll, without analysing method bodies: every test is one method unit with reason
// "unparsed". It is the cheap pass behind counts and listings.
func ListTests(s *analysis.Snapshot, read func(rel string) ([]byte, error)) ([]*TestClass, error) {
	if s == nil || read == nil {
		return nil, errors.New("slicing: nil snapshot or reader")
	}
	p := newBareProject(s, read)
	heads := map[string][]string{}
	var errs []string
	for _, rel := range s.SortedPaths() {
		f := s.Files[rel]
		if !f.Test {
			continue
		}
		src, err := p.source(rel)
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		for _, t := range f.Types {
			heads[t.ID] = classHead(src, t)
		}
	}
	var out []*TestClass
	for _, rel := range s.SortedPaths() {
		f := s.Files[rel]
		if !f.Test {
			continue
		}
		for _, t := range f.Types {
			if tc := p.buildClass(f, t, map[string]*methodAnalysis{}, heads); tc != nil {
				out = append(out, tc)
			}
		}
	}
	if len(errs) > 0 {
		return out, errors.New("slicing: " + errs[0])
	}
	return out, nil
}

// Counts are the test counts every face reports, so that they agree.
type Counts struct {
	// TestClasses counts the concrete classes that run at least one test.
	TestClasses int `json:"testClasses"`
	// DeclaredTestMethods counts distinct method declarations that run as a test in at
	// least one concrete class (an inherited test counts once).
	DeclaredTestMethods int `json:"declaredTestMethods"`
	// TestRuns counts concrete class × test method pairs: an inherited test counts once per
	// concrete class that runs it. It is what JUnit reports.
	TestRuns int `json:"testRuns"`
}

// Count counts the tests of classes; abstract classes and interfaces run nothing
// themselves.
func Count(classes []*TestClass) Counts {
	var c Counts
	declared := map[string]bool{}
	for _, tc := range classes {
		if tc.Abstract || len(tc.Methods) == 0 {
			continue
		}
		runs := 0
		for _, m := range tc.Methods {
			if m.Kind != KindSuite {
				runs++
				declared[m.MemberID] = true
			}
		}
		if runs > 0 {
			c.TestClasses++
			c.TestRuns += runs
		}
	}
	c.DeclaredTestMethods = len(declared)
	return c
}
