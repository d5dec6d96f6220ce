package slicing

import (
	"strings"

	"github.com/assertlens/assertlens/analysis"
)

// Engines that run tests, as they appear in JSON.
const (
	EngineJUnit3  = "junit3"  // junit.framework.TestCase subclasses (run by Vintage)
	EngineJUnit4  = "junit4"  // org.junit.Test and runners (run by Vintage)
	EngineJupiter = "jupiter" // org.junit.jupiter.api
)

// Kinds of test methods, as they appear in JSON.
const (
	KindTest          = "test"
	KindParameterized = "parameterized"
	KindRepeated      = "repeated"
	KindDynamic       = "dynamic"
	KindTemplate      = "template"
	KindTheory        = "theory"
	// KindSuite marks a JUnit 3 static suite() method: the tests it builds are known only
	// at run time, so it stands for them (its class runs whole; it is no test itself).
	KindSuite = "suite"
)

// testRun is one test method as it runs in one class: the declaration that runs (the most
// derived one), the engine that runs it and its kind.
type testRun struct {
	ref      memberRef
	engine   string
	kind     string
	disabled bool
}

// sig is a method's signature key within a class hierarchy.
func sig(m *analysis.Member) string { return m.Name + "(" + strings.Join(m.Params, ",") + ")" }

// hasBody reports whether a method has a body (is neither abstract nor an interface's
// abstract method).
func hasBody(m *analysis.Member) bool {
	return m.BodyEnd > m.BodyStart && !hasString(m.Modifiers, "abstract")
}

// classChain returns t followed by its project superclasses, nearest first.
func (p *project) classChain(t *analysis.Type) []*analysis.Type {
	out := []*analysis.Type{t}
	seen := map[string]bool{t.ID: true}
	for cur := t; cur.Kind == "class" && len(cur.Extends) > 0; {
		sup := p.superOf(cur, cur.Extends[0])
		if len(sup) == 0 || seen[sup[0].ID] || sup[0].Kind != "class" {
			break
		}
		cur = sup[0]
		seen[cur.ID] = true
		out = append(out, cur)
	}
	return out
}

// hierarchy returns the class chain of t followed by every project interface it or its
// superclasses implement (and their superinterfaces), nearest first: the order in which
// Jupiter lets a declaration hide the ones it overrides.
func (p *project) hierarchy(t *analysis.Type) []*analysis.Type {
	out := p.classChain(t)
	seen := map[string]bool{}
	for _, c := range out {
		seen[c.ID] = true
	}
	queue := append([]*analysis.Type{}, out...)
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		names := cur.Implements
		if cur.Kind == "interface" {
			names = append(append([]string{}, cur.Extends...), cur.Implements...)
		}
		for _, n := range names {
			for _, s := range p.superOf(cur, n) {
				if !seen[s.ID] && s.Kind == "interface" {
					seen[s.ID] = true
					out = append(out, s)
					queue = append(queue, s)
				}
			}
		}
	}
	return out
}

// annotationTest says whether the annotation a, written on a method declared in decl, makes
// that method a test: for which engine and of which kind ("" when it does not).
func (p *project) annotationTest(decl *analysis.Type, a string) (engine, kind string) {
	switch a {
	case "ParameterizedTest":
		return EngineJupiter, KindParameterized
	case "RepeatedTest":
		return EngineJupiter, KindRepeated
	case "TestFactory":
		return EngineJupiter, KindDynamic
	case "TestTemplate":
		return EngineJupiter, KindTemplate
	case "Test":
		return p.testEngine(decl), KindTest
	}
	if e, k := p.composed(decl, a, 0); e != "" {
		return e, k
	}
	if k, ok := libraryTestAnnotations[a]; ok && len(p.resolve(decl, a)) == 0 {
		return EngineJupiter, k
	}
	return "", ""
}

// libraryTestAnnotations are composed Jupiter test annotations that common test libraries
// ship (their meta-annotations are out of sight in jars): JUnit Pioneer's @CartesianTest
// and @RetryingTest, rerunner-jupiter's @RepeatedIfExceptionsTest, JUnit's own
// @ParameterizedClass-era @FieldSource-free templates. A project type of the same name wins.
var libraryTestAnnotations = map[string]string{
	"CartesianTest":            KindParameterized,
	"RetryingTest":             KindRepeated,
	"RepeatedIfExceptionsTest": KindRepeated,
}

