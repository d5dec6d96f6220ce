// Package javagen writes a synthetic, deterministic Java project for benchmarks: packages of
// production classes with class hierarchies, interfaces (with default methods), fields of
// other classes' types, calls between classes, static constants, and JUnit 5 test classes
// with several assertions each. The defaults give about 300k lines, the size the design's
// performance targets are stated for.
package javagen

import (
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
}

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
	dir := filepath.Join(os.TempDir(), "assertlens-bench-project")
	marker := filepath.Join(dir, ".complete")
	want := fmt.Sprintf("%+v generator v2\n", Default)
	if got, err := os.ReadFile(marker); err == nil && string(got) == want {
		return dir, nil
	}
	if err := os.RemoveAll(dir); err != nil {
		return "", fmt.Errorf("javagen: clear %s: %w", dir, err)
	}
	if err := Write(dir, Default); err != nil {
		return "", err
	}
	if err := os.WriteFile(marker, []byte(want), 0o644); err != nil {
		return "", fmt.Errorf("javagen: mark %s complete: %w", dir, err)
	}
	return dir, nil
}
