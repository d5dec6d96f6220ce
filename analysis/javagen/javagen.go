// Package javagen writes a synthetic, deterministic Java project for benchmarks: packages of
// production classes with class hierarchies, interfaces (with default methods), fields of
// other classes' types, calls between classes, static constants, and JUnit 5 test classes
// with several assertions each. The defaults give about 300k lines, the size the design's
// performance targets are stated for. Options.Shape = ShapeLibrary (the Library options,
// SharedLibrary) writes instead a project shaped like a numerical library such as
// commons-math, whose interface hierarchies, generics, anonymous classes and abstract
// JUnit 4 tests are what make real libraries slow to analyse.
package javagen

import (
	"embed"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Options size the generated project.
type Options struct {
	Classes     int   // production classes (interfaces come on top, one per ten classes)
	TestClasses int   // JUnit test classes, each testing one production class
	Seed        int64 // the same seed writes the same project
	// Shape chooses the kind of project; the zero value is the layered application.
	// With ShapeLibrary, Classes and TestClasses count production and test files.
	Shape Shape
}

// Shape is the kind of project Write generates.
type Shape int

const (
	// ShapeLayered is a layered application (the default): most coupling stays inside a
	// package, a few service interfaces make hubs, JUnit 5 tests with a few assertions.
	ShapeLayered Shape = iota
	// ShapeLibrary reproduces what makes a numerical library such as commons-math 3.6.1
	// slow to analyse: interface hierarchies five and six levels deep with calls on
	// interface-typed receivers (dispatch to hundreds of implementations), bounded generics
	// (T extends Element<T>), generic methods and List/Map-typed fields, many anonymous
	// classes, lambdas and method references, static utility hubs, exceptions built from a
	// message enum, JUnit 4 abstract test classes whose tests run in several subclasses, and
	// long test files (2,000 to 5,000 lines) with many assertions per test. See writeLibrary.
	ShapeLibrary
)

// Default is the benchmark project: 2850 production classes, 680 test classes, ≈300k lines.
var Default = Options{Classes: 2850, TestClasses: 680, Seed: 1}

// classesPerPackage groups classes into packages.
const classesPerPackage = 50

// ifacesPerPackage is the number of service interfaces each package's classes implement.
const ifacesPerPackage = 5

// crossPackagePercent is the share of field dependencies on a class of a lower package;
// the rest point to an earlier class of the same package. Like a layered application, most
// coupling stays local, so one edit reaches a part of the project, not all of it.
const crossPackagePercent = 15

// methodsPerClass is the number of m<i>(int) methods of every class.
const methodsPerClass = 7

// ClassID returns the type id of production class i ("com.example.p03.C0123").
func ClassID(i int) string { return pkgOf(i) + "." + className(i) }

// ClassPath returns the relative path of production class i.
func ClassPath(i int) string {
	return "src/main/java/" + strings.ReplaceAll(pkgOf(i), ".", "/") + "/" + className(i) + ".java"
}

// MethodID returns the member id of method m<k>(int) of production class i.
func MethodID(i, k int) string { return fmt.Sprintf("%s#m%d(int)", ClassID(i), k) }

func pkgOf(i int) string     { return fmt.Sprintf("com.example.p%02d", i/classesPerPackage) }
func className(i int) string { return fmt.Sprintf("C%04d", i) }
func ifaceName(k int) string { return fmt.Sprintf("I%03d", k) }
func ifacePkg(int) string    { return "com.example.api" }

// TestPath returns the relative path of test class j of a project with the given number of
// production classes.
func TestPath(j, classes int) string {
	target := testTarget(j, classes)
	return "src/test/java/" + strings.ReplaceAll(pkgOf(target), ".", "/") + "/" + testName(j, target) + ".java"
}

func testTarget(j, classes int) int { return (j * 7919) % classes }
func testName(j, target int) string { return className(target) + fmt.Sprintf("T%dTest", j) }

// Write generates the project into dir (created if needed). The same options always write
// the same files.
func Write(dir string, opt Options) error {
	if opt.Classes <= 0 {
		return fmt.Errorf("javagen: Classes must be positive, got %d", opt.Classes)
	}
	if opt.Shape == ShapeLibrary {
		return writeLibrary(dir, opt)
	}
	packages := (opt.Classes + classesPerPackage - 1) / classesPerPackage
	g := &gen{opt: opt, rng: rand.New(rand.NewPCG(uint64(opt.Seed), 0x5eed)), ifaces: packages * ifacesPerPackage}
	g.plan()
	write := func(rel, content string) error {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("javagen: create folder for %s: %w", rel, err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			return fmt.Errorf("javagen: write %s: %w", rel, err)
		}
		return nil
	}
	for k := 0; k < g.ifaces; k++ {
		rel := "src/main/java/" + strings.ReplaceAll(ifacePkg(k), ".", "/") + "/" + ifaceName(k) + ".java"
		if err := write(rel, g.iface(k)); err != nil {
			return err
		}
	}
	for i := 0; i < opt.Classes; i++ {
		if err := write(ClassPath(i), g.class(i)); err != nil {
			return err
		}
	}
	for j := 0; j < opt.TestClasses; j++ {
		if err := write(TestPath(j, opt.Classes), g.test(j, testTarget(j, opt.Classes))); err != nil {
			return err
		}
	}
	return write("pom.xml", pom)
}

const pom = `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.example</groupId>
  <artifactId>generated</artifactId>
  <version>1.0</version>
</project>
`

// gen holds the random plan of the project: who extends whom, which interface each class
// implements, and the types of each class's fields.
type gen struct {
	opt    Options
	rng    *rand.Rand
	ifaces int
	super  []int   // superclass index, -1 for none
	impl   []int   // implemented interface
	deps   [][]int // field types (class indexes)
	svc    []int   // a class implementing the interface of the field "svc"
}

func (g *gen) plan() {
	n := g.opt.Classes
	g.super = make([]int, n)
	g.impl = make([]int, n)
	g.deps = make([][]int, n)
	g.svc = make([]int, n)
	for i := 0; i < n; i++ {
		g.super[i] = -1
		base := i - i%classesPerPackage
		if i%10 == 9 && i > base {
			g.super[i] = base + g.rng.IntN(i-base) // one class in ten extends an earlier one of its package
		}
		g.impl[i] = (i/classesPerPackage)*ifacesPerPackage + i%ifacesPerPackage
		// Dependencies point to earlier classes only: field initializers that create each
		// other in a cycle would never finish constructing in a real program.
		for d := 0; d < 3 && i > 0; d++ {
			g.deps[i] = append(g.deps[i], g.lower(i, base))
		}
		g.svc[i] = -1
		if i > 0 {
			g.svc[i] = g.lower(i, base)
		}
	}
}

// lower picks an earlier class than i: mostly of the same package (which starts at base),
// sometimes of a lower package.
func (g *gen) lower(i, base int) int {
	local := i > base && (base == 0 || g.rng.IntN(100) >= crossPackagePercent)
	if local {
		return base + g.rng.IntN(i-base)
	}
	return g.rng.IntN(base)
}

func (g *gen) iface(k int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "package %s;\n\n/** Generated service interface %d. */\npublic interface %s {\n", ifacePkg(k), k, ifaceName(k))
	b.WriteString("    int api0(int x);\n\n    int api1(int x);\n\n")
	b.WriteString("    default int api2(int x) {\n        return api0(x) + api1(x);\n    }\n}\n")
	return b.String()
}

func (g *gen) class(i int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "package %s;\n\n", pkgOf(i))
	imports := map[string]bool{ifacePkg(0) + "." + ifaceName(g.impl[i]): true}
	svcIface, svcInit := ifaceName(g.impl[i]), "this"
	if g.svc[i] >= 0 {
		svcIface, svcInit = ifaceName(g.impl[g.svc[i]]), "new "+className(g.svc[i])+"()"
	}
	imports[ifacePkg(0)+"."+svcIface] = true
	for _, d := range append(append([]int{}, g.deps[i]...), g.svc[i]) {
		if d >= 0 && pkgOf(d) != pkgOf(i) {
			imports[ClassID(d)] = true
		}
	}
	if g.super[i] >= 0 && pkgOf(g.super[i]) != pkgOf(i) {
		imports[ClassID(g.super[i])] = true
	}
	for _, imp := range sortedKeys(imports) {
		fmt.Fprintf(&b, "import %s;\n", imp)
	}
	fmt.Fprintf(&b, "\n/** Generated class %d. */\npublic class %s", i, className(i))
	if g.super[i] >= 0 {
		fmt.Fprintf(&b, " extends %s", className(g.super[i]))
	}
	fmt.Fprintf(&b, " implements %s {\n", ifaceName(g.impl[i]))
	fmt.Fprintf(&b, "    public static final int LIMIT = %d;\n", 10+i%90)
	for d, dep := range g.deps[i] {
		fmt.Fprintf(&b, "    private final %s dep%d = new %s();\n", className(dep), d, className(dep))
	}
	fmt.Fprintf(&b, "    private final %s svc = %s;\n", svcIface, svcInit)
	fmt.Fprintf(&b, "    protected int counter%d;\n\n", i)
	fmt.Fprintf(&b, "    public %s() {\n        counter%d = LIMIT;\n    }\n", className(i), i)
	for k := 0; k < methodsPerClass; k++ {
		g.method(&b, i, k)
	}
	for k := 0; k < 2; k++ {
		fmt.Fprintf(&b, "\n    @Override\n    public int api%d(int x) {\n        return m%d(x) + counter%d;\n    }\n", k, k, i)
	}
	b.WriteString("}\n")
	return b.String()
}

// method writes m<k>(int): a loop and a branch calling other classes through fields, the
// service interface, a local of another class, and this class's own methods.
func (g *gen) method(b *strings.Builder, i, k int) {
	fmt.Fprintf(b, "\n    public int m%d(int x) {\n", k)
	fmt.Fprintf(b, "        int acc = x + counter%d;\n", i)
	fmt.Fprintf(b, "        for (int j = 0; j < %d; j++) {\n", 2+k%3)
	if len(g.deps[i]) == 0 {
		// The first class has nothing earlier to depend on.
		b.WriteString("            acc += j;\n        }\n        return acc;\n    }\n")
		return
	}
	dep := g.rng.IntN(len(g.deps[i]))
	callee := g.rng.IntN(methodsPerClass)
	other := g.deps[i][(dep+1)%len(g.deps[i])]
	if k < 2 {
		// Only the first methods call out: keeps the call graph acyclic enough to stay cheap
		// while every class still reaches others.
		fmt.Fprintf(b, "            acc += dep%d.m%d(j);\n", dep, (callee+1)%methodsPerClass)
	} else {
		fmt.Fprintf(b, "            acc += m%d(j) %% 3;\n", k-1)
	}
	b.WriteString("        }\n")
	if k == 3 {
		// One method per class goes through the service interface: dynamic dispatch fans
		// out to every implementation, so a few such calls are what makes hubs.
		b.WriteString("        if (acc > LIMIT) {\n            acc -= svc.api1(acc);\n        }\n")
	}
	if k == methodsPerClass-1 {
		fmt.Fprintf(b, "        %s helper = new %s();\n        acc += helper.m0(acc) %% 7;\n", className(other), className(other))
	}
	b.WriteString("        return acc;\n    }\n")
}

