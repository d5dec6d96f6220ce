package runner

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRunWorkingFolderHoldsSourcesNotTheProject runs a test that reads its module's
// sources by relative path, as commons-lang's Javadoc checks do, and writes a file there:
// the sources are readable, and the write lands in the runner's copy, not the project.
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
        Files.writeString(Path.of("scratch.txt"), "written by a test");
    }
}
`
	if err := os.WriteFile(filepath.Join(root, "src/test/java/shop/SourcesTest.java"), []byte(test), 0o644); err != nil {
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
