package runner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunWorkingFolderHoldsSourcesNotTheProject runs a test that reads its module's
// sources by relative path, as commons-lang's Javadoc checks do, and its module's own
// files (pom.xml, LICENSE.txt, as commons-io and commons-codec tests do), and writes a file
// there: all are readable, and the write lands in the runner's copy, not the project.
func TestRunWorkingFolderHoldsSourcesNotTheProject(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "junit5")
	test := `package shop;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class SourcesTest {
    @Test
    void readsItsSources() throws Exception {
        assertTrue(Files.readString(Path.of("src/main/java/shop/Cart.java")).contains("class Cart"));
        assertTrue(Files.exists(Path.of("src/test/java/shop/SourcesTest.java")));
        assertTrue(Files.readString(Path.of("pom.xml")).contains("<project"));
        assertTrue(Files.readString(Path.of("LICENSE.txt")).contains("Apache"));
        Files.writeString(Path.of("scratch.txt"), "written by a test");
    }
}
`
	if err := os.WriteFile(filepath.Join(root, "src/test/java/shop/SourcesTest.java"), []byte(test), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "LICENSE.txt"), []byte("Apache License, Version 2.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := mustRun(t, Request{Root: root, CacheDir: cache, Selectors: []Selector{{Class: "shop.SourcesTest"}}})
	if r := result(t, res, "shop.SourcesTest", "readsItsSources"); r.Status != StatusPassed {
		t.Fatalf("readsItsSources = %+v\n%s", r, res.Output)
	}
	if _, err := os.Stat(filepath.Join(root, "scratch.txt")); err == nil {
		t.Fatal("the test wrote into the project folder")
	}
}

// TestRunJUnit3Project runs a JUnit 3.8 TestCase (joda-time, commons-jxpath): the Vintage
// engine refuses JUnit older than 4.12, so the run launches with JUnit 4.13, which keeps
// junit.framework.
func TestRunJUnit3Project(t *testing.T) {
	t.Parallel()
	root, cache := fixture(t, "junit4")
	pom, err := os.ReadFile(filepath.Join(root, "pom.xml"))
	if err != nil {
		t.Fatal(err)
	}
	test := `package calc;

import junit.framework.TestCase;

public class LegacyTest extends TestCase {
    public void testPasses() {
        assertEquals(1, 1);
    }

    public void testFails() {
        assertEquals(1, 2);
    }
}
`
	for name, content := range map[string]string{
		"pom.xml":                            strings.Replace(string(pom), "<junit.version>4.13.2</junit.version>", "<junit.version>3.8.1</junit.version>", 1),
		"src/test/java/calc/LegacyTest.java": test,
	} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Remove(filepath.Join(root, "src/test/java/calc/FractionTest.java")); err != nil {
		t.Fatal(err) // JUnit 4 annotations do not compile against JUnit 3
	}
	res := mustRun(t, Request{Root: root, CacheDir: cache, Selectors: []Selector{{Class: "calc.LegacyTest"}}})
	if len(res.CompileErrors) != 0 {
		t.Fatalf("compile errors: %+v", res.CompileErrors)
	}
	if r := result(t, res, "calc.LegacyTest", "testPasses"); r.Status != StatusPassed {
		t.Errorf("testPasses = %+v\n%s", r, res.Output)
	}
	if r := result(t, res, "calc.LegacyTest", "testFails"); r.Status != StatusFailed {
		t.Errorf("testFails = %+v\n%s", r, res.Output)
	}
}