func (g *gen) test(j, target int) string {
	var b strings.Builder
	name := testName(j, target)
	fmt.Fprintf(&b, "package %s;\n\n", pkgOf(target))
	b.WriteString("import static org.junit.jupiter.api.Assertions.assertEquals;\nimport static org.junit.jupiter.api.Assertions.assertTrue;\n\n")
	b.WriteString("import org.junit.jupiter.api.BeforeEach;\nimport org.junit.jupiter.api.Test;\n\n")
	fmt.Fprintf(&b, "/** Generated tests %d for %s. */\nclass %s {\n", j, className(target), name)
	fmt.Fprintf(&b, "    private %s subject;\n\n", className(target))
	fmt.Fprintf(&b, "    @BeforeEach\n    void setUp() {\n        subject = new %s();\n    }\n", className(target))
	for k := 0; k < 5; k++ {
		m := (j + k) % methodsPerClass
		fmt.Fprintf(&b, "\n    @Test\n    void m%dCase%d() {\n", m, k)
		fmt.Fprintf(&b, "        int first = subject.m%d(%d);\n", m, k)
		fmt.Fprintf(&b, "        int second = subject.m%d(%d);\n", m, k)
		b.WriteString("        assertEquals(first, second);\n")
		fmt.Fprintf(&b, "        assertTrue(first > -1000000);\n")
		fmt.Fprintf(&b, "        assertEquals(%s.LIMIT, %d);\n", className(target), 10+target%90)
		b.WriteString("    }\n")
	}
	b.WriteString("}\n")
	return b.String()
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Shared writes the Default project once into a fixed folder under the system temp dir and
// returns it; later calls (from any benchmark binary) reuse it. A marker file written last
// tells a complete project from an interrupted one, or from one written with other options
// or an older generator.
func Shared() (string, error) {
	// The marker names the fields Default sets, as it did before Options had a Shape, so
	// that projects already written stay valid.
	want := fmt.Sprintf("{Classes:%d TestClasses:%d Seed:%d} generator v2\n", Default.Classes, Default.TestClasses, Default.Seed)
	return shared("assertlens-bench-project", Default, want)
}

// SharedLibrary is Shared for the Library project (ShapeLibrary), in its own folder.
func SharedLibrary() (string, error) {
	return shared("assertlens-bench-library", Library, fmt.Sprintf("%+v library generator v2\n", Library))
}

func shared(name string, opt Options, want string) (string, error) {
	dir := filepath.Join(os.TempDir(), name)
	marker := filepath.Join(dir, ".complete")
	if got, err := os.ReadFile(marker); err == nil && string(got) == want {
		return dir, nil
	}
	if err := os.RemoveAll(dir); err != nil {
		return "", fmt.Errorf("javagen: clear %s: %w", dir, err)
	}
	if err := Write(dir, opt); err != nil {
		return "", err
	}
	if err := os.WriteFile(marker, []byte(want), 0o644); err != nil {
		return "", fmt.Errorf("javagen: mark %s complete: %w", dir, err)
	}
	return dir, nil
}

// Library is the library-shaped benchmark project (ShapeLibrary), sized like commons-math
// 3.6.1 (about 1,600 files and 350k lines): 39 packages of 25 production files around a
// core package, 595 JUnit 4 test files.
var Library = Options{Shape: ShapeLibrary, Classes: 1000, TestClasses: 600, Seed: 1}

// The library project's layout: a core package (libCoreMain production files, libCoreTests
// test files) and packages of libPackageFiles production files each: five interfaces
// extending one another, an Element implementation and its Field, two abstract classes, a
// solver, a generic vector, a utility class, an enum and libModels concrete models. Each
// package has seven test files beside its subclasses of the abstract model test.
const (
	libRoot         = "org.example.lib"
	libCore         = libRoot + ".core"
	libCoreMain     = 22
	libCoreTests    = 10
	libModels       = 12
	libPackageFiles = 13 + libModels
	libFixedTests   = 7
)

var libTopics = []string{"Spline", "Grid", "Kernel", "Filter", "Series", "Basis", "Mesh", "Norm",
	"Flow", "Quad", "Ode", "Fit", "Stat", "Rand", "Geo"}

// lib is the plan of a library project.
type lib struct {
	opt      Options
	packages int
	subTests int // concrete subclasses of each package's abstract model test
}

func newLib(opt Options) lib {
	l := lib{opt: opt, packages: (opt.Classes - libCoreMain + libPackageFiles/2) / libPackageFiles}
	if l.packages < 1 {
		l.packages = 1
	}
	l.subTests = (opt.TestClasses-libCoreTests)/l.packages - libFixedTests
	l.subTests = max(1, min(libModels, l.subTests))
	return l
}

// topic is the prefix of package p's type names ("Spline07").
func (l lib) topic(p int) string { return fmt.Sprintf("%s%02d", libTopics[p%len(libTopics)], p) }
func (l lib) pkg(p int) string   { return libRoot + "." + strings.ToLower(l.topic(p)) }

// lower is the lower package package p's models use (-1 for the first package).
func (l lib) lower(p int) int {
	if p == 0 {
		return -1
	}
	return (p*7 + 3) % p
}

// inner is the earlier model of the same package model k holds as a Function (-1: none).
func innerModel(k int) int {
	if k == 0 {
		return -1
	}
	return (k*5 + 1) % k
}

// longNumberTest tells whether package p's Number test is one of the long files.
func longNumberTest(p int) bool { return p%4 == 0 }

func (l lib) rng(kind, p, k int) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(l.opt.Seed), uint64(kind)<<40|uint64(p)<<20|uint64(k)))
}

func libPath(root, pkg, name string) string {
	return root + "/" + strings.ReplaceAll(pkg, ".", "/") + "/" + name + ".java"
}

// LibraryMainPath and LibraryTestPath return the relative path of a library project's
// production or test type; pkg is the package index, or -1 for the core package.
func LibraryMainPath(opt Options, pkg int, name string) string {
	return libPath("src/main/java", newLib(opt).pkgName(pkg), name)
}

func LibraryTestPath(opt Options, pkg int, name string) string {
	return libPath("src/test/java", newLib(opt).pkgName(pkg), name)
}

func (l lib) pkgName(p int) string {
	if p < 0 {
		return libCore
	}
	return l.pkg(p)
}

// EditPoint is a one-method edit of a generated project for benchmarks: replacing Old (found
// once in Path) by New changes one method body; Test is a test file the edit reaches.
type EditPoint struct {
	Name, Path, Old, New, Test string
}

// LibraryEdits returns edits of a library project (ShapeLibrary) from narrow to wide:
//   - "leaf": a private helper of one model, called by one method one test calls;
//   - "abstract-base": a method of a package's abstract model, which inherited tests run in
//     every subclass test;
//   - "element": negate() of a package's Element implementation (like Fraction.negate);
//   - "dispatch": compute(double) of one model, reached through Function.value on
//     interface-typed receivers from everywhere (every caller of Function.value may run it);
//   - "hub": FastOps.abs, the static utility nearly every class calls.
func LibraryEdits(opt Options) []EditPoint {
	l := newLib(opt)
	p := l.packages / 2
	t := l.topic(p)
	k := 3
	return []EditPoint{
		{"leaf", LibraryMainPath(opt, p, fmt.Sprintf("%sModel%d", t, k)), "return x * K + 0.5;", "return x * K + 0.25;",
			LibraryTestPath(opt, p, fmt.Sprintf("%sModel%dTest", t, k))},
		{"abstract-base", LibraryMainPath(opt, p, "Abstract"+t+"Model"), "return new double[] { lower, upper };",
			"return new double[] { lower, upper + 0.0 };", LibraryTestPath(opt, p, "Abstract"+t+"ModelTest")},
		{"element", LibraryMainPath(opt, 0, l.topic(0)+"Number"), "return new " + l.topic(0) + "Number(-value);",
			"return new " + l.topic(0) + "Number(0.0 - value);", LibraryTestPath(opt, 0, l.topic(0)+"NumberTest")},
		{"dispatch", LibraryMainPath(opt, p, fmt.Sprintf("%sModel%d", t, k)), "double acc = K * x;", "double acc = K * x + 1.0;",
			LibraryTestPath(opt, p, fmt.Sprintf("%sModel%dTest", t, k))},
		{"hub", LibraryMainPath(opt, -1, "FastOps"), "return x < 0.0 ? -x : x;", "return x < 0.0 ? 0.0 - x : x;",
			LibraryTestPath(opt, -1, "FastOpsTest")},
	}
}

// jw writes Java source: p formats one line (a trailing newline is added) and counts it.
type jw struct {
	strings.Builder
	lines int
}

func (w *jw) p(format string, args ...any) {
	fmt.Fprintf(&w.Builder, format, args...)
	w.WriteByte('\n')
	w.lines++
}

// doc writes a Javadoc comment: a summary, then "@param name text" / "@return text" lines.
func (w *jw) doc(indent, summary string, tags ...string) {
	w.p("%s/**", indent)
	w.p("%s * %s", indent, summary)
	if len(tags) > 0 {
		w.p("%s *", indent)
	}
	for _, t := range tags {
		w.p("%s * %s", indent, t)
	}
	w.p("%s */", indent)
}

func (w *jw) header(pkg string, imports ...string) {
	w.p("/*")
	w.p(" * Generated by assertlens's javagen for benchmarks (library shape). Licensed to")
	w.p(" * nobody; any resemblance to a real numerical library is intended.")
	w.p(" */")
	w.p("package %s;", pkg)
	w.p("")
	sort.Strings(imports)
	static := false
	for _, imp := range imports {
		if strings.HasPrefix(imp, "static ") {
			static = true
			w.p("import %s;", imp)
		}
	}
	if static {
		w.p("")
	}
	for _, imp := range imports {
		if !strings.HasPrefix(imp, "static ") {
			w.p("import %s;", imp)
		}
	}
	if len(imports) > 0 {
		w.p("")
	}
}

func core(names ...string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = libCore + "." + n
	}
	return out
}

func writeLibrary(dir string, opt Options) error {
	l := newLib(opt)
	write := func(rel, content string) error {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("javagen: create folder for %s: %w", rel, err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			return fmt.Errorf("javagen: write %s: %w", rel, err)
		}
		return nil
	}
	for _, f := range l.files() {
		if err := write(f.path, f.gen()); err != nil {
			return err
		}
	}
	return write("pom.xml", libPom)
}

const libPom = `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.example</groupId>
  <artifactId>generated-library</artifactId>
  <version>1.0</version>
  <properties>
    <maven.compiler.source>1.8</maven.compiler.source>
    <maven.compiler.target>1.8</maven.compiler.target>
  </properties>
  <dependencies>
    <dependency>
      <groupId>junit</groupId>
      <artifactId>junit</artifactId>
      <version>4.13.2</version>
      <scope>test</scope>
    </dependency>
  </dependencies>
</project>
`

type libFile struct {
	path string
	gen  func() string
}

// files lists every file of the project with its generator, in a fixed order.
func (l lib) files() []libFile {
	var out []libFile
	main := func(p int, name string, gen func() string) {
		out = append(out, libFile{libPath("src/main/java", l.pkgName(p), name), gen})
	}
	test := func(p int, name string, gen func() string) {
		out = append(out, libFile{libPath("src/test/java", l.pkgName(p), name), gen})
	}
	for _, name := range sortedKeys(boolSet(coreSources)) {
		src := coreSources[name]
		main(-1, name, func() string { return libHeader(libCore, src) })
	}
	main(-1, "FastOps", l.fastOps)
	main(-1, "FastOpsTables", l.fastOpsTables)
	main(-1, "Format", l.format)
	for _, name := range sortedKeys(boolSet(coreTests)) {
		src := coreTests[name]
		test(-1, name, func() string { return libHeader(libCore, src) })
	}
	test(-1, "FastOpsTest", l.fastOpsTest)
	for p := 0; p < l.packages; p++ {
		t := l.topic(p)
		for lv := 0; lv < 5; lv++ {
			main(p, t+libLevels[lv], func() string { return l.iface(p, lv) })
		}
		main(p, t+"Number", func() string { return l.number(p) })
		main(p, t+"NumberField", func() string { return l.numberField(p) })
		main(p, "Abstract"+t+"Model", func() string { return l.abstractModel(p) })
		main(p, "AbstractSmooth"+t+"Model", func() string { return l.smoothModel(p) })
		main(p, t+"Solver", func() string { return l.solver(p) })
		main(p, t+"Vector", func() string { return l.vector(p) })
		main(p, t+"Utils", func() string { return l.utils(p) })
		main(p, t+"Mode", func() string { return l.mode(p) })
		for k := 0; k < libModels; k++ {
			main(p, fmt.Sprintf("%sModel%d", t, k), func() string { return l.model(p, k) })
		}
		test(p, "Abstract"+t+"ModelTest", func() string { return l.abstractModelTest(p) })
		for k := 0; k < l.subTests; k++ {
			test(p, fmt.Sprintf("%sModel%dTest", t, k), func() string { return l.modelTest(p, k) })
		}
		test(p, t+"NumberTest", func() string { return l.numberTest(p) })
		test(p, t+"NumberFieldTest", func() string { return l.fieldTest(p) })
		test(p, t+"SolverTest", func() string { return l.solverTest(p) })
		test(p, t+"VectorTest", func() string { return l.vectorTest(p) })
		test(p, t+"UtilsTest", func() string { return l.utilsTest(p) })
		test(p, t+"ModeTest", func() string { return l.modeTest(p) })
	}
	return out
}

