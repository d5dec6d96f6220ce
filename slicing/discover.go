package slicing

import (
	"errors"
	"sort"
	"strings"

	"github.com/assertlens/assertlens/analysis"
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
	// Assertions counts the assertion statements of the method, nested ones included: the
	// number its units cover together, whatever level they were cut at.
	Assertions int `json:"assertions"`
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
	// enclosing classes.
	Fixtures []string `json:"fixtures"`
	// Reason says why every test of the class is one class-level unit ("parameterized",
	// "inherited", "calls-test"); nil otherwise.
	Reason   *string  `json:"reason"`
	Abstract bool     `json:"abstract,omitempty"`
	Suite    []string `json:"suite,omitempty"` // class ids listed by @SuiteClasses / @SelectClasses
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
func (p *project) analyzeFile(f *analysis.File, src []byte, analyses map[string]*methodAnalysis, heads map[string][]string) {
	tree := analysis.ParseTree(src, nil)
	if tree == nil {
		return
	}
	defer tree.Close()
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
				return out
			}
		}
		out = append(out, s)
		if len(out) > 4000 {
			break
		}
	}
	return out
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

// isJUnit3 reports whether t is a JUnit 3 TestCase, directly or through project classes.
func (p *project) isJUnit3(t *analysis.Type) bool {
	return hasString(t.Extends, "TestCase") || p.extendsExternal(t, "TestCase")
}

// isTestMethod reports whether m is a test of t: JUnit 4/5 annotated, or a JUnit 3
// public void no-argument test* method of a TestCase subclass.
func (p *project) isTestMethod(t *analysis.Type, m *analysis.Member) bool {
	if m.Kind != analysis.KindMethod {
		return false
	}
	for _, a := range m.Annotations {
		if analysis.TestAnnotations[a] {
			return true
		}
	}
	return strings.HasPrefix(m.Name, "test") && len(m.Params) == 0 && m.Access == "public" &&
		!m.Static() && m.ReturnType == "void" && p.isJUnit3(t)
}

// testMethods returns the tests that run in t: its own, then inherited ones not overridden.
func (p *project) testMethods(t *analysis.Type) (own, inherited []memberRef) {
	sigs := map[string]bool{}
	for _, m := range t.Members {
		if m.Kind == analysis.KindMethod {
			sigs[m.Name+"("+strings.Join(m.Params, ",")+")"] = true
			if p.isTestMethod(t, m) {
				own = append(own, memberRef{m, t})
			}
		}
	}
	if t.Abstract() && t.Kind == "interface" {
		return own, nil
	}
	for _, s := range p.supertypes(t) {
		for _, m := range s.Members {
			if m.Kind != analysis.KindMethod {
				continue
			}
			sig := m.Name + "(" + strings.Join(m.Params, ",") + ")"
			if sigs[sig] {
				continue
			}
			sigs[sig] = true
			if p.isTestMethod(s, m) || p.isJUnit3(t) && p.isTestMethod(t, m) {
				inherited = append(inherited, memberRef{m, s})
			}
		}
	}
	return own, inherited
}

var fixtureAnnotations = map[string]bool{
	"Before": true, "After": true, "BeforeClass": true, "AfterClass": true, "BeforeEach": true,
	"AfterEach": true, "BeforeAll": true, "AfterAll": true, "Rule": true, "ClassRule": true,
}

// fixtures lists the members that run around every test of t.
func (p *project) fixtures(t *analysis.Type) []string {
	set := map[string]bool{}
	types := append([]*analysis.Type{t}, p.supertypes(t)...)
	if t.HasAnnotation("Nested") {
		for o := p.snap.Type(t.Outer); o != nil; o = p.snap.Type(o.Outer) {
			types = append(types, o)
			types = append(types, p.supertypes(o)...)
			if o.Outer == "" {
				break
			}
		}
	}
	for _, c := range types {
		for _, m := range c.Members {
			switch m.Kind {
			case analysis.KindField, analysis.KindConstructor, analysis.KindInitializer:
				set[m.ID] = true
			case analysis.KindMethod:
				fixture := (m.Name == "setUp" || m.Name == "tearDown") && len(m.Params) == 0 && p.isJUnit3(t)
				for _, a := range m.Annotations {
					fixture = fixture || fixtureAnnotations[a]
				}
				if fixture {
					set[m.ID] = true
				}
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
	own, inherited := p.testMethods(t)
	head := heads[t.ID]
	suite := p.suiteMembers(t, head)
	if len(own)+len(inherited) == 0 && suite == nil {
		return nil
	}
	tc := &TestClass{ID: t.ID, File: f.Path, Line: t.Line, EndLine: t.EndLine, Abstract: t.Abstract(), Suite: suite}
	tc.Fixtures = p.fixtures(t)
	if p.supers == nil {
		p.supers = p.testSupertypes()
	}
	switch {
	case runsWith(head, "Parameterized", "JUnitParamsRunner", "Theories", "Parameterized.class"):
		tc.Reason = StrPtr("parameterized")
	case len(inherited) > 0 || (len(own) > 0 && p.supers[t.ID]):
		tc.Reason = StrPtr("inherited")
	case p.callsTest(t, own, inherited):
		tc.Reason = StrPtr("calls-test")
	}
	for _, r := range append(append([]memberRef{}, own...), inherited...) {
		tm := &TestMethod{ID: t.ID + "#" + r.m.Name, MemberID: r.m.ID, Class: t.ID, Declaring: r.t.ID,
			Line: r.m.Line, EndLine: r.m.EndLine}
		if df := p.fileOf(r.t); df != nil {
			tm.File = df.Path
		}
		ma := analyses[r.m.ID]
		if ma == nil {
			ma = &methodAnalysis{reason: "unparsed", line: r.m.Line, end: r.m.EndLine}
		}
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
			tc.Reason = StrPtr("inherited")
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
	return tc
}

// runsWith reports whether the class head has @RunWith(X.class) for one of names.
func runsWith(head []string, names ...string) bool {
	for i := 0; i+3 < len(head); i++ {
		if head[i] == "RunWith" && head[i+1] == "(" {
			for j := i + 2; j < len(head) && head[j] != ")"; j++ {
				for _, n := range names {
					if head[j] == n {
						return true
					}
				}
			}
		}
	}
	return false
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