// testEngine decides which @Test a type's file means, from its imports: org.junit.Test
// (JUnit 4) or org.junit.jupiter.api.Test. Without an import naming either, a file that
// imports anything from Jupiter means Jupiter's; otherwise JUnit 4's.
func (p *project) testEngine(decl *analysis.Type) string {
	f := p.fileOf(decl)
	if f == nil {
		return EngineJUnit4
	}
	j4, j5, jupiterAny := false, false, false
	for _, imp := range f.Imports {
		if imp.Static {
			continue
		}
		switch {
		case !imp.OnDemand && imp.Name == "org.junit.Test":
			return EngineJUnit4
		case !imp.OnDemand && imp.Name == "org.junit.jupiter.api.Test":
			return EngineJupiter
		case imp.OnDemand && imp.Name == "org.junit":
			j4 = true
		case imp.OnDemand && imp.Name == "org.junit.jupiter.api":
			j5 = true
		}
		jupiterAny = jupiterAny || strings.HasPrefix(imp.Name, "org.junit.jupiter")
	}
	switch {
	case j5 && !j4:
		return EngineJupiter
	case j4:
		return EngineJUnit4
	case jupiterAny:
		return EngineJupiter
	}
	return EngineJUnit4
}

// composed follows a project annotation type to the Jupiter test annotations it is
// meta-annotated with, transitively (JUnit 4 knows no meta-annotations).
func (p *project) composed(from *analysis.Type, a string, depth int) (engine, kind string) {
	if depth > 8 {
		return "", ""
	}
	for _, at := range p.resolve(from, a) {
		if at.Kind != "annotation" {
			continue
		}
		for _, meta := range at.Annotations {
			if meta == a {
				continue
			}
			var e, k string
			if meta == "Test" {
				if p.testEngine(at) == EngineJupiter {
					e, k = EngineJupiter, KindTest
				}
			} else if analysis.TestAnnotations[meta] {
				e, k = p.annotationTest(at, meta)
			} else {
				e, k = p.composed(at, meta, depth+1)
			}
			if e == EngineJupiter {
				return e, k
			}
		}
	}
	return "", ""
}

// methodTest says whether m, as declared in decl, carries an annotation that makes it a test
// of engine (any engine when engine is "").
func (p *project) methodTest(decl *analysis.Type, m *analysis.Member, engine string) (string, string) {
	if m.Kind != analysis.KindMethod {
		return "", ""
	}
	for _, a := range m.Annotations {
		if e, k := p.annotationTest(decl, a); e != "" && (engine == "" || e == engine) {
			return e, k
		}
	}
	return "", ""
}

// junit3Bases are library superclasses known to be JUnit 3 test cases besides any class
// whose simple name ends in TestCase.
var junit3Bases = map[string]bool{"TestCase": true}

// isJUnit3 reports whether t is a JUnit 3 TestCase: its chain of superclasses, through any
// depth of project classes, ends in TestCase or a library subclass of it.
func (p *project) isJUnit3(t *analysis.Type) bool {
	chain := p.classChain(t)
	last := chain[len(chain)-1]
	if last.Kind != "class" || len(last.Extends) == 0 {
		return false
	}
	name := simple(analysis.EraseType(last.Extends[0]))
	if len(p.superOf(last, name)) > 0 {
		return false // a project type we could not follow (a cycle or a non-class)
	}
	return junit3Bases[name] || strings.HasSuffix(name, "TestCase")
}

func simple(name string) string {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		return name[i+1:]
	}
	return name
}

// isJUnit3Test reports whether m has the shape JUnit 3 runs as a test.
func isJUnit3Test(m *analysis.Member) bool {
	return m.Kind == analysis.KindMethod && strings.HasPrefix(m.Name, "test") && len(m.Params) == 0 &&
		m.Access == "public" && !m.Static() && m.ReturnType == "void"
}