func boolSet(m map[string]string) map[string]bool {
	out := make(map[string]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}

func libHeader(pkg, body string) string {
	var w jw
	w.header(pkg)
	w.WriteString(body)
	return w.String()
}

// libLevels name the five interfaces of a package, each extending the one before.
var libLevels = []string{"Function", "Differentiable", "Operator", "Bounded", "Model"}

// libraryFiles holds the core package's fixed Java files, each written after its package
// line: library/main/<Name>.java.tmpl are production files, library/test/<Name>.java.tmpl
// test files. The .java.tmpl extension keeps Java tooling and assertlens's own scans of the
// repository from taking them for Java sources.
//
//go:embed library
var libraryFiles embed.FS

// coreSources are the core package's fixed production files (after the package line).
var coreSources = loadCore("library/main")

// coreTests are the core package's fixed test files (after the package line).
var coreTests = loadCore("library/test")

// coreExt is the extension of the embedded files; the map keys are the names without it.
const coreExt = ".java.tmpl"

// loadCore reads the embedded files of dir into a map from file name (without coreExt) to
// content. The files are compiled in, so a failure is a programming error.
func loadCore(dir string) map[string]string {
	entries, err := libraryFiles.ReadDir(dir)
	if err != nil {
		panic(fmt.Sprintf("javagen: read embedded %s: %v", dir, err))
	}
	out := make(map[string]string, len(entries))
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), coreExt)
		if e.IsDir() || !ok {
			continue
		}
		b, err := libraryFiles.ReadFile(dir + "/" + e.Name())
		if err != nil {
			panic(fmt.Sprintf("javagen: read embedded %s/%s: %v", dir, e.Name(), err))
		}
		out[name] = string(b)
	}
	return out
}

const fastOpsBase = `/**
 * Fast elementary functions: the static hub nearly every class of the library calls.
 */
public final class FastOps {
    /** Pi. */
    public static final double PI = 3.141592653589793;

    /** Euler's number. */
    public static final double E = 2.718281828459045;

    private FastOps() {
    }

    /**
     * Absolute value.
     *
     * @param x the value
     * @return |x|
     */
    public static double abs(double x) {
        return x < 0.0 ? -x : x;
    }

    /**
     * Maximum of two values.
     *
     * @param a the first value
     * @param b the second value
     * @return the larger
     */
    public static double max(double a, double b) {
        return a >= b ? a : b;
    }

    /**
     * Minimum of two values.
     *
     * @param a the first value
     * @param b the second value
     * @return the smaller
     */
    public static double min(double a, double b) {
        return a <= b ? a : b;
    }

    /**
     * Largest integer value not above x.
     *
     * @param x the value
     * @return floor(x)
     */
    public static double floor(double x) {
        long n = (long) x;
        return n > x ? n - 1 : n;
    }

    /**
     * Square root by Newton's method.
     *
     * @param x the value
     * @return sqrt(x)
     */
    public static double sqrt(double x) {
        if (x <= 0.0) {
            return 0.0;
        }
        double r = x > 1.0 ? x : 1.0;
        for (int i = 0; i < 60; i++) {
            r = 0.5 * (r + x / r);
        }
        return r;
    }

    /**
     * Integer power.
     *
     * @param x the base
     * @param n the exponent
     * @return x^n
     */
    public static double pow(double x, int n) {
        double r = 1.0;
        double b = n < 0 ? 1.0 / x : x;
        for (int k = abs(n); k > 0; k >>= 1) {
            if ((k & 1) != 0) {
                r *= b;
            }
            b *= b;
        }
        return r;
    }

    /**
     * Absolute value of an int.
     *
     * @param n the value
     * @return |n|
     */
    public static int abs(int n) {
        return n < 0 ? -n : n;
    }

    /**
     * Exponential by its series on a reduced argument.
     *
     * @param x the value
     * @return e^x
     */
    public static double exp(double x) {
        int k = (int) floor(x);
        double f = x - k;
        double term = 1.0;
        double sum = 1.0;
        for (int i = 1; i < 20; i++) {
            term *= f / i;
            sum += term;
        }
        return sum * pow(E, k) * FastOpsTables.EXP_FRAC[0] / FastOpsTables.EXP_FRAC[0];
    }

    /**
     * Natural logarithm.
     *
     * @param x the value
     * @return ln(x)
     */
    public static double log(double x) {
        if (x <= 0.0) {
            return Double.NEGATIVE_INFINITY;
        }
        int k = 0;
        while (x > 2.0) {
            x /= E;
            k++;
        }
        while (x < 0.5) {
            x *= E;
            k--;
        }
        double y = (x - 1.0) / (x + 1.0);
        double y2 = y * y;
        double sum = 0.0;
        double term = y;
        for (int i = 1; i < 40; i += 2) {
            sum += term / i;
            term *= y2;
        }
        return 2.0 * sum + k;
    }

    /**
     * Sine by its series on a reduced argument.
     *
     * @param x the angle
     * @return sin(x)
     */
    public static double sin(double x) {
        double r = reduce(x);
        double term = r;
        double sum = r;
        for (int i = 1; i < 12; i++) {
            term *= -r * r / ((2 * i) * (2 * i + 1));
            sum += term;
        }
        return sum;
    }

    /**
     * Cosine.
     *
     * @param x the angle
     * @return cos(x)
     */
    public static double cos(double x) {
        return sin(x + PI / 2);
    }

    /**
     * Tangent.
     *
     * @param x the angle
     * @return tan(x)
     */
    public static double tan(double x) {
        return sin(x) / cos(x);
    }

    /**
     * Arc tangent by its series.
     *
     * @param x the value
     * @return atan(x)
     */
    public static double atan(double x) {
        if (abs(x) > 0.5) {
            return 2.0 * atan(x / (1.0 + sqrt(1.0 + x * x)));
        }
        double sum = 0.0;
        double term = x;
        for (int i = 0; i < 50; i++) {
            sum += term / (2 * i + 1);
            term *= -x * x;
        }
        return sum;
    }

    /**
     * Hypotenuse without overflow.
     *
     * @param x the first side
     * @param y the second side
     * @return sqrt(x^2 + y^2)
     */
    public static double hypot(double x, double y) {
        double a = abs(x);
        double b = abs(y);
        double m = max(a, b);
        if (m == 0.0) {
            return 0.0;
        }
        double r = min(a, b) / m;
        return m * sqrt(1.0 + r * r);
    }

    /**
     * Sign.
     *
     * @param x the value
     * @return -1, 0 or 1
     */
    public static double signum(double x) {
        return x > 0 ? 1.0 : x < 0 ? -1.0 : x;
    }

    /**
     * Hyperbolic sine.
     *
     * @param x the value
     * @return sinh(x)
     */
    public static double sinh(double x) {
        return 0.5 * (exp(x) - exp(-x));
    }

    /**
     * Hyperbolic cosine.
     *
     * @param x the value
     * @return cosh(x)
     */
    public static double cosh(double x) {
        return 0.5 * (exp(x) + exp(-x));
    }

    /**
     * Hyperbolic tangent.
     *
     * @param x the value
     * @return tanh(x)
     */
    public static double tanh(double x) {
        return sinh(x) / cosh(x);
    }

    /**
     * Reduces an angle to [-pi, pi].
     *
     * @param x the angle
     * @return the reduced angle
     */
    private static double reduce(double x) {
        double twoPi = 2 * PI;
        double k = floor((x + PI) / twoPi);
        return x - k * twoPi;
    }
`

// fastOps writes the core static hub: elementary functions, then generated kernels that
// use the tables, as FastMath does.
func (l lib) fastOps() string {
	var w jw
	w.header(libCore)
	w.WriteString(fastOpsBase)
	r := l.rng(1, 0, 0)
	for i := 0; i < 60; i++ {
		w.p("")
		w.doc("    ", fmt.Sprintf("Polynomial kernel %d on the table of coefficients.", i), "@param x the value", "@return the kernel's value")
		w.p("    public static double kernel%d(double x) {", i)
		w.p("        double acc = FastOpsTables.COEFFS_%d[0];", i%8)
		w.p("        for (int i = 1; i < %d; i++) {", 4+r.IntN(8))
		w.p("            acc = acc * x + FastOpsTables.COEFFS_%d[i];", i%8)
		w.p("        }")
		switch i % 4 {
		case 0:
			w.p("        return acc;")
		case 1:
			w.p("        return abs(acc) < 1.0e-300 ? 0.0 : acc * exp(-abs(x));")
		case 2:
			w.p("        return kernel%d(x) + sqrt(abs(acc));", i-1)
		default:
			w.p("        return max(acc, kernel%d(x * 0.5));", i-2)
		}
		w.p("    }")
	}
	w.p("}")
	return w.String()
}

// fastOpsTables writes the big tables of literals FastOps reads.
func (l lib) fastOpsTables() string {
	var w jw
	w.header(libCore)
	w.p("/**")
	w.p(" * Tables of coefficients for {@link FastOps}.")
	w.p(" */")
	w.p("final class FastOpsTables {")
	w.p("    /** Fractional powers of e. */")
	w.p("    static final double[] EXP_FRAC = {")
	r := l.rng(2, 0, 0)
	row := func(n int) {
		for i := 0; i < n; i++ {
			w.p("        %.17g, %.17g, %.17g, %.17g,", r.Float64(), r.Float64()*10, -r.Float64(), r.Float64()/7)
		}
	}
	row(120)
	w.p("    };")
	for t := 0; t < 8; t++ {
		w.p("")
		w.p("    /** Coefficients of the kernels %d mod 8. */", t)
		w.p("    static final double[] COEFFS_%d = {", t)
		row(150)
		w.p("    };")
	}
	w.p("")
	w.p("    private FastOpsTables() {")
	w.p("    }")
	w.p("}")
	return w.String()
}

var formatNames = []string{"NOT_FINITE", "NULL_ARGUMENT", "NOT_POSITIVE", "INDEX_OUT_OF_RANGE",
	"ENDPOINTS_NOT_AN_INTERVAL", "DIMENSIONS_MISMATCH", "MAX_COUNT_EXCEEDED", "ZERO_DENOMINATOR",
	"OUT_OF_RANGE", "CONVERGENCE_FAILED"}

// format writes the message enum every exception of the library is built from.
func (l lib) format() string {
	var w jw
	w.header(libCore, "java.util.Locale", "java.util.ResourceBundle", "java.util.MissingResourceException")
	w.p("/**")
	w.p(" * The message patterns of the library's exceptions.")
	w.p(" */")
	w.p("public enum Format {")
	n := 240
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("MESSAGE_%03d", i)
		if i < len(formatNames) {
			name = formatNames[i]
		}
		sep := ","
		if i == n-1 {
			sep = ";"
		}
		w.p("    /** Pattern %d. */", i)
		w.p("    %s(\"%s: value {0} against {1} (pattern %d)\")%s", name, strings.ToLower(strings.ReplaceAll(name, "_", " ")), i, sep)
		w.p("")
	}
	w.p("    private final String sourceFormat;")
	w.p("")
	w.p("    Format(String sourceFormat) {")
	w.p("        this.sourceFormat = sourceFormat;")
	w.p("    }")
	w.p("")
	w.doc("    ", "Returns the pattern in English.", "@return the pattern")
	w.p("    public String getSourceString() {")
	w.p("        return sourceFormat;")
	w.p("    }")
	w.p("")
	w.doc("    ", "Returns the pattern in a locale, from a resource bundle when there is one.", "@param locale the locale", "@return the pattern")
	w.p("    public String getLocalizedString(Locale locale) {")
	w.p("        try {")
	w.p("            ResourceBundle bundle = ResourceBundle.getBundle(\"assets/Format\", locale);")
	w.p("            if (bundle.getLocale().getLanguage().equals(locale.getLanguage())) {")
	w.p("                return bundle.getString(name());")
	w.p("            }")
	w.p("        } catch (MissingResourceException e) {")
	w.p("            // fall back to the English pattern")
	w.p("        }")
	w.p("        return sourceFormat;")
	w.p("    }")
	w.p("}")
	return w.String()
}

