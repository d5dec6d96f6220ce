package runner

import (
	"context"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/assertlens/assertlens/analysis"
)

func TestParseMavenClasspathLog(t *testing.T) {
	log := `[INFO] Scanning for projects...
[INFO] ------------------------------------------------------------------------
[INFO] Reactor Build Order:
[INFO] --- maven-dependency-plugin:3.6.1:build-classpath (default-cli) @ core ---
[INFO] Dependencies classpath:
/m2/a/a-1.jar:/m2/junit/junit-4.13.2.jar
[INFO] 
[INFO] --- maven-dependency-plugin:3.6.1:build-classpath (default-cli) @ app ---
[ERROR] Failed to execute goal on project app: Could not resolve dependencies for project x:app:jar:1.0: Could not find artifact x:core:jar:1.0
[INFO] --- maven-dependency-plugin:3.6.1:build-classpath (default-cli) @ empty ---
[INFO] Dependencies classpath:

`
	mods, failed := parseMavenClasspathLog([]byte(log))
	want := []mavenModuleClasspath{
		{Module: "core", Classpath: []string{"/m2/a/a-1.jar", "/m2/junit/junit-4.13.2.jar"}},
		{Module: "empty"},
	}
	if !reflect.DeepEqual(mods, want) {
		t.Errorf("modules = %+v, want %+v", mods, want)
	}
	if !reflect.DeepEqual(failed, []string{"app"}) {
		t.Errorf("failed = %v", failed)
	}
}

func TestProjectJUnitVersions(t *testing.T) {
	for _, c := range []struct {
		cp               []string
		platform, junit4 string
	}{
		{[]string{"/r/junit-jupiter-api-5.10.2.jar", "/r/junit-platform-commons-1.10.2.jar"}, "1.10.2", ""},
		{[]string{"/r/junit-4.13.2.jar", "/r/hamcrest-core-1.3.jar"}, "", "4.13.2"},
		{[]string{"/r/junit-3.8.2.jar"}, "", "3.8.2"},
		{[]string{"/r/junit-pioneer-2.2.0.jar", "/r/mockito-core-5.11.0.jar"}, "", ""},
	} {
		p, j, _ := projectJUnit(c.cp)
		if p != c.platform || j != c.junit4 {
			t.Errorf("projectJUnit(%v) = %q, %q; want %q, %q", c.cp, p, j, c.platform, c.junit4)
		}
	}
}

func TestFileOfFacts(t *testing.T) {
	src := []byte(`package p;
import org.junit.jupiter.api.Test;
// class Commented extends Nothing {}
public class A extends Base<String> implements java.io.Serializable {
  static final int LIMIT = 3;
  class Inner {}
  String s = "class Fake";
}
interface K { String NAME = "k"; }
`)
	f := FileOf(analysis.ParseSource("src/main/java/p/A.java", src), src, false)
	if f.Package != "p" || !reflect.DeepEqual(f.Types, []string{"A", "Inner", "K"}) {
		t.Errorf("package %q types %v", f.Package, f.Types)
	}
	if !reflect.DeepEqual(f.Supers, []string{"Base", "Serializable"}) {
		t.Errorf("supers %v", f.Supers)
	}
	if !f.Constants || !f.Tests {
		t.Errorf("constants %v tests %v", f.Constants, f.Tests)
	}
	names := identifiers(src)
	if names["Commented"] || names["Fake"] || !names["LIMIT"] {
		t.Errorf("identifiers took comments or literals: %v", names)
	}
}

func TestDescriptorParams(t *testing.T) {
	for desc, want := range map[string][]string{
		"()V": nil,
		"(Ljava/lang/String;I[Ljava/lang/String;)V": {"java.lang.String", "int", "java.lang.String[]"},
		"([[JZLa/b/C$D;)Ljava/lang/Object;":         {"long[][]", "boolean", "a.b.C$D"},
	} {
		if got := analysis.DescriptorParams(desc); !reflect.DeepEqual(got, want) {
			t.Errorf("DescriptorParams(%s) = %v, want %v", desc, got, want)
		}
	}
}

// TestOldJUnit4RunsWithOurs: a project on JUnit 4.12 (gson 2.8) cannot be discovered by our
// Vintage engine, so its jar leaves the launch class path and ours takes its place; 4.13
// stays the project's own.
func TestOldJUnit4RunsWithOurs(t *testing.T) {
	for _, c := range []struct {
		jar      string
		replaced bool
	}{
		{"/r/junit-4.12.jar", true},
		{"/r/junit-4.8.2.jar", true},
		{"/r/junit-3.8.1.jar", true},
		{"/r/junit-4.13.jar", false},
		{"/r/junit-4.13.2.jar", false},
	} {
		cp := []string{"/r/a.jar", c.jar, "/r/hamcrest-core-1.3.jar"}
		setup, err := junitFor(context.Background(), cp)
		if err != nil {
			t.Fatal(err)
		}
		launch := setup.launchPath(cp)
		hasProject := slices.Contains(launch, c.jar)
		hasOurs := slices.ContainsFunc(launch, func(p string) bool { return filepath.Base(p) == "junit4.jar" })
		if hasProject == c.replaced || hasOurs != c.replaced {
			t.Errorf("%s: launch class path %v (project jar %v, ours %v)", c.jar, launch, hasProject, hasOurs)
		}
		if launch[0] != "/r/a.jar" {
			t.Errorf("%s: project jars no longer first: %v", c.jar, launch)
		}
	}
}

// TestOldJUnitBesideThePlatformIsReplaced: a Jupiter project with JUnit 3.8 on its test class
// path (commons-jxpath's, from a test library) made the launcher's Vintage engine refuse the
// whole run; JUnit 4.13 takes the old jar's place. A current JUnit 4 stays.
func TestOldJUnitBesideThePlatformIsReplaced(t *testing.T) {
	t.Setenv("ASSERTLENS_BUILD_TOOLS", "off") // no launcher fetched: the platform version is made up
	for _, c := range []struct {
		jar      string
		replaced bool
	}{
		{"/r/junit-3.8.1.jar", true},
		{"/r/junit-4.11.jar", true},
		{"/r/junit-4.13.2.jar", false},
	} {
		cp := []string{"/r/junit-jupiter-api-5.99.0.jar", "/r/junit-platform-commons-1.99.0.jar", c.jar}
		setup, err := junitFor(context.Background(), cp)
		if err != nil {
			t.Fatal(err)
		}
		launch := setup.launchPath(cp)
		hasProject := slices.Contains(launch, c.jar)
		hasOurs := slices.Contains(launch, filepath.Join(systemJarDir, "junit4.jar"))
		if hasProject == c.replaced || c.replaced && !hasOurs {
			t.Errorf("%s: launch class path %v", c.jar, launch)
		}
	}
}