// mayBeTest reports whether m, declared in t, is a test in some class: annotated as one
// (directly or through a composed annotation), a JUnit 3 test* method of a TestCase, or a
// JUnit 4 override of a method annotated @Test higher up the class chain.
func (p *project) mayBeTest(t *analysis.Type, m *analysis.Member) bool {
	if m.Kind != analysis.KindMethod {
		return false
	}
	if e, _ := p.methodTest(t, m, ""); e != "" {
		return true
	}
	if isJUnit3Test(m) && p.isJUnit3(t) || isSuiteMethod(m) {
		return true
	}
	if m.Static() {
		return false
	}
	s := sig(m)
	for _, c := range p.classChain(t)[1:] {
		for _, x := range c.Members {
			if x.Kind == analysis.KindMethod && sig(x) == s {
				if e, _ := p.methodTest(c, x, EngineJUnit4); e != "" {
					return true
				}
				if x.HasAnnotation("Theory") {
					return true
				}
			}
		}
	}
	return false
}

// innerClass reports whether t is a non-static member class of a class or enum (member
// types of interfaces and annotations are implicitly static).
func (p *project) innerClass(t *analysis.Type) bool {
	if t.Outer == "" || t.Kind != "class" || hasString(t.Modifiers, "static") {
		return false
	}
	o := p.snap.Type(t.Outer)
	return o != nil && (o.Kind == "class" || o.Kind == "enum" || o.Kind == "record")
}

// runnerOf returns the simple name of the JUnit 4 runner of t (@RunWith is inherited), or "".
func runnerOf(chain []*analysis.Type, heads map[string][]string) string {
	for _, c := range chain {
		h := heads[c.ID]
		for i := 0; i+1 < len(h); i++ {
			if h[i] == "RunWith" && h[i+1] == "(" {
				last := ""
				for j := i + 2; j < len(h) && h[j] != ")"; j++ {
					if h[j] == "class" {
						break
					}
					if h[j] != "." {
						last = h[j]
					}
				}
				return last
			}
		}
	}
	return ""
}

// runsSuite reports whether JUnit 4 runs t through its static suite() instead of its own
// methods: t has no runner, or AllTests, which runs nothing else (Guava testlib suites are
// plain classes with @RunWith(AllTests.class)).
func runsSuite(runner string, t *analysis.Type) bool {
	return (runner == "" || runner == "AllTests") && suiteMethod(t) != nil
}

// suiteMethod reports whether t declares JUnit 3's static suite() method, which JUnit 4
// and Vintage run instead of the class's own methods.
func suiteMethod(t *analysis.Type) *analysis.Member {
	for _, m := range t.Members {
		if isSuiteMethod(m) {
			return m
		}
	}
	return nil
}

// isSuiteMethod reports whether m is JUnit 3's public static Test suite().
func isSuiteMethod(m *analysis.Member) bool {
	return m.Kind == analysis.KindMethod && m.Name == "suite" && len(m.Params) == 0 && m.Static() && m.ReturnType == "Test"
}

// junit3Runs adds the public void no-argument test* methods of a TestCase's class chain,
// one per name, the most derived declaration running.
func (p *project) junit3Runs(chain []*analysis.Type, impl func(string) memberRef, add func(memberRef, string, string, bool)) {
	names := map[string]bool{}
	for _, c := range chain {
		for _, m := range c.Members {
			if m.Kind != analysis.KindMethod || names[m.Name] || !strings.HasPrefix(m.Name, "test") {
				continue
			}
			names[m.Name] = true
			if isJUnit3Test(m) {
				if r := impl(sig(m)); r.m != nil {
					add(r, EngineJUnit3, KindTest, false)
				}
			}
		}
	}
}