// fastOpsTest writes a long test file: many tests, each with many assertions.
func (l lib) fastOpsTest() string {
	var w jw
	w.header(libCore, "static org.junit.Assert.assertEquals", "static org.junit.Assert.assertTrue", "org.junit.Test")
	w.p("public class FastOpsTest {")
	w.p("    private static final double EPS = 1.0e-9;")
	r := l.rng(3, 0, 0)
	fns := []string{"abs", "sqrt", "exp", "log", "sin", "cos", "atan", "sinh", "cosh", "tanh", "signum", "floor"}
	for i := 0; w.lines < 2600; i++ {
		fn := fns[i%len(fns)]
		w.p("")
		w.p("    @Test")
		w.p("    public void test%s%d() {", strings.ToUpper(fn[:1])+fn[1:], i)
		for a := 0; a < 6+r.IntN(8); a++ {
			x := float64(r.IntN(2000)-1000) / 100
			if fn == "sqrt" || fn == "log" {
				x = float64(r.IntN(1000)+1) / 100
			}
			switch a % 3 {
			case 0:
				w.p("        assertEquals(Math.%s(%.2f), FastOps.%s(%.2f), EPS * (1.0 + Math.abs(Math.%s(%.2f))));", fn, x, fn, x, fn, x)
			case 1:
				w.p("        assertEquals(FastOps.%s(%.2f), FastOps.%s(%.2f), EPS);", fn, x, fn, x)
			default:
				w.p("        assertTrue(FastOps.abs(FastOps.kernel%d(%.2f)) >= 0.0);", r.IntN(60), x)
			}
		}
		w.p("    }")
	}
	w.p("}")
	return w.String()
}

// iface writes level lv of package p's interface chain: Function extends the core
// Function; Differentiable extends it and the core Differentiable; Operator<T> adds a
// bounded type variable; Bounded<T> and Model<T> (which also extends Converter<T, Double>)
// go deeper, six levels under the core Function in all.
func (l lib) iface(p, lv int) string {
	var w jw
	t := l.topic(p)
	name := t + libLevels[lv]
	switch lv {
	case 0:
		w.header(l.pkg(p), core("Function")...)
		w.doc("", fmt.Sprintf("A real function of the %s family, defined on a bounded domain.", t))
		w.p("public interface %s extends Function {", name)
		w.doc("    ", "Returns the domain of the function.", "@return the lower and upper end of the domain")
		w.p("    double[] domain();")
		w.p("")
		w.doc("    ", "Tells whether a point lies in the domain.", "@param x the point", "@return whether x lies in the domain")
		w.p("    default boolean contains(double x) {")
		w.p("        double[] d = domain();")
		w.p("        return x >= d[0] && x <= d[1];")
		w.p("    }")
	case 1:
		w.header(l.pkg(p), core("Differentiable")...)
		w.doc("", fmt.Sprintf("A %s function that knows its derivatives.", t))
		w.p("public interface %s extends %sFunction, Differentiable {", name, t)
		w.doc("    ", "Returns a derivative of higher order.", "@param order the order", "@return the derivative")
		w.p("    %sFunction derivativeOf(int order);", t)
	case 2:
		w.header(l.pkg(p), core("Element")...)
		w.doc("", fmt.Sprintf("A %s function that also maps field elements.", t), "@param <T> the type of the elements")
		w.p("public interface %s<T extends Element<T>> extends %sDifferentiable {", name, t)
		w.doc("    ", "Maps an element.", "@param x the element", "@return the image of x")
		w.p("    T apply(T x);")
		w.p("")
		w.doc("    ", "Returns the order of the operator.", "@return the order")
		w.p("    int order();")
		w.p("")
		w.doc("    ", "Maps an element twice.", "@param x the element", "@return apply(apply(x))")
		w.p("    default T applyTwice(T x) {")
		w.p("        return apply(apply(x));")
		w.p("    }")
	case 3:
		w.header(l.pkg(p), core("Element")...)
		w.doc("", fmt.Sprintf("A %s operator with a bounded support.", t), "@param <T> the type of the elements")
		w.p("public interface %s<T extends Element<T>> extends %sOperator<T> {", name, t)
		w.doc("    ", "Returns the lower end of the support.", "@return the lower end")
		w.p("    double lower();")
		w.p("")
		w.doc("    ", "Returns the upper end of the support.", "@return the upper end")
		w.p("    double upper();")
		w.p("")
		w.doc("    ", "Returns the width of the support.", "@return upper() - lower()")
		w.p("    default double width() {")
		w.p("        return upper() - lower();")
		w.p("    }")
	default:
		w.header(l.pkg(p), append(core("Converter", "Element"), "java.util.ArrayList", "java.util.List")...)
		w.doc("", fmt.Sprintf("A named %s model: a bounded operator that converts elements to doubles.", t), "@param <T> the type of the elements")
		w.p("public interface %s<T extends Element<T>> extends %sBounded<T>, Converter<T, Double> {", name, t)
		w.doc("    ", "Returns the name of the model.", "@return the name")
		w.p("    String name();")
		w.p("")
		w.doc("    ", "Maps every element of a list.", "@param xs the elements", "@return their images")
		w.p("    default List<T> applyAll(List<T> xs) {")
		w.p("        List<T> out = new ArrayList<T>(xs.size());")
		w.p("        for (T x : xs) {")
		w.p("            out.add(apply(x));")
		w.p("        }")
		w.p("        return out;")
		w.p("    }")
	}
	w.p("}")
	return w.String()
}

// number writes package p's Element implementation, like commons-math's Fraction.
func (l lib) number(p int) string {
	var w jw
	t := l.topic(p)
	n := t + "Number"
	w.header(l.pkg(p), append(core("Checks", "Element", "FastOps", "Field", "Format", "LibException", "Precision"), "java.io.Serializable")...)
	w.doc("", fmt.Sprintf("A number of the %s family: an element of {@link %sField}.", t, n))
	w.p("public final class %s implements Element<%s>, Comparable<%s>, Serializable {", n, n, n)
	w.p("    /** Zero. */")
	w.p("    public static final %s ZERO = new %s(0.0);", n, n)
	w.p("")
	w.p("    /** One. */")
	w.p("    public static final %s ONE = new %s(1.0);", n, n)
	w.p("")
	w.p("    private static final long serialVersionUID = %dL;", 1000+p)
	w.p("")
	w.p("    private final double value;")
	w.p("")
	w.doc("    ", "Creates a number.", "@param value its value")
	w.p("    public %s(double value) {", n)
	w.p("        this.value = value;")
	w.p("    }")
	w.p("")
	w.doc("    ", "Creates a number from a finite value.", "@param v the value", "@return the number")
	w.p("    public static %s valueOf(double v) {", n)
	w.p("        return new %s(Checks.checkFinite(v));", n)
	w.p("    }")
	type m struct{ sig, body, doc string }
	ms := []m{
		{n + " add(" + n + " a)", "return new " + n + "(value + a.value);", "Adds a number."},
		{n + " subtract(" + n + " a)", "return add(a.negate());", "Subtracts a number."},
		{n + " negate()", "return new " + n + "(-value);", "Returns the opposite."},
		{n + " multiply(int k)", "return new " + n + "(value * k);", "Multiplies by a count."},
		{n + " multiply(" + n + " a)", "return new " + n + "(value * a.value);", "Multiplies by a number."},
		{n + " reciprocal()", "if (value == 0.0) {\n            throw new LibException(Format.ZERO_DENOMINATOR, value);\n        }\n        return new " + n + "(1.0 / value);", "Returns the inverse."},
		{n + " divide(" + n + " a)", "return multiply(a.reciprocal());", "Divides by a number."},
		{n + " abs()", "return value < 0.0 ? negate() : this;", "Returns the absolute value."},
		{n + " sqrt()", "return new " + n + "(FastOps.sqrt(value));", "Returns the square root."},
		{n + " pow(int k)", n + " r = ONE;\n        for (int i = 0; i < k; i++) {\n            r = r.multiply(this);\n        }\n        return r;", "Raises to a power."},
		{n + " exp()", "return new " + n + "(FastOps.exp(value));", "Returns e to this."},
		{n + " log()", "return new " + n + "(FastOps.log(value));", "Returns the logarithm."},
		{n + " sin()", "return new " + n + "(FastOps.sin(value));", "Returns the sine."},
		{n + " cos()", "return new " + n + "(FastOps.cos(value));", "Returns the cosine."},
		{n + " hypot(" + n + " a)", "return new " + n + "(FastOps.hypot(value, a.value));", "Returns the hypotenuse."},
		{n + " max(" + n + " a)", "return compareTo(a) >= 0 ? this : a;", "Returns the larger."},
		{n + " min(" + n + " a)", "return compareTo(a) <= 0 ? this : a;", "Returns the smaller."},
		{n + " linearCombination(" + n + " a, " + n + " b, " + n + " c)", "return multiply(a).add(b.multiply(c));", "Returns this * a + b * c."},
		{"double toDouble()", "return value;", "Returns the value."},
		{"Field<" + n + "> getField()", "return " + n + "Field.getInstance();", "Returns the field."},
		{"boolean isZero()", "return Precision.equals(value, 0.0, Precision.EPSILON);", "Tells whether this is zero."},
		{"int signum()", "return (int) FastOps.signum(value);", "Returns the sign."},
	}
	for _, x := range ms {
		w.p("")
		w.doc("    ", x.doc)
		w.p("    public %s {", x.sig)
		w.p("        %s", x.body)
		w.p("    }")
	}
	w.p("")
	w.p("    @Override")
	w.p("    public int compareTo(%s o) {", n)
	w.p("        return Double.compare(value, o.value);")
	w.p("    }")
	w.p("")
	w.p("    @Override")
	w.p("    public boolean equals(Object o) {")
	w.p("        if (this == o) {")
	w.p("            return true;")
	w.p("        }")
	w.p("        if (!(o instanceof %s)) {", n)
	w.p("            return false;")
	w.p("        }")
	w.p("        return Double.doubleToLongBits(value) == Double.doubleToLongBits(((%s) o).value);", n)
	w.p("    }")
	w.p("")
	w.p("    @Override")
	w.p("    public int hashCode() {")
	w.p("        long bits = Double.doubleToLongBits(value);")
	w.p("        return %d + (int) (bits ^ (bits >>> 32));", 31*(p+1))
	w.p("    }")
	w.p("")
	w.p("    @Override")
	w.p("    public String toString() {")
	w.p("        return \"%s(\" + value + \")\";", n)
	w.p("    }")
	w.p("}")
	return w.String()
}

func (l lib) numberField(p int) string {
	var w jw
	t := l.topic(p)
	n := t + "Number"
	w.header(l.pkg(p), append(core("Element", "Field"), "java.io.Serializable")...)
	w.doc("", fmt.Sprintf("The field of {@link %s}s: a singleton.", n))
	w.p("public final class %sField implements Field<%s>, Serializable {", n, n)
	w.p("    private static final long serialVersionUID = %dL;", 2000+p)
	w.p("")
	w.p("    private %sField() {", n)
	w.p("    }")
	w.p("")
	w.doc("    ", "Returns the field.", "@return the only instance")
	w.p("    public static %sField getInstance() {", n)
	w.p("        return LazyHolder.INSTANCE;")
	w.p("    }")
	w.p("")
	w.p("    @Override")
	w.p("    public %s getZero() {", n)
	w.p("        return %s.ZERO;", n)
	w.p("    }")
	w.p("")
	w.p("    @Override")
	w.p("    public %s getOne() {", n)
	w.p("        return %s.ONE;", n)
	w.p("    }")
	w.p("")
	w.p("    @Override")
	w.p("    public Class<? extends Element<%s>> getRuntimeClass() {", n)
	w.p("        return %s.class;", n)
	w.p("    }")
	w.p("")
	w.doc("    ", "Keeps the singleton on deserialization.", "@return the only instance")
	w.p("    private Object readResolve() {")
	w.p("        return LazyHolder.INSTANCE;")
	w.p("    }")
	w.p("")
	w.p("    /** Holds the instance, created on first use. */")
	w.p("    private static class LazyHolder {")
	w.p("        private static final %sField INSTANCE = new %sField();", n, n)
	w.p("    }")
	w.p("}")
	return w.String()
}

