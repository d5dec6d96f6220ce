package analysis

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for rel, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDirSourceSkipsBuildOutputs(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"src/main/java/a/A.java":            "package a; class A {}",
		"src/main/java/a/build/Tool.java":   "package a.build; class Tool {}",
		"target/classes/a/Gen.java":         "package a; class Gen {}",
		"build/generated/B.java":            "class B {}",
		"sub/pom.xml":                       "<project/>",
		"src/main/resources/app.properties": "x=1",
		"notes.txt":                         "ignored",
	})
	files, err := DirSource{Root: dir}.List()
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(files, ",")
	// A package named build is a source folder, not the build's output.
	want := "src/main/java/a/A.java,src/main/java/a/build/Tool.java,src/main/resources/app.properties,sub/pom.xml"
	if got != want {
		t.Fatalf("listed %s, want %s", got, want)
	}
}

func TestDirSourceRespectsGitignore(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("git is required")
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		".gitignore":               "generated/\n",
		"src/A.java":               "class A {}",
		"generated/Skip.java":      "class Skip {}",
		"src/test/java/ATest.java": "class ATest { @Test void t() {} }",
	})
	run(t, dir, "git", "init", "-q")
	files, err := DirSource{Root: dir}.List()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(files, ","); got != "src/A.java,src/test/java/ATest.java" {
		t.Fatalf("listed %s", got)
	}
}

func run(t *testing.T, dir string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return string(out)
}

func TestGitRevisionSourceAndDiff(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"src/main/java/a/A.java": "package a;\npublic class A {\n  int f() { return 1; }\n}\n"})
	run(t, dir, "git", "init", "-q")
	run(t, dir, "git", "add", "-A")
	run(t, dir, "git", "commit", "-qm", "one")
	writeFiles(t, dir, map[string]string{"src/main/java/a/A.java": "package a;\npublic class A {\n  int f() { return 2; }\n}\n"})
	old, cur, commit := headAndWorkTree(t, dir)
	if len(commit) != 40 {
		t.Fatalf("commit %q", commit)
	}
	ch := Diff(old, cur)
	if len(ch) != 1 || ch[0].ID != "a.A#f()" || ch[0].Change != "modified" || !ch[0].Rerun {
		t.Fatalf("changes = %+v", ch)
	}
	if _, err := OpenGitSource(dir, "no-such-rev"); err == nil {
		t.Fatal("unknown revision accepted")
	}
}

