package runner

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

func TestExpectedActualForms(t *testing.T) {
	cases := []struct{ msg, typ, exp, act string }{
		{"expected:<-3.0> but was:<3.0>", "java.lang.AssertionError", "-3.0", "3.0"},
		{"sum expected:<4> but was:<5>", "java.lang.AssertionError", "4", "5"},
		{"expected:<ab[c]> but was:<ab[d]>", "org.junit.ComparisonFailure", "abc", "abd"},
		{"expected: <900> but was: <901>", "org.opentest4j.AssertionFailedError", "900", "901"},
		{"\nexpected: \"Hello\"\n but was: \"hello\"", "org.opentest4j.AssertionFailedError", `"Hello"`, `"hello"`},
		{"\nExpecting:\n <2>\nto be equal to:\n <3>\nbut was not.", "java.lang.AssertionError", "3", "2"},
		{"\nExpected: is <3>\n     but: was <2>", "java.lang.AssertionError", "is <3>", "<2>"},
		{"boom", "java.lang.IllegalStateException", "", ""},
	}
	for _, c := range cases {
		exp, act := expectedActual(c.msg, c.typ)
		if exp != c.exp || act != c.act {
			t.Errorf("expectedActual(%q) = %q, %q; want %q, %q", c.msg, exp, act, c.exp, c.act)
		}
	}
}