// abstractModel writes the abstract class every model of package p extends: it implements
// the deepest interface and Bivariate, and leaves compute(double) and name() abstract.
func (l lib) abstractModel(p int) string {
	var w jw
	t := l.topic(p)
	n := t + "Number"
	a := "Abstract" + t + "Model"
	w.header(l.pkg(p), append(core("Bivariate", "Checks", "FastOps", "Format", "Function", "Incrementor", "LibException"), "java.io.Serializable")...)
	w.doc("", fmt.Sprintf("The parts of a %s model every model shares.", t))
	w.p("public abstract class %s implements %sModel<%s>, Bivariate, Serializable {", a, t, n)
	w.p("    private static final long serialVersionUID = %dL;", 3000+p)
	w.p("")
	w.p("    private final double lower;")
	w.p("    private final double upper;")
	w.p("    private final Incrementor evaluations = new Incrementor(Integer.MAX_VALUE);")
	w.p("")
	w.doc("    ", "Creates a model on an interval.", "@param lower the lower end", "@param upper the upper end")
	w.p("    protected %s(double lower, double upper) {", a)
	w.p("        if (lower >= upper) {")
	w.p("            throw new LibException(Format.ENDPOINTS_NOT_AN_INTERVAL, lower, upper);")
	w.p("        }")
	w.p("        this.lower = lower;")
	w.p("        this.upper = upper;")
	w.p("    }")
	w.p("")
	w.doc("    ", "Computes the value of the model.", "@param x a finite point", "@return the value")
	w.p("    protected abstract double compute(double x);")
	w.p("")
	w.p("    @Override")
	w.p("    public double value(double x) {")
	w.p("        evaluations.incrementCount();")
	w.p("        return compute(Checks.checkFinite(x));")
	w.p("    }")
	w.p("")
	w.p("    @Override")
	w.p("    public double value(double x, double y) {")
	w.p("        return value(x) * y + value(y) * x;")
	w.p("    }")
	w.p("")
	w.p("    @Override")
	w.p("    public double[] domain() {")
	w.p("        return new double[] { lower, upper };")
	w.p("    }")
	w.p("")
	w.p("    @Override")
	w.p("    public double lower() {")
	w.p("        return lower;")
	w.p("    }")
	w.p("")
	w.p("    @Override")
	w.p("    public double upper() {")
	w.p("        return upper;")
	w.p("    }")
	w.p("")
	w.p("    @Override")
	w.p("    public int order() {")
	w.p("        return 1;")
	w.p("    }")
	w.p("")
	w.p("    @Override")
	w.p("    public %s apply(%s x) {", n, n)
	w.p("        return %s.valueOf(value(x.toDouble()));", n)
	w.p("    }")
	w.p("")
	w.p("    @Override")
	w.p("    public Double convert(%s x) {", n)
	w.p("        return value(x.toDouble());")
	w.p("    }")
	w.p("")
	w.p("    @Override")
	w.p("    public Function derivative() {")
	w.p("        return new Function() {")
	w.p("            @Override")
	w.p("            public double value(double x) {")
	w.p("                final double h = 1.0e-6 * FastOps.max(1.0, FastOps.abs(x));")
	w.p("                return (%s.this.value(x + h) - %s.this.value(x - h)) / (2 * h);", a, a)
	w.p("            }")
	w.p("        };")
	w.p("    }")
	w.p("")
	w.p("    @Override")
	w.p("    public %sFunction derivativeOf(final int k) {", t)
	w.p("        return new %sFunction() {", t)
	w.p("            @Override")
	w.p("            public double value(double x) {")
	w.p("                Function d = %s.this;", a)
	w.p("                for (int i = 0; i < k; i++) {")
	w.p("                    final Function f = d;")
	w.p("                    d = y -> (f.value(y + 1.0e-4) - f.value(y - 1.0e-4)) / 2.0e-4;")
	w.p("                }")
	w.p("                return d.value(x);")
	w.p("            }")
	w.p("")
	w.p("            @Override")
	w.p("            public double[] domain() {")
	w.p("                return %s.this.domain();", a)
	w.p("            }")
	w.p("        };")
	w.p("    }")
	w.p("")
	w.doc("    ", "Returns the number of evaluations so far.", "@return the number of evaluations")
	w.p("    public int getEvaluations() {")
	w.p("        return evaluations.getCount();")
	w.p("    }")
	w.p("")
	w.p("    @Override")
	w.p("    public String toString() {")
	w.p("        return name() + \"[\" + lower + \", \" + upper + \"]\";")
	w.p("    }")
	w.p("}")
	return w.String()
}

// smoothModel writes the second abstract level: a model with a slope, whose derivative
// mixes the slope with the finite difference of the level above.
func (l lib) smoothModel(p int) string {
	var w jw
	t := l.topic(p)
	a := "AbstractSmooth" + t + "Model"
	w.header(l.pkg(p), core("FastOps", "Function")...)
	w.doc("", fmt.Sprintf("A %s model that knows its slope.", t))
	w.p("public abstract class %s extends Abstract%sModel {", a, t)
	w.p("    private static final long serialVersionUID = %dL;", 4000+p)
	w.p("")
	w.doc("    ", "Creates a model on an interval.", "@param lower the lower end", "@param upper the upper end")
	w.p("    protected %s(double lower, double upper) {", a)
	w.p("        super(lower, upper);")
	w.p("    }")
	w.p("")
	w.doc("    ", "Returns the slope of the model.", "@param x the point", "@return the slope at x")
	w.p("    protected abstract double slope(double x);")
	w.p("")
	w.p("    @Override")
	w.p("    public Function derivative() {")
	w.p("        final Function base = super.derivative();")
	w.p("        return x -> 0.5 * (slope(x) + base.value(x));")
	w.p("    }")
	w.p("")
	w.p("    @Override")
	w.p("    public int order() {")
	w.p("        return 2;")
	w.p("    }")
	w.p("")
	w.doc("    ", "Smooths a value with a Gaussian weight.", "@param x the point", "@return the smoothed value")
	w.p("    protected double smooth(double x) {")
	w.p("        return compute(x) * FastOps.exp(-x * x) + slope(x);")
	w.p("    }")
	w.p("}")
	return w.String()
}

func (l lib) solver(p int) string {
	var w jw
	t := l.topic(p)
	w.header(l.pkg(p), core("AbstractSolver", "FastOps", "Function")...)
	w.doc("", fmt.Sprintf("The %s family's solver: bisection with a secant step.", t), "@param <F> the type of the functions solved")
	w.p("public class %sSolver<F extends Function> extends AbstractSolver<F> {", t)
	w.doc("    ", "Creates a solver.", "@param accuracy the absolute accuracy")
	w.p("    public %sSolver(double accuracy) {", t)
	w.p("        super(accuracy);")
	w.p("    }")
	w.p("")
	w.p("    @Override")
	w.p("    protected double doSolve() {")
	w.p("        double a = getMin();")
	w.p("        double b = getMax();")
	w.p("        double fa = computeObjectiveValue(a);")
	w.p("        double fb = computeObjectiveValue(b);")
	w.p("        for (int i = 0; i < %d; i++) {", 60+p%5)
	w.p("            double m = fb == fa ? 0.5 * (a + b) : b - fb * (b - a) / (fb - fa);")
	w.p("            if (m <= FastOps.min(a, b) || m >= FastOps.max(a, b)) {")
	w.p("                m = 0.5 * (a + b);")
	w.p("            }")
	w.p("            double fm = computeObjectiveValue(m);")
	w.p("            if (FastOps.abs(fm) < getAccuracy()) {")
	w.p("                return m;")
	w.p("            }")
	w.p("            if (fa * fm < 0.0) {")
	w.p("                b = m;")
	w.p("                fb = fm;")
	w.p("            } else {")
	w.p("                a = m;")
	w.p("                fa = fm;")
	w.p("            }")
	w.p("        }")
	w.p("        return 0.5 * (a + b);")
	w.p("    }")
	w.p("}")
	return w.String()
}

// vector writes a generic vector over a field.
func (l lib) vector(p int) string {
	var w jw
	t := l.topic(p)
	v := t + "Vector"
	w.header(l.pkg(p), append(core("Checks", "Converter", "Element", "ElementUtils", "Field"),
		"java.util.ArrayList", "java.util.Collections", "java.util.Iterator", "java.util.List", "java.util.Map", "java.util.TreeMap")...)
	w.doc("", "A vector of field elements.", "@param <T> the type of the elements")
	w.p("public class %s<T extends Element<T>> implements Iterable<T> {", v)
	w.p("    private final Field<T> field;")
	w.p("    private final List<T> data;")
	w.p("")
	w.doc("    ", "Creates a vector.", "@param field the field", "@param data the elements")
	w.p("    public %s(Field<T> field, List<T> data) {", v)
	w.p("        this.field = field;")
	w.p("        this.data = new ArrayList<T>(data);")
	w.p("    }")
	w.p("")
	w.doc("    ", "Creates a vector.", "@param field the field", "@param xs the elements", "@param <T> the type of the elements", "@return the vector")
	w.p("    public static <T extends Element<T>> %s<T> of(Field<T> field, List<T> xs) {", v)
	w.p("        return new %s<T>(field, xs);", v)
	w.p("    }")
	w.p("")
	w.doc("    ", "Returns the dimension.", "@return the number of elements")
	w.p("    public int getDimension() {")
	w.p("        return data.size();")
	w.p("    }")
	w.p("")
	w.doc("    ", "Returns an element.", "@param i the index", "@return the element")
	w.p("    public T getEntry(int i) {")
	w.p("        Checks.checkIndex(i, data.size());")
	w.p("        return data.get(i);")
	w.p("    }")
	w.p("")
	w.doc("    ", "Adds a vector.", "@param o the other vector", "@return the sum")
	w.p("    public %s<T> add(%s<T> o) {", v, v)
	w.p("        Checks.checkDimension(getDimension(), o.getDimension());")
	w.p("        List<T> out = new ArrayList<T>(data.size());")
	w.p("        for (int i = 0; i < data.size(); i++) {")
	w.p("            out.add(data.get(i).add(o.data.get(i)));")
	w.p("        }")
	w.p("        return new %s<T>(field, out);", v)
	w.p("    }")
	w.p("")
	w.doc("    ", "Computes the dot product.", "@param o the other vector", "@return the dot product")
	w.p("    public T dotProduct(%s<T> o) {", v)
	w.p("        return ElementUtils.linearCombination(field, data, o.data);")
	w.p("    }")
	w.p("")
	w.doc("    ", "Maps the vector to another field.", "@param target the other field", "@param f the conversion", "@param <R> the type of the other elements", "@return the mapped vector")
	w.p("    public <R extends Element<R>> %s<R> map(Field<R> target, Converter<T, R> f) {", v)
	w.p("        return new %s<R>(target, ElementUtils.convertAll(data, f));", v)
	w.p("    }")
	w.p("")
	w.doc("    ", "Maps the vector into its own field.", "@param f the map", "@return the mapped vector")
	w.p("    public %s<T> mapToSelf(Converter<T, T> f) {", v)
	w.p("        return map(field, f);")
	w.p("    }")
	w.p("")
	w.doc("    ", "Returns the non-zero elements by index.", "@return the non-zero elements")
	w.p("    public Map<Integer, T> nonZero() {")
	w.p("        Map<Integer, T> out = new TreeMap<Integer, T>();")
	w.p("        for (int i = 0; i < data.size(); i++) {")
	w.p("            if (data.get(i).toDouble() != 0.0) {")
	w.p("                out.put(i, data.get(i));")
	w.p("            }")
	w.p("        }")
	w.p("        return out;")
	w.p("    }")
	w.p("")
	w.doc("    ", "Sums the elements.", "@return the sum")
	w.p("    public T sum() {")
	w.p("        return ElementUtils.sum(field, data);")
	w.p("    }")
	w.p("")
	w.p("    @Override")
	w.p("    public Iterator<T> iterator() {")
	w.p("        return Collections.unmodifiableList(data).iterator();")
	w.p("    }")
	w.p("}")
	return w.String()
}