// headAndWorkTree builds the snapshots of dir's HEAD and of its work tree, and names the
// commit HEAD resolved to.
func headAndWorkTree(t *testing.T, dir string) (head, work *Snapshot, commit string) {
	t.Helper()
	src, commit, err := RevisionSource(dir, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if head, err = Build(context.Background(), dir, src, nil); err != nil {
		t.Fatal(err)
	}
	if work, err = Build(context.Background(), dir, DirSource{Root: dir}, nil); err != nil {
		t.Fatal(err)
	}
	return head, work, commit
}

// A repository may lack some objects (a partial copy, a mirror without its large files,
// checked out sparsely): the revision reads without them instead of failing.
func TestGitRevisionSourceWithoutSomeObjects(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"src/main/java/a/A.java":         "package a;\npublic class A {\n  int f() { return 1; }\n}\n",
		"src/test/resources/a/large.csv": "a,b\n1,2\n",
	})
	run(t, dir, "git", "init", "-q")
	run(t, dir, "git", "add", "-A")
	run(t, dir, "git", "commit", "-qm", "one")
	blob := strings.TrimSpace(run(t, dir, "git", "rev-parse", "HEAD:src/test/resources/a/large.csv"))
	if err := os.Remove(filepath.Join(dir, ".git", "objects", blob[:2], blob[2:])); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "src/test/resources/a/large.csv")); err != nil {
		t.Fatal(err) // as a sparse checkout leaves it
	}
	src, _, err := RevisionSource(dir, "HEAD")
	if err != nil {
		t.Fatalf("revision with a missing object: %v", err)
	}
	files, err := src.List()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(files, ","); got != "src/main/java/a/A.java" {
		t.Fatalf("listed %s", got)
	}
	old, err := Build(context.Background(), dir, src, nil)
	if err != nil {
		t.Fatal(err)
	}
	cur, err := Build(context.Background(), dir, DirSource{Root: dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ch := Diff(old, cur); len(ch) != 0 {
		t.Fatalf("changes = %+v", ch)
	}
}

func TestCacheRoundTripAndCorruption(t *testing.T) {
	dir := t.TempDir()
	src := MemorySource{Name: "m", Files: map[string][]byte{"src/main/java/A.java": []byte("class A { int f() { return 1; } }")}}
	c := OpenCache(dir)
	s1, err := Build(context.Background(), "/r", src, c)
	if err != nil {
		t.Fatal(err)
	}
	if s1.Cached != 0 {
		t.Fatalf("cold build reported %d cached", s1.Cached)
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	s2, err := Build(context.Background(), "/r", src, OpenCache(dir))
	if err != nil {
		t.Fatal(err)
	}
	if s2.Cached != 1 || s2.Files["src/main/java/A.java"].Types[0].Members[0].ID != "A#f()" {
		t.Fatalf("warm build: cached=%d", s2.Cached)
	}
	if err := os.WriteFile(filepath.Join(dir, "index.gob"), []byte("garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	s3, err := Build(context.Background(), "/r", src, OpenCache(dir))
	if err != nil {
		t.Fatal(err)
	}
	if s3.Cached != 0 || len(s3.Files) != 1 {
		t.Fatalf("corrupt cache was trusted: cached=%d", s3.Cached)
	}
}

func TestBadInputsAreReportedNotFatal(t *testing.T) {
	big := make([]byte, MaxFileSize+1)
	for i := range big {
		big[i] = ' '
	}
	src := MemorySource{Name: "m", Files: map[string][]byte{
		"src/main/java/Bin.java":    {0, 1, 2, 0xff},
		"src/main/java/Big.java":    big,
		"src/main/java/Latin.java":  []byte("class Latin { String s = \"caf\xe9\"; void m() {} }"),
		"src/main/java/Broken.java": []byte("class Broken { void ok() { } void bad( { "),
		// A NUL character inside a literal (fuzzing tests have them) is still Java source.
		"src/test/java/NulTest.java": []byte("class NulTest { @Test void fuzz() { check(\"a\x00b\x00\x00\x00\x00\x00\x00\"); } void after() {} }"),
		// Many NULs and no type declaration: binary even though it is valid UTF-8.
		"src/main/java/Utf16.java": []byte("c\x00l\x00a\x00s\x00s\x00 \x00X\x00 \x00{\x00}\x00"),
	}}
	s, err := Build(context.Background(), "/r", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := s.Stats()
	msgs := map[string]string{}
	for _, pe := range st.ParseErrors {
		msgs[pe.File] += pe.Message
	}
	if !strings.Contains(msgs["src/main/java/Bin.java"], "binary") || !strings.Contains(msgs["src/main/java/Utf16.java"], "binary") || !strings.Contains(msgs["src/main/java/Big.java"], "too large") {
		t.Fatalf("parse errors = %v", msgs)
	}
	if msgs["src/main/java/Broken.java"] == "" {
		t.Fatal("syntax error not reported")
	}
	if msgs["src/test/java/NulTest.java"] != "" || s.Type("NulTest") == nil || s.Type("NulTest").Member("NulTest#after()") == nil {
		t.Fatalf("a source with a NUL in a literal was not parsed: %q", msgs["src/test/java/NulTest.java"])
	}
	if s.Type("Latin") == nil || s.Type("Latin").Member("Latin#m()") == nil {
		t.Fatal("non-UTF-8 file lost its members")
	}
	if b := s.Type("Broken"); b == nil || b.Member("Broken#ok()") == nil {
		t.Fatal("broken file lost its good member")
	}
}

// TestGeneratedSourcesAreIndexed: a module whose build generates sources (commons-jexl's
// JavaCC parser) calls project code from them; without reading them the graph missed
// every test that reaches a project method through the parser (57,933 statements on
// commons-jexl). They are read where the build left them, whether git ignores target or
// not, and only for a module that declares a generator.
func TestGeneratedSourcesAreIndexed(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("git is required")
	}
	const generator = `<build><plugins><plugin><groupId>com.helger.maven</groupId><artifactId>ph-javacc-maven-plugin</artifactId></plugin></plugins></build>`
	files := func(pom string) map[string]string {
		return map[string]string{
			".gitignore":                    "target/\n",
			"pom.xml":                       "<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>a</artifactId><version>1</version>" + pom + "</project>",
			"src/main/java/app/Helper.java": "package app; public class Helper { public static int visit() { return 1; } }",
			"target/generated-sources/javacc/app/GenParser.java": "package app; public class GenParser { public int parse() { return Helper.visit(); } }",
			"target/classes/app/Stale.java":                      "package app; public class Stale {}",
			"src/test/java/app/ParserTest.java": "package app; import org.junit.jupiter.api.Test; import static org.junit.jupiter.api.Assertions.assertEquals;\n" +
				"class ParserTest { @Test void parses() { assertEquals(1, new GenParser().parse()); } }",
		}
	}
	for _, c := range []struct {
		name         string
		pom          string
		git, reaches bool
	}{
		{"generator, git", generator, true, true},
		{"generator, no git", generator, false, true},
		{"no generator", "", true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, files(c.pom))
			if c.git {
				run(t, dir, "git", "init", "-q")
			}
			s, err := Build(context.Background(), dir, DirSource{Root: dir}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if s.Files["target/classes/app/Stale.java"] != nil {
				t.Error("a source among the build's classes was indexed")
			}
			_, reached := BuildGraph(s).Reach([]string{"app.Helper#visit()"})["app.ParserTest#parses()"]
			if reached != c.reaches {
				t.Errorf("an edit to Helper#visit reaches the test through the generated parser: %v, want %v (indexed: %v)",
					reached, c.reaches, s.Files["target/generated-sources/javacc/app/GenParser.java"] != nil)
			}
		})
	}
}

// TestGeneratedSourcesReadTheSameAtARevision: what the build generated (a JavaCC parser in
// target/generated-sources, which git ignores) is read from the work tree for a revision
// too, so that comparing the work tree with HEAD finds the user's edit only. Before, every
// generated class was "added" and selected most of commons-configuration's suite for any
// edit. Tracked sources still come from the revision.
func TestGeneratedSourcesReadTheSameAtARevision(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		".gitignore": "target/\n",
		"pom.xml": "<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>a</artifactId><version>1</version>" +
			"<build><plugins><plugin><groupId>com.helger.maven</groupId><artifactId>ph-javacc-maven-plugin</artifactId></plugin></plugins></build></project>",
		"src/main/java/app/Helper.java": "package app; public class Helper { public static int visit() { return 1; } }",
	})
	run(t, dir, "git", "init", "-q")
	run(t, dir, "git", "add", "-A")
	run(t, dir, "git", "commit", "-qm", "one")
	writeFiles(t, dir, map[string]string{
		"target/generated-sources/javacc/app/GenParser.java": "package app; public class GenParser { public int parse() { return Helper.visit(); } }",
		"src/main/java/app/Helper.java":                      "package app; public class Helper { public static int visit() { return 2; } }",
	})
	old, cur, _ := headAndWorkTree(t, dir)
	if old.Files["target/generated-sources/javacc/app/GenParser.java"] == nil {
		t.Error("the revision does not read the generated parser")
	}
	ch := Diff(old, cur)
	if len(ch) != 1 || ch[0].ID != "app.Helper#visit()" {
		t.Fatalf("changes = %+v, want the edit to Helper#visit only", ch)
	}
}

// TestScriptEngineManagerLoadsFactories: making a ScriptEngineManager makes every
// ScriptEngineFactory the project lists in META-INF/services (commons-jexl's
// JexlScriptEngineTest reached JexlScriptEngineFactory's constructor that way, and an
// edit to it selected nothing).
func TestScriptEngineManagerLoadsFactories(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"pom.xml": "<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>a</artifactId><version>1</version></project>",
		"src/main/resources/META-INF/services/javax.script.ScriptEngineFactory": "app.Factory\n",
		"src/main/java/app/Factory.java":                                        "package app; public abstract class Factory implements javax.script.ScriptEngineFactory { public Factory() { System.out.println(); } }",
		"src/test/java/app/EngineTest.java": "package app; import org.junit.jupiter.api.Test; import javax.script.ScriptEngineManager; import static org.junit.jupiter.api.Assertions.assertNull;\n" +
			"class EngineTest { @Test void finds() { assertNull(new ScriptEngineManager().getEngineByName(\"none\")); } }",
	})
	s, err := Build(context.Background(), dir, DirSource{Root: dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := BuildGraph(s).Reach([]string{"app.Factory#<init>()"})["app.EngineTest#finds()"]; !ok {
		t.Error("an edit to the factory's constructor does not reach the test making a ScriptEngineManager")
	}
}