func TestParseJavacErrors(t *testing.T) {
	out := "/c/shadow/src/src/test/java/p/ATest.java:12: error: cannot find symbol\n" +
		"        x.nope();\n         ^\n" +
		"/c/shadow/src/src/main/java/p/A.java:3: warning: [deprecation] old\n" +
		"error: invalid source release: 99\n2 errors\n"
	got := parseJavacErrors(out, func(p string, l int) (string, int) {
		return strings.TrimPrefix(p, "/c/shadow/src/"), l
	})
	want := []CompileError{
		{File: "src/test/java/p/ATest.java", Line: 12, Message: "cannot find symbol"},
		{Message: "invalid source release: 99"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v", got)
	}
}

// TestParseJavacErrorsNamesTheJavaADependencyNeeds: a dependency compiled for a newer Java
// than javac's fails as "cannot access X", whose detail lines name the class file versions.
func TestParseJavacErrorsNamesTheJavaADependencyNeeds(t *testing.T) {
	out := "/s/src/main/java/p/Money.java:28: error: cannot access FromString\n" +
		"import org.joda.convert.FromString;\n                       ^\n" +
		"  bad class file: /m2/joda-convert-3.0.1.jar(/org/joda/convert/FromString.class)\n" +
		"    class file has wrong version 65.0, should be 61.0\n" +
		"    Please remove or make sure it appears in the correct subdirectory of the classpath.\n" +
		"/s/src/main/java/p/Money.java:40: error: cannot find symbol\n1 error\n"
	got := parseJavacErrors(out, func(p string, l int) (string, int) { return strings.TrimPrefix(p, "/s/"), l })
	want := []CompileError{
		{File: "src/main/java/p/Money.java", Line: 28, Message: "cannot access FromString (a dependency's class file needs Java 21; javac is Java 17)"},
		{File: "src/main/java/p/Money.java", Line: 40, Message: "cannot find symbol"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v", got)
	}
}

func TestParseRelease(t *testing.T) {
	for in, want := range map[string]int{"1.8": 8, "8": 8, "11": 11, "17.0.2": 17, "VERSION_1_8": 0, "1_8": 8, "": 0, "${x}": 0} {
		if got := parseRelease(in); got != want {
			t.Errorf("parseRelease(%q) = %d, want %d", in, got, want)
		}
	}
}

func TestVersionOrder(t *testing.T) {
	vs := []string{"4.13.2", "debian", "4.13", "4.x", "4.2"}
	sort.Slice(vs, func(i, j int) bool { return versionLess(vs[i], vs[j]) })
	if want := []string{"debian", "4.x", "4.2", "4.13", "4.13.2"}; !reflect.DeepEqual(vs, want) {
		t.Errorf("sorted = %v, want %v", vs, want)
	}
}

func TestResolvePOMWithPropertiesAndDebianVersions(t *testing.T) {
	root := t.TempDir()
	pom := `<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>a</artifactId><version>1</version>
<properties><jv>5.9.2</jv></properties>
<dependencies>
<dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter-params</artifactId><version>${jv}</version><scope>test</scope></dependency>
<dependency><groupId>junit</groupId><artifactId>junit</artifactId><version>4.12</version><scope>test</scope></dependency>
<dependency><groupId>nope.group</groupId><artifactId>ghost</artifactId><version>${undefined.prop}</version></dependency>
</dependencies></project>`
	if err := os.WriteFile(filepath.Join(root, "pom.xml"), []byte(pom), 0o644); err != nil {
		t.Fatal(err)
	}
	cp, unresolved, notes := resolvePOMDependencies(root, []string{debianMavenRepo})
	joined := strings.Join(cp, "\n")
	for _, want := range []string{"junit-jupiter-params-5.9.2.jar", "junit-jupiter-api", "opentest4j", "junit-4.", "hamcrest"} {
		if !strings.Contains(joined, want) {
			t.Errorf("classpath lacks %s:\n%s", want, joined)
		}
	}
	if len(unresolved) != 1 || !strings.Contains(unresolved[0], "nope.group:ghost") {
		t.Errorf("unresolved = %v", unresolved)
	}
	found := false
	for _, n := range notes {
		if strings.Contains(n, "junit:junit:4.12") {
			found = true
		}
	}
	if !found {
		t.Errorf("no note about junit 4.12 replaced: %v", notes)
	}
}

func TestGradleDependenciesAndLibJars(t *testing.T) {
	root := t.TempDir()
	gradle := "dependencies {\n  testImplementation 'junit:junit:4.13.2'\n  testImplementation(\"org.hamcrest:hamcrest:2.2\")\n  // implementation 'commented:out:1'\n}\n"
	if err := os.WriteFile(filepath.Join(root, "build.gradle"), []byte(gradle), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "lib", "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "lib", "x", "local.jar"), []byte("PK"), 0o644); err != nil {
		t.Fatal(err)
	}
	cp, unresolved, err := ResolveClasspath(root)
	if err != nil {
		t.Fatal(err)
	}
	joined := strings.Join(cp, "\n")
	for _, want := range []string{"junit-4.13.2.jar", "hamcrest-2.2.jar", "local.jar"} {
		if !strings.Contains(joined, want) {
			t.Errorf("classpath lacks %s:\n%s", want, joined)
		}
	}
	if len(unresolved) != 0 {
		t.Errorf("unresolved = %v", unresolved)
	}
}

// TestResolvePOMTestJarDependencies resolves a dependency of type test-jar (commons-statistics
// compiles against commons-numbers-core's test classes) to the artifact's "tests" jar, next
// to its main jar, which another dependency names.
func TestResolvePOMTestJarDependencies(t *testing.T) {
	root, repo := t.TempDir(), t.TempDir()
	dir := filepath.Join(repo, "org", "ex", "core", "1.3")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"core-1.3.pom":       `<project><modelVersion>4.0.0</modelVersion><groupId>org.ex</groupId><artifactId>core</artifactId><version>1.3</version></project>`,
		"core-1.3.jar":       "PK",
		"core-1.3-tests.jar": "PK",
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pom := `<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>a</artifactId><version>1</version>
<dependencies>
<dependency><groupId>org.ex</groupId><artifactId>core</artifactId><version>1.3</version></dependency>
<dependency><groupId>org.ex</groupId><artifactId>core</artifactId><version>1.3</version><type>test-jar</type><scope>test</scope></dependency>
</dependencies></project>`
	if err := os.WriteFile(filepath.Join(root, "pom.xml"), []byte(pom), 0o644); err != nil {
		t.Fatal(err)
	}
	cp, unresolved, _ := resolvePOMDependencies(root, []string{repo})
	want := []string{filepath.Join(dir, "core-1.3.jar"), filepath.Join(dir, "core-1.3-tests.jar")}
	if !reflect.DeepEqual(cp, want) || len(unresolved) != 0 {
		t.Errorf("classpath %v (unresolved %v), want %v", cp, unresolved, want)
	}
}