func (l lib) utils(p int) string {
	var w jw
	t := l.topic(p)
	n := t + "Number"
	w.header(l.pkg(p), append(core("Element", "FastOps", "Function"),
		"java.util.ArrayList", "java.util.Comparator", "java.util.List", "java.util.Map", "java.util.TreeMap")...)
	w.doc("", fmt.Sprintf("Static helpers of the %s family.", t))
	w.p("public final class %sUtils {", t)
	w.p("    /** Orders numbers by value. */")
	w.p("    public static final Comparator<%s> BY_VALUE = Comparator.comparingDouble(%s::toDouble);", n, n)
	w.p("")
	w.p("    private %sUtils() {", t)
	w.p("    }")
	w.p("")
	w.doc("    ", "Evaluates a function at points.", "@param f the function", "@param xs the points", "@return the values")
	w.p("    public static double[] evaluate(Function f, double[] xs) {")
	w.p("        double[] out = new double[xs.length];")
	w.p("        for (int i = 0; i < xs.length; i++) {")
	w.p("            out[i] = f.value(xs[i]);")
	w.p("        }")
	w.p("        return out;")
	w.p("    }")
	w.p("")
	w.doc("    ", "Returns the largest element.", "@param xs the elements", "@param <T> the type of the elements", "@return the largest")
	w.p("    public static <T extends Element<T> & Comparable<T>> T largest(List<T> xs) {")
	w.p("        T best = xs.get(0);")
	w.p("        for (T x : xs) {")
	w.p("            if (x.compareTo(best) > 0) {")
	w.p("                best = x;")
	w.p("            }")
	w.p("        }")
	w.p("        return best;")
	w.p("    }")
	w.p("")
	w.doc("    ", "Sums functions.", "@param fs the functions", "@return their sum")
	w.p("    public static Function sum(final Function... fs) {")
	w.p("        return new Function() {")
	w.p("            @Override")
	w.p("            public double value(double x) {")
	w.p("                double s = 0.0;")
	w.p("                for (Function f : fs) {")
	w.p("                    s += f.value(x);")
	w.p("                }")
	w.p("                return s;")
	w.p("            }")
	w.p("        };")
	w.p("    }")
	w.p("")
	w.doc("    ", "Groups numbers by sign.", "@param xs the numbers", "@return the numbers by sign")
	w.p("    public static Map<String, List<%s>> group(List<%s> xs) {", n, n)
	w.p("        Map<String, List<%s>> out = new TreeMap<String, List<%s>>();", n, n)
	w.p("        for (%s x : xs) {", n)
	w.p("            String key = x.signum() < 0 ? \"negative\" : \"positive\";")
	w.p("            out.computeIfAbsent(key, k -> new ArrayList<%s>()).add(x);", n)
	w.p("        }")
	w.p("        return out;")
	w.p("    }")
	w.p("")
	w.doc("    ", "Returns the default model of the family.", "@return a model")
	w.p("    public static %sModel<%s> defaultModel() {", t, n)
	w.p("        return new %sModel0();", t)
	w.p("    }")
	w.p("")
	w.doc("    ", "Returns the norm of a list of numbers.", "@param xs the numbers", "@return the Euclidean norm")
	w.p("    public static double norm(List<%s> xs) {", n)
	w.p("        double s = 0.0;")
	w.p("        for (%s x : xs) {", n)
	w.p("            s += x.multiply(x).toDouble();")
	w.p("        }")
	w.p("        return FastOps.sqrt(s);")
	w.p("    }")
	w.p("")
	w.p("    /** Accumulates the values of a function. */")
	w.p("    public static final class Accumulator implements Function {")
	w.p("        private final Function f;")
	w.p("        private double total;")
	w.p("")
	w.doc("        ", "Creates an accumulator.", "@param f the function")
	w.p("        public Accumulator(Function f) {")
	w.p("            this.f = f;")
	w.p("        }")
	w.p("")
	w.p("        @Override")
	w.p("        public double value(double x) {")
	w.p("            double v = f.value(x);")
	w.p("            total += v;")
	w.p("            return v;")
	w.p("        }")
	w.p("")
	w.doc("        ", "Returns the total.", "@return the sum of the values so far")
	w.p("        public double getTotal() {")
	w.p("            return total;")
	w.p("        }")
	w.p("    }")
	w.p("}")
	return w.String()
}

// mode writes an enum whose constants have bodies: each an anonymous Function.
func (l lib) mode(p int) string {
	var w jw
	t := l.topic(p)
	n := t + "Number"
	w.header(l.pkg(p), core("FastOps", "Function")...)
	w.doc("", fmt.Sprintf("The evaluation modes of the %s family.", t))
	w.p("public enum %sMode implements Function {", t)
	bodies := []string{"x", "FastOps.sin(x)", "FastOps.sqrt(FastOps.abs(x))", "FastOps.exp(-x * x)", "FastOps.atan(x) * 2.0"}
	names := []string{"FAST", "ACCURATE", "STABLE", "SMOOTH", "BOUNDED"}
	for i, name := range names {
		w.p("    /** Mode %s. */", strings.ToLower(name))
		w.p("    %s {", name)
		w.p("        @Override")
		w.p("        public double value(double x) {")
		w.p("            return %s;", bodies[i])
		w.p("        }")
		if i < len(names)-1 {
			w.p("    },")
		} else {
			w.p("    };")
		}
		w.p("")
	}
	w.doc("    ", "Applies the mode to a number.", "@param x the number", "@return the result")
	w.p("    public %s apply(%s x) {", n, n)
	w.p("        return %s.valueOf(value(x.toDouble()));", n)
	w.p("    }")
	w.p("}")
	return w.String()
}

// model writes concrete model k of package p: it extends one of the two abstract classes,
// holds an earlier model as a core Function and (every other model) a lower package's
// model as that package's Bounded interface, and calls through both in its bodies; it
// passes anonymous classes, lambdas and method references to a solver and to generic
// methods, and keeps List- and Map-typed fields. A chain of step methods pads it to the
// size of a real library class.
func (l lib) model(p, k int) string {
	var w jw
	t := l.topic(p)
	n := t + "Number"
	name := fmt.Sprintf("%sModel%d", t, k)
	r := l.rng(10, p, k)
	smooth := k%3 != 2
	base := "Abstract" + t + "Model"
	if smooth {
		base = "AbstractSmooth" + t + "Model"
	}
	imports := append(core("BrentSolver", "Checks", "Composition", "Converter", "Element", "ElementUtils", "FastOps", "Format", "Function", "LibException", "Pair", "Precision", "Solver"),
		"java.util.ArrayList", "java.util.HashMap", "java.util.List", "java.util.Map")
	q := l.lower(p)
	cross := q >= 0 && k%2 == 0
	qt := ""
	if cross {
		qt = l.topic(q)
		imports = append(imports, l.pkg(q)+"."+qt+"Bounded", l.pkg(q)+"."+qt+"Number", l.pkg(q)+fmt.Sprintf(".%sModel%d", qt, (k+p)%libModels))
	}
	implements := ""
	switch k % 4 {
	case 1:
		imports = append(imports, "java.util.Iterator")
		implements = " implements Iterable<" + n + ">"
	case 3:
		implements = fmt.Sprintf(" implements %sFunction, Comparable<%s>", t, name)
	}
	w.header(l.pkg(p), imports...)
	w.doc("", fmt.Sprintf("Model %d of the %s family.", k, t), "<p>Evaluates a sum of distances to its knots, plus an inner function.</p>")
	w.p("public class %s extends %s%s {", name, base, implements)
	w.p("    /** The scale of the model. */")
	w.p("    public static final double K = %.2f;", 0.5+float64(r.IntN(300))/100)
	w.p("")
	w.p("    private static final long serialVersionUID = %dL;", 5000+100*p+k)
	w.p("")
	w.p("    private final List<%s> knots = new ArrayList<%s>();", n, n)
	w.p("    private final Map<String, %s> cache = new HashMap<String, %s>();", n, n)
	w.p("    private final Function inner;")
	w.p("    private final Solver<Function> solver = new BrentSolver(1.0e-10);")
	if cross {
		w.p("    private final %sBounded<%sNumber> other;", qt, qt)
	}
	lo := -float64(1 + r.IntN(3))
	hi := float64(1 + r.IntN(4))
	w.p("")
	w.doc("    ", "Creates the model on its default interval.")
	w.p("    public %s() {", name)
	w.p("        this(%.1f, %.1f);", lo, hi)
	w.p("    }")
	w.p("")
	w.doc("    ", "Creates the model on an interval.", "@param lower the lower end", "@param upper the upper end")
	w.p("    public %s(double lower, double upper) {", name)
	w.p("        super(lower, upper);")
	if in := innerModel(k); in >= 0 {
		w.p("        this.inner = new %sModel%d();", t, in)
	} else {
		w.p("        this.inner = Composition.constant(K);")
	}
	if cross {
		w.p("        this.other = new %sModel%d();", qt, (k+p)%libModels)
	}
	w.p("        for (int i = 0; i < 4; i++) {")
	w.p("            knots.add(%s.valueOf(lower + i * (upper - lower) / 3.0));", n)
	w.p("        }")
	w.p("    }")
	w.p("")
	w.p("    @Override")
	w.p("    protected double compute(double x) {")
	w.p("        double acc = K * x;")
	w.p("        for (%s knot : knots) {", n)
	w.p("            acc += FastOps.abs(x - knot.toDouble());")
	w.p("        }")
	w.p("        return acc + 0.5 * inner.value(x);")
	w.p("    }")
	if smooth {
		w.p("")
		w.p("    @Override")
		w.p("    protected double slope(double x) {")
		w.p("        return K + inner.value(x) - inner.value(x - 1.0e-3);")
		w.p("    }")
	}
	w.p("")
	w.p("    @Override")
	w.p("    public String name() {")
	w.p("        return \"%s\";", name)
	w.p("    }")
	w.p("")
	w.doc("    ", "Finds where the model reaches a target, through an anonymous function.", "@param target the target", "@return a point where the value is the target")
	w.p("    public double shifted(final double target) {")
	w.p("        return solver.solve(1000, new Function() {")
	w.p("            @Override")
	w.p("            public double value(double x) {")
	w.p("                return %s.this.value(x) - target;", name)
	w.p("            }")
	w.p("        }, lower(), upper());")
	w.p("    }")
	w.p("")
	w.doc("    ", "Finds a root of compute(x) - K, through a lambda.", "@return the root")
	w.p("    public double root() {")
	w.p("        return solver.solve(50, x -> compute(x) - K, lower(), upper());")
	w.p("    }")
	w.p("")
	w.doc("    ", "Samples the model at its knots, through a method reference.", "@return the values at the knots")
	w.p("    public List<Double> sample() {")
	w.p("        Converter<%s, Double> c = this::convert;", n)
	w.p("        return ElementUtils.convertAll(knots, c);")
	w.p("    }")
	w.p("")
	w.doc("    ", "Returns a cached number.", "@param key the key", "@return the number for the key")
	w.p("    public %s cached(String key) {", n)
	w.p("        return cache.computeIfAbsent(key, s -> %s.valueOf(s.length() * K));", n)
	w.p("    }")
	w.p("")
	w.doc("    ", "Maps the knots.", "@param f the map", "@param <R> the type of the images", "@return the images of the knots")
	w.p("    public <R extends Element<R>> List<R> mapKnots(Converter<%s, R> f) {", n)
	w.p("        List<R> out = new ArrayList<R>(knots.size());")
	w.p("        for (%s knot : knots) {", n)
	w.p("            out.add(f.convert(knot));")
	w.p("        }")
	w.p("        return out;")
	w.p("    }")
	w.p("")
	w.doc("    ", "Returns the knot with the largest value.", "@return the value and the knot")
	w.p("    public Pair<Double, %s> best() {", n)
	w.p("        %s best = knots.get(0);", n)
	w.p("        for (%s knot : knots) {", n)
	w.p("            if (compute(knot.toDouble()) > compute(best.toDouble())) {")
	w.p("                best = knot;")
	w.p("            }")
	w.p("        }")
	w.p("        return new Pair<Double, %s>(compute(best.toDouble()), best);", n)
	w.p("    }")
	w.p("")
	w.doc("    ", "Scales a value.", "@param x the value", "@return the scaled value")
	w.p("    private double scale(double x) {")
	w.p("        return x * K + 0.5;")
	w.p("    }")
	w.p("")
	w.doc("    ", "Scales a value, checking it.", "@param x the value", "@return the scaled value")
	w.p("    public double scaled(double x) {")
	w.p("        return scale(Checks.checkFinite(x));")
	w.p("    }")
	w.p("")
	w.doc("    ", "Returns the model composed with its inner function.", "@return the composition")
	w.p("    public Function composed() {")
	w.p("        return Composition.compose(this, inner, FastOps::abs);")
	w.p("    }")
	if cross {
		w.p("")
		w.doc("    ", fmt.Sprintf("Mixes the model with a %s model.", qt), "@param x the point", "@return the mixed value")
		w.p("    public double mixed(double x) {")
		w.p("        return other.value(x) + other.width() + other.apply(%sNumber.valueOf(x)).toDouble();", qt)
		w.p("    }")
	}
	switch k % 4 {
	case 1:
		w.p("")
		w.p("    @Override")
		w.p("    public Iterator<%s> iterator() {", n)
		w.p("        return knots.iterator();")
		w.p("    }")
	case 3:
		w.p("")
		w.p("    @Override")
		w.p("    public int compareTo(%s o) {", name)
		w.p("        return Double.compare(width(), o.width());")
		w.p("    }")
	}
	steps := 10 + r.IntN(10)
	for i := 0; i < steps; i++ {
		w.p("")
		w.doc("    ", fmt.Sprintf("Step %d of the evaluation.", i), "@param x the point", "@return the partial value")
		w.p("    public double step%d(double x) {", i)
		prev := fmt.Sprintf("step%d(x)", i-1)
		if i == 0 {
			prev = "compute(x)"
		}
		switch (i + k) % 7 {
		case 0:
			w.p("        double acc = Checks.checkFinite(x);")
			w.p("        for (int i = 0; i < %d; i++) {", 2+r.IntN(4))
			w.p("            acc += FastOps.max(acc, %s) * 0.5;", prev)
			w.p("        }")
			w.p("        return acc;")
		case 1:
			w.p("        Function f = inner;")
			w.p("        return f.value(x) + %s;", prev)
		case 2:
			w.p("        Function g = new Function() {")
			w.p("            @Override")
			w.p("            public double value(double y) {")
			w.p("                return y * K + FastOps.sin(y);")
			w.p("            }")
			w.p("        };")
			w.p("        return g.value(x) + Composition.compose(g, inner).value(x) + %s;", prev)
		case 3:
			w.p("        Function h = y -> FastOps.abs(y - K);")
			w.p("        Converter<%s, Double> c = %s::toDouble;", n, n)
			w.p("        return h.value(x) + c.convert(%s.valueOf(x)) + %s;", n, prev)
		case 4:
			w.p("        List<%s> xs = new ArrayList<%s>(knots);", n, n)
			w.p("        Map<String, Double> m = new HashMap<String, Double>();")
			w.p("        for (%s y : xs) {", n)
			w.p("            m.put(y.toString(), y.toDouble());")
			w.p("        }")
			w.p("        return m.size() + ElementUtils.sum(%sField.getInstance(), xs).toDouble() + %s;", n, prev)
		case 5:
			w.p("        %s a = %s.valueOf(x);", n, n)
			w.p("        return a.add(%s.ONE).multiply(a).negate().toDouble() + %s;", n, prev)
		default:
			w.p("        if (!Precision.equals(x, x, 0.0) || x > upper() * %d) {", 10+r.IntN(90))
			w.p("            throw new LibException(Format.OUT_OF_RANGE, x, lower(), upper());")
			w.p("        }")
			w.p("        return %s * 2.0;", prev)
		}
		w.p("    }")
	}
	w.p("}")
	return w.String()
}

