package runner

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRunGeneratedSliceMapsLinesBack(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "junit4")
	const gen = "src/test/java/calc/FractionTest_Slice1.java"
	src := `package calc;

import static org.junit.Assert.assertEquals;

public class FractionTest_Slice1 {
    @org.junit.Test
    public void negatesValue() {
        Fraction f = new Fraction(3, 4);
        assertEquals(-0.75, f.negate().value(), 1e-9);
    }
}
`
	res := mustRun(t, Request{
		Root: root, CacheDir: cache,
		Generated: map[string][]byte{gen: []byte(src)},
		LineMaps:  map[string]map[int]int{gen: {8: 16, 9: 17}},
		Origins:   map[string]string{gen: "src/test/java/calc/FractionTest.java"},
		Selectors: []Selector{{Class: "calc.FractionTest_Slice1", Method: "negatesValue"}},
	})
	r := result(t, res, "calc.FractionTest_Slice1", "negatesValue")
	if r.Status != StatusFailed || r.File != "src/test/java/calc/FractionTest.java" || r.Line != 17 {
		t.Errorf("slice result = %+v", r)
	}
	// A compile error in a generated file is reported at the original place too.
	res = mustRun(t, Request{
		Root: root, CacheDir: cache,
		Generated: map[string][]byte{gen: []byte(src[:len(src)-40] + "undefinedCall();\n    }\n}\n")},
		LineMaps:  map[string]map[int]int{gen: {9: 17}},
		Origins:   map[string]string{gen: "src/test/java/calc/FractionTest.java"},
		Selectors: []Selector{{Class: "calc.FractionTest_Slice1", Method: "negatesValue"}},
	})
	if len(res.CompileErrors) != 1 || res.CompileErrors[0].File != "src/test/java/calc/FractionTest.java" || res.CompileErrors[0].Line != 17 {
		t.Errorf("compile errors = %+v\n%s", res.CompileErrors, res.Output)
	}
}

// TestProcessorOutputIsNotCompiled: what annotation processors wrote in an earlier Maven
// build (target/generated-sources/annotations) is indexed but never compiled, since the
// processors write it again during the compile; compiling it too declared its classes
// twice. Here a stale copy of Fraction stands for such a file.
func TestProcessorOutputIsNotCompiled(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "junit4")
	writeFile(t, root, "target/generated-sources/annotations/calc/Fraction.java", "package calc;\n\npublic class Fraction {\n}\n")
	res := mustRun(t, Request{Root: root, CacheDir: cache, Selectors: []Selector{{Class: "calc.FractionTest"}}})
	if len(res.CompileErrors) > 0 {
		t.Fatalf("compile errors = %+v\n%s", res.CompileErrors, res.Output)
	}
	if len(res.Tests) == 0 {
		t.Errorf("no test ran: %+v", res)
	}
}

// TestResourcesWhereTheBuildPutsThem: Maven copies test resources into target/test-classes
// and tests open them there by a path relative to the module (commons-configuration's
// ConfigurationAssert); the test working folder has them at that path too.
func TestResourcesWhereTheBuildPutsThem(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "junit4")
	writeFile(t, root, "src/test/resources/greeting.txt", "hello")
	writeFile(t, root, "src/test/java/calc/GreetingTest.java", `package calc;

import static org.junit.Assert.assertEquals;

import java.nio.file.Files;
import java.nio.file.Paths;
import org.junit.Test;

public class GreetingTest {
    @Test
    public void readsTheCopiedResource() throws Exception {
        assertEquals("hello", new String(Files.readAllBytes(Paths.get("target/test-classes/greeting.txt")), "UTF-8"));
    }
}
`)
	res := mustRun(t, Request{Root: root, CacheDir: cache, Selectors: []Selector{{Class: "calc.GreetingTest"}}})
	if r := result(t, res, "calc.GreetingTest", "readsTheCopiedResource"); r.Status != StatusPassed {
		t.Errorf("result = %+v\n%s", r, res.Output)
	}
}

// TestTestsCompileForTheirOwnRelease: a build whose tests compile for a later release than
// its main sources (maven.compiler.testRelease, here in a profile the running JDK
// activates, as gson's module sets 17 for its record tests) gets its tests compiled for
// that release; compiled for the main release, the record did not compile.
func TestTestsCompileForTheirOwnRelease(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "junit4")
	editFile(t, root, "pom.xml", "</dependencies>", `</dependencies>
  <profiles>
    <profile>
      <id>records</id>
      <activation><jdk>[17,)</jdk></activation>
      <properties><maven.compiler.testRelease>17</maven.compiler.testRelease></properties>
    </profile>
  </profiles>`)
	writeFile(t, root, "src/test/java/calc/PairTest.java", `package calc;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class PairTest {
    record Pair(int a, int b) { }

    @Test
    public void sums() {
        Pair p = new Pair(1, 2);
        assertEquals(3, p.a() + p.b());
    }
}
`)
	res := mustRun(t, Request{Root: root, CacheDir: cache, Selectors: []Selector{{Class: "calc.PairTest"}}})
	if len(res.CompileErrors) > 0 {
		t.Fatalf("compile errors = %+v", res.CompileErrors)
	}
	if r := result(t, res, "calc.PairTest", "sums"); r.Status != StatusPassed {
		t.Errorf("result = %+v\n%s", r, res.Output)
	}
}

// writeFile writes text to the slash path rel under root, making its folders.
func writeFile(t *testing.T, root, rel, text string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