// runs lists the tests that run in t following each engine's own rules:
//
//   - JUnit 3: public void no-argument test* methods of the class and its superclasses,
//     one per name, the most derived declaration running; none when a suite() method
//     replaces them.
//   - JUnit 4: a method is a test when it or any method it overrides up the class chain is
//     annotated @Test (the runner collects annotated methods over the hierarchy and invokes
//     the override); @Theory under the Theories runner; nothing of its own under the Suite
//     and Enclosed runners.
//   - Jupiter: annotations are not inherited by overrides: the most derived declaration of
//     each signature, over superclasses and implemented interfaces (default methods), is a
//     test when it is annotated itself, directly or by a composed annotation.
//
// For abstract classes (which run nothing themselves) the same rules give the tests their
// concrete subclasses inherit; abstract declarations stand in for missing implementations.
func (p *project) runs(t *analysis.Type, heads map[string][]string) []testRun {
	if t.Kind != "class" && t.Kind != "interface" {
		return nil
	}
	if r, ok := p.runsMemo[t]; ok && len(p.frames) == 0 {
		return r
	}
	r := p.computeRuns(t, heads)
	if len(p.frames) == 0 {
		if p.runsMemo == nil {
			p.runsMemo = map[*analysis.Type][]testRun{}
		}
		p.runsMemo[t] = r
	}
	return r
}

// computeRuns is runs without the memo.
func (p *project) computeRuns(t *analysis.Type, heads map[string][]string) []testRun {
	var out []testRun
	seen := map[string]bool{} // engine + signature
	add := func(r memberRef, engine, kind string, disabled bool) {
		if key := engine + " " + sig(r.m); !seen[key] {
			seen[key] = true
			out = append(out, testRun{ref: r, engine: engine, kind: kind, disabled: disabled})
		}
	}
	if t.Kind == "interface" {
		for _, m := range t.Members {
			if e, k := p.methodTest(t, m, EngineJupiter); e != "" {
				add(memberRef{m, t}, e, k, m.HasAnnotation("Disabled"))
			}
		}
		return out
	}
	if p.innerClass(t) && !t.HasAnnotation("Nested") {
		return nil // neither engine instantiates a non-static inner class it was not told to nest
	}
	chain := p.classChain(t)
	abstract := t.Abstract()
	// impl returns the most derived declaration of s in the chain.
	impl := func(s string) memberRef {
		for _, c := range chain {
			for _, m := range c.Members {
				if m.Kind == analysis.KindMethod && sig(m) == s && (hasBody(m) || abstract) {
					return memberRef{m, c}
				}
			}
		}
		return memberRef{}
	}
	classIgnored := t.HasAnnotation("Ignore")
	runner := runnerOf(chain, heads)
	switch {
	case runner == "Suite" || runner == "Enclosed":
		// The runner runs the listed or nested classes, not methods of this one.
	case runsSuite(runner, t):
		add(memberRef{suiteMethod(t), t}, EngineJUnit4, KindSuite, false)
		if p.isJUnit3(t) {
			p.junit3Runs(chain, impl, add)
		}
	case runner == "" && p.isJUnit3(t):
		p.junit3Runs(chain, impl, add)
	default:
		kind := KindTest
		switch runner {
		case "Parameterized", "JUnitParamsRunner", "Parameterized.class":
			kind = KindParameterized
		case "Theories":
			kind = KindTheory
		}
		for _, c := range chain {
			for _, m := range c.Members {
				if m.Kind != analysis.KindMethod || m.Static() {
					continue
				}
				e, _ := p.methodTest(c, m, EngineJUnit4)
				if e == "" && !(runner == "Theories" && m.HasAnnotation("Theory")) {
					continue
				}
				if r := impl(sig(m)); r.m != nil {
					add(r, EngineJUnit4, kind, classIgnored || m.HasAnnotation("Ignore") || r.m.HasAnnotation("Ignore"))
				}
			}
		}
	}
	// Jupiter: the most derived declaration of each signature decides.
	hidden := map[string]bool{}
	for _, c := range p.hierarchy(t) {
		for _, m := range c.Members {
			if m.Kind != analysis.KindMethod {
				continue
			}
			s := sig(m)
			if hidden[s] {
				continue
			}
			hidden[s] = true
			e, k := p.methodTest(c, m, EngineJupiter)
			if e == "" || m.Static() || m.Access == "private" || !hasBody(m) {
				continue
			}
			add(memberRef{m, c}, e, k, t.HasAnnotation("Disabled") || m.HasAnnotation("Disabled"))
		}
	}
	return out
}