var junit4 = []string{"static org.junit.Assert.assertEquals", "static org.junit.Assert.assertNotNull",
	"static org.junit.Assert.assertTrue", "org.junit.Test"}

// abstractModelTest writes the abstract test of package p's models: its tests run in every
// concrete subclass, each creating its model through the create() hook.
func (l lib) abstractModelTest(p int) string {
	var w jw
	t := l.topic(p)
	n := t + "Number"
	a := "Abstract" + t + "Model"
	w.header(l.pkg(p), append(append(core("Function", "LibException"), junit4...), "org.junit.Before", "java.util.ArrayList", "java.util.List")...)
	w.doc("", fmt.Sprintf("Tests every %s model must pass.", t))
	w.p("public abstract class %sTest {", a)
	w.p("    /** The model under test, created before each test. */")
	w.p("    protected %s model;", a)
	w.p("")
	w.doc("    ", "Creates the model under test.", "@return the model")
	w.p("    protected abstract %s create();", a)
	w.p("")
	w.doc("    ", "Returns the scale the model is expected to have.", "@return the scale")
	w.p("    protected abstract double expectedScale();")
	w.p("")
	w.p("    @Before")
	w.p("    public void setUp() {")
	w.p("        model = create();")
	w.p("    }")
	r := l.rng(20, p, 0)
	tests := 10 + r.IntN(8)
	if p%16 == 3 {
		tests = 80 // a long abstract test, like RealVectorAbstractTest
	}
	for i := 0; i < tests; i++ {
		x := float64(r.IntN(200)-100) / 100
		w.p("")
		if i%11 == 10 {
			w.p("    @Test(expected = LibException.class)")
			w.p("    public void testNotFinite%d() {", i)
			w.p("        model.value(Double.NaN);")
			w.p("    }")
			continue
		}
		w.p("    @Test")
		w.p("    public void testCase%d() {", i)
		w.p("        double x = %.2f;", x)
		for j := 0; j < 3+r.IntN(6); j++ {
			switch (i + j) % 9 {
			case 0:
				w.p("        assertEquals(model.value(x), model.value(x), 1.0e-12);")
			case 1:
				w.p("        assertEquals(model.value(x), model.apply(%s.valueOf(x)).toDouble(), 1.0e-9);", n)
			case 2:
				w.p("        assertEquals(model.value(x), model.convert(new %s(x)), 1.0e-9);", n)
			case 3:
				w.p("        assertEquals(model.upper() - model.lower(), model.width(), 1.0e-12);")
			case 4:
				w.p("        Function d%d = model.derivative();", j)
				w.p("        assertTrue(Math.abs(d%d.value(x)) < 1.0e6);", j)
			case 5:
				w.p("        assertEquals(model.derivativeOf(1).value(x), model.derivativeOf(1).value(x), 1.0e-6);")
			case 6:
				w.p("        List<%s> xs%d = new ArrayList<%s>();", n, j, n)
				w.p("        xs%d.add(%s.valueOf(x));", j, n)
				w.p("        assertEquals(1, model.applyAll(xs%d).size());", j)
			case 7:
				w.p("        assertNotNull(model.name());")
				w.p("        assertTrue(model.getEvaluations() >= 0);")
			default:
				w.p("        assertEquals(model.value(x, 1.0), model.value(x) + model.value(1.0) * x, 1.0e-9 * expectedScale());")
			}
		}
		w.p("    }")
	}
	w.p("}")
	return w.String()
}

// modelTest writes the test of model k: for even k a subclass of the abstract test that
// overrides the factory hooks, and for all its own tests.
func (l lib) modelTest(p, k int) string {
	var w jw
	t := l.topic(p)
	n := t + "Number"
	name := fmt.Sprintf("%sModel%d", t, k)
	r := l.rng(21, p, k)
	w.header(l.pkg(p), append(append(core("Function", "Pair"), junit4...), "java.util.List")...)
	if k%2 == 0 {
		w.p("public class %sTest extends Abstract%sModelTest {", name, t)
		w.p("    @Override")
		w.p("    protected Abstract%sModel create() {", t)
		w.p("        return new %s();", name)
		w.p("    }")
		w.p("")
		w.p("    @Override")
		w.p("    protected double expectedScale() {")
		w.p("        return %s.K;", name)
		w.p("    }")
		w.p("")
	} else {
		w.p("public class %sTest {", name)
	}
	w.p("    @Test")
	w.p("    public void testScaled() {")
	w.p("        %s m = new %s();", name, name)
	w.p("        assertEquals(%s.K + 0.5, m.scaled(1.0), 1.0e-12);", name)
	w.p("        assertEquals(0.5, m.scaled(0.0), 1.0e-12);")
	w.p("    }")
	w.p("")
	w.p("    @Test")
	w.p("    public void testShifted() {")
	w.p("        %s m = new %s();", name, name)
	w.p("        double r = m.shifted(m.value(0.25));")
	w.p("        assertTrue(r >= m.lower() && r <= m.upper());")
	w.p("        assertTrue(m.root() >= m.lower());")
	w.p("    }")
	w.p("")
	w.p("    @Test")
	w.p("    public void testGenerics() {")
	w.p("        %s m = new %s();", name, name)
	w.p("        List<Double> values = m.sample();")
	w.p("        List<%s> negated = m.mapKnots(%s::negate);", n, n)
	w.p("        Pair<Double, %s> best = m.best();", n)
	w.p("        assertEquals(4, values.size());")
	w.p("        assertEquals(4, negated.size());")
	w.p("        assertNotNull(best.getValue());")
	w.p("        assertEquals(m.cached(\"abc\"), m.cached(\"xyz\"));")
	w.p("    }")
	w.p("")
	w.p("    @Test")
	w.p("    public void testComposed() {")
	w.p("        Function f = new %s().composed();", name)
	w.p("        Function g = new Function() {")
	w.p("            @Override")
	w.p("            public double value(double x) {")
	w.p("                return x * %s.K;", name)
	w.p("            }")
	w.p("        };")
	w.p("        assertTrue(f.value(0.5) >= 0.0);")
	w.p("        assertEquals(g.value(2.0), 2.0 * %s.K, 1.0e-12);", name)
	w.p("    }")
	for i := 0; i < 1+r.IntN(2); i++ {
		w.p("")
		w.p("    @Test")
		w.p("    public void testStep%d() {", i)
		w.p("        %s m = new %s();", name, name)
		for j := 0; j < 2+r.IntN(2); j++ {
			x := float64(r.IntN(100)) / 100
			w.p("        assertEquals(m.step%d(%.2f), m.step%d(%.2f), 1.0e-9);", i, x, i, x)
		}
		w.p("    }")
	}
	w.p("}")
	return w.String()
}

// numberTest writes the test of package p's Number: it extends the core's generic abstract
// element test and adds many tests with several assertions on different receivers. Every
// fourth package's is a long file (2,000 to 5,000 lines).
func (l lib) numberTest(p int) string {
	var w jw
	t := l.topic(p)
	n := t + "Number"
	r := l.rng(22, p, 0)
	w.header(l.pkg(p), append(append(core("AbstractElementTest", "LibException"), junit4...), "static org.junit.Assert.assertFalse")...)
	w.p("public class %sTest extends AbstractElementTest<%s> {", n, n)
	w.p("    @Override")
	w.p("    protected %s build(double x) {", n)
	w.p("        return new %s(x);", n)
	w.p("    }")
	lines := 1000 + r.IntN(800)
	if longNumberTest(p) {
		lines = 2000 + r.IntN(3000)
	}
	ops := []struct{ call, want string }{
		{"a.add(b)", "%[1]v + %[2]v"}, {"a.subtract(b)", "%[1]v - %[2]v"}, {"a.negate()", "-(%[1]v)"},
		{"b.negate()", "-(%[2]v)"}, {"a.multiply(b)", "%[1]v * %[2]v"}, {"a.multiply(3)", "%[1]v * 3"},
		{"a.abs()", "Math.abs(%[1]v)"}, {"b.abs()", "Math.abs(%[2]v)"}, {"a.max(b)", "Math.max(%[1]v, %[2]v)"},
		{"a.min(b)", "Math.min(%[1]v, %[2]v)"}, {"a.pow(2)", "%[1]v * %[1]v"}, {"c.add(a)", "%[3]v + %[1]v"},
		{"c.multiply(b)", "%[3]v * %[2]v"}, {"a.linearCombination(b, c, a)", "%[1]v * %[2]v + %[3]v * %[1]v"},
	}
	for i := 0; w.lines < lines; i++ {
		a, b, c := float64(r.IntN(2000)-1000)/100, float64(r.IntN(1000)+1)/100, float64(r.IntN(500))/100
		w.p("")
		switch i % 17 {
		case 16:
			w.p("    @Test(expected = LibException.class)")
			w.p("    public void testZeroReciprocal%d() {", i)
			w.p("        %s.ZERO.multiply(%s.valueOf(%.2f)).reciprocal();", n, n, a)
			w.p("    }")
			continue
		case 8:
			w.p("    @Test")
			w.p("    public void testCompare%d() {", i)
			w.p("        %s a = new %s(%.2f);", n, n, a)
			w.p("        %s b = %s.valueOf(%.2f);", n, n, b)
			w.p("        assertEquals(Double.compare(%.2f, %.2f), a.compareTo(b));", a, b)
			w.p("        assertEquals(a, new %s(%.2f));", n, a)
			w.p("        assertFalse(a.equals(b) && %.2f != %.2f);", a, b)
			w.p("        assertTrue(a.hashCode() == new %s(%.2f).hashCode());", n, a)
			w.p("    }")
			continue
		}
		w.doc("    ", fmt.Sprintf("Checks arithmetic on %.2f and %.2f.", a, b))
		w.p("    @Test")
		w.p("    public void testArithmetic%d() {", i)
		w.p("        %s a = new %s(%.2f);", n, n, a)
		w.p("        %s b = %s.valueOf(%.2f);", n, n, b)
		if i%4 == 0 {
			w.p("        %s c = %s.ONE.multiply(%d).add(new %s(%.2f));", n, n, 1+r.IntN(5), n, c-1)
		} else {
			w.p("        %s c = new %s(%.2f);", n, n, c)
		}
		for j := 0; j < 2+r.IntN(5); j++ {
			op := ops[r.IntN(len(ops))]
			want := fmt.Sprintf(op.want, fmt.Sprintf("%.2f", a), fmt.Sprintf("%.2f", b), "c.toDouble()")
			w.p("")
			w.p("        %s r%d = %s;", n, j, op.call)
			w.p("        double e%d = %s;", j, want)
			w.p("        assertEquals(e%d, r%d.toDouble(), 1.0e-9);", j, j)
		}
		w.p("    }")
	}
	w.p("}")
	return w.String()
}

func (l lib) fieldTest(p int) string {
	var w jw
	t := l.topic(p)
	n := t + "Number"
	w.header(l.pkg(p), junit4...)
	w.p("public class %sFieldTest {", n)
	w.p("    @Test")
	w.p("    public void testIdentities() {")
	w.p("        %sField field = %sField.getInstance();", n, n)
	w.p("        assertEquals(0.0, field.getZero().toDouble(), 0.0);")
	w.p("        assertEquals(1.0, field.getOne().toDouble(), 0.0);")
	w.p("        assertEquals(%s.class, field.getRuntimeClass());", n)
	w.p("        assertNotNull(%s.ONE.getField());", n)
	w.p("    }")
	w.p("")
	w.p("    @Test")
	w.p("    public void testSingleton() {")
	w.p("        assertTrue(%sField.getInstance() == %s.ZERO.getField());", n, n)
	w.p("    }")
	w.p("}")
	return w.String()
}

// solverTest writes tests that pass anonymous classes (of the core Function and of the
// package's own Function), lambdas, method references and models to the package's solver.
func (l lib) solverTest(p int) string {
	var w jw
	t := l.topic(p)
	r := l.rng(23, p, 0)
	w.header(l.pkg(p), append(core("FastOps", "Function"), junit4...)...)
	w.p("public class %sSolverTest {", t)
	for i := 0; i < 8+r.IntN(8); i++ {
		c := float64(1+r.IntN(8)) / 2
		w.p("")
		w.p("    @Test")
		switch i % 5 {
		case 0:
			w.p("    public void testAnonymous%d() {", i)
			w.p("        %sSolver<Function> solver = new %sSolver<Function>(1.0e-10);", t, t)
			w.p("        double r = solver.solve(100, new Function() {")
			w.p("            @Override")
			w.p("            public double value(double x) {")
			w.p("                return x * x - %.1f;", c)
			w.p("            }")
			w.p("        }, 0.0, %.1f);", c+1)
			w.p("        assertEquals(FastOps.sqrt(%.1f), r, 1.0e-8);", c)
			w.p("        assertTrue(solver.getEvaluations() > 0);")
		case 1:
			w.p("    public void testLambda%d() {", i)
			w.p("        %sSolver<Function> solver = new %sSolver<Function>(1.0e-10);", t, t)
			w.p("        assertEquals(%.1f, solver.solve(100, x -> x - %.1f, -10.0, 10.0), 1.0e-8);", c, c)
			w.p("        assertEquals(1.0e-10, solver.getAccuracy(), 0.0);")
		case 2:
			w.p("    public void testPackageFunction%d() {", i)
			w.p("        %sSolver<%sFunction> solver = new %sSolver<%sFunction>(1.0e-10);", t, t, t, t)
			w.p("        %sFunction f = new %sFunction() {", t, t)
			w.p("            @Override")
			w.p("            public double value(double x) {")
			w.p("                return FastOps.sin(x) - %.2f;", c/5)
			w.p("            }")
			w.p("")
			w.p("            @Override")
			w.p("            public double[] domain() {")
			w.p("                return new double[] { 0.0, 1.5 };")
			w.p("            }")
			w.p("        };")
			w.p("        double r = solver.solve(100, f, 0.0, 1.5);")
			w.p("        assertTrue(f.contains(r));")
			w.p("        assertEquals(%.2f, FastOps.sin(r), 1.0e-8);", c/5)
		case 3:
			w.p("    public void testMethodReference%d() {", i)
			w.p("        %sSolver<Function> solver = new %sSolver<Function>(1.0e-10);", t, t)
			w.p("        assertEquals(0.0, solver.solve(100, FastOps::sin, -1.0, 1.0), 1.0e-8);")
			w.p("        assertEquals(0.0, solver.solve(100, %sMode.ACCURATE, -1.0, 1.0), 1.0e-8);", t)
		default:
			m := r.IntN(libModels)
			w.p("    public void testModel%d() {", i)
			w.p("        %sModel%d model = new %sModel%d();", t, m, t, m)
			w.p("        %sSolver<%sFunction> solver = new %sSolver<%sFunction>(1.0e-10);", t, t, t, t)
			w.p("        double r = solver.solve(200, model, model.lower(), model.upper());")
			w.p("        assertTrue(model.contains(r));")
			w.p("        assertTrue(solver.getEvaluations() <= 200);")
		}
		w.p("    }")
	}
	w.p("}")
	return w.String()
}

func (l lib) vectorTest(p int) string {
	var w jw
	t := l.topic(p)
	n := t + "Number"
	v := t + "Vector"
	r := l.rng(24, p, 0)
	w.header(l.pkg(p), append(append(core("Converter"), junit4...), "java.util.ArrayList", "java.util.List", "java.util.Map")...)
	w.p("public class %sTest {", v)
	w.p("    private static %s<%s> vector(double... xs) {", v, n)
	w.p("        List<%s> data = new ArrayList<%s>();", n, n)
	w.p("        for (double x : xs) {")
	w.p("            data.add(new %s(x));", n)
	w.p("        }")
	w.p("        return %s.of(%sField.getInstance(), data);", v, n)
	w.p("    }")
	for i := 0; i < 6+r.IntN(6); i++ {
		a, b := float64(r.IntN(10)), float64(r.IntN(10))
		w.p("")
		w.p("    @Test")
		w.p("    public void testVector%d() {", i)
		w.p("        %s<%s> u = vector(%.1f, %.1f, 0.0);", v, n, a, b)
		w.p("        %s<%s> w = vector(1.0, 2.0, 3.0);", v, n)
		w.p("        assertEquals(%.1f, u.dotProduct(w).toDouble(), 1.0e-12);", a+2*b)
		w.p("        assertEquals(%.1f, u.add(w).sum().toDouble(), 1.0e-12);", a+b+6)
		w.p("        Map<Integer, %s> nz = u.nonZero();", n)
		w.p("        assertTrue(nz.size() <= 2);")
		w.p("        Converter<%s, %s> twice = x -> x.multiply(2);", n, n)
		w.p("        assertEquals(%.1f, u.mapToSelf(twice).getEntry(0).toDouble(), 1.0e-12);", 2*a)
		w.p("        assertEquals(3, w.map(%sField.getInstance(), %s::negate).getDimension());", n, n)
		w.p("    }")
	}
	w.p("}")
	return w.String()
}

func (l lib) utilsTest(p int) string {
	var w jw
	t := l.topic(p)
	n := t + "Number"
	w.header(l.pkg(p), append(append(core("Function"), junit4...), "java.util.Arrays", "java.util.List", "java.util.Map")...)
	w.p("public class %sUtilsTest {", t)
	w.p("    @Test")
	w.p("    public void testEvaluate() {")
	w.p("        double[] ys = %sUtils.evaluate(x -> 2 * x, new double[] { 1.0, 2.0 });", t)
	w.p("        assertEquals(2.0, ys[0], 0.0);")
	w.p("        assertEquals(4.0, ys[1], 0.0);")
	w.p("    }")
	w.p("")
	w.p("    @Test")
	w.p("    public void testLargestAndGroup() {")
	w.p("        List<%s> xs = Arrays.asList(new %s(-1.0), new %s(3.0), new %s(2.0));", n, n, n, n)
	w.p("        assertEquals(3.0, %sUtils.largest(xs).toDouble(), 0.0);", t)
	w.p("        Map<String, List<%s>> groups = %sUtils.group(xs);", n, t)
	w.p("        assertEquals(2, groups.get(\"positive\").size());")
	w.p("        assertTrue(%sUtils.BY_VALUE.compare(xs.get(0), xs.get(1)) < 0);", t)
	w.p("        assertEquals(Math.sqrt(14.0), %sUtils.norm(xs), 1.0e-9);", t)
	w.p("    }")
	w.p("")
	w.p("    @Test")
	w.p("    public void testSumAndAccumulator() {")
	w.p("        Function f = %sUtils.sum(x -> x, new Function() {", t)
	w.p("            @Override")
	w.p("            public double value(double x) {")
	w.p("                return 1.0;")
	w.p("            }")
	w.p("        });")
	w.p("        %sUtils.Accumulator acc = new %sUtils.Accumulator(f);", t, t)
	w.p("        acc.value(1.0);")
	w.p("        acc.value(2.0);")
	w.p("        assertEquals(5.0, acc.getTotal(), 0.0);")
	w.p("        assertNotNull(%sUtils.defaultModel().name());", t)
	w.p("    }")
	w.p("}")
	return w.String()
}

func (l lib) modeTest(p int) string {
	var w jw
	t := l.topic(p)
	n := t + "Number"
	w.header(l.pkg(p), junit4...)
	w.p("public class %sModeTest {", t)
	w.p("    @Test")
	w.p("    public void testFast() {")
	w.p("        assertEquals(2.0, %sMode.FAST.value(2.0), 0.0);", t)
	w.p("        assertEquals(2.0, %sMode.FAST.apply(new %s(2.0)).toDouble(), 0.0);", t, n)
	w.p("    }")
	w.p("")
	w.p("    @Test")
	w.p("    public void testAll() {")
	w.p("        for (%sMode m : %sMode.values()) {", t, t)
	w.p("            assertNotNull(m.apply(%s.ONE));", n)
	w.p("            assertTrue(m.value(0.0) == m.value(0.0));")
	w.p("        }")
	w.p("    }")
	w.p("}")
	return w.String()
}
