package project

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// load builds a model from in-memory files.
func load(files map[string]string) *Model {
	var paths []string
	for p := range files {
		paths = append(paths, p)
	}
	return Load(paths, func(rel string) ([]byte, error) {
		s, ok := files[rel]
		if !ok {
			return nil, fmt.Errorf("no %s", rel)
		}
		return []byte(s), nil
	})
}

func TestMavenModulesAndFolders(t *testing.T) {
	m := load(map[string]string{
		"pom.xml": `<project><artifactId>root</artifactId><packaging>pom</packaging>
			<modules><module>core</module><module>app/</module></modules>
			<profiles><profile><activation><activeByDefault>true</activeByDefault></activation><modules><module>extra</module></modules></profile>
			<profile><id>examples</id><modules><module>examples</module></modules></profile></profiles></project>`,
		"examples/pom.xml":                `<project><artifactId>examples</artifactId></project>`,
		"examples/src/main/java/x/X.java": "",
		"core/pom.xml": `<project><artifactId>core</artifactId><build>
			<sourceDirectory>${project.basedir}/src</sourceDirectory>
			<testSourceDirectory>tests</testSourceDirectory>
			<resources><resource><directory>conf</directory></resource></resources></build></project>`,
		"app/pom.xml":   `<project><artifactId>app</artifactId></project>`,
		"extra/pom.xml": `<project><artifactId>extra</artifactId></project>`,
		// An example tree with its own pom, not a module of the build.
		"src/userguide/pom.xml":             `<project><artifactId>guide</artifactId></project>`,
		"src/userguide/java/g/Guide.java":   "",
		"core/src/c/C.java":                 "",
		"core/tests/c/CTest.java":           "",
		"core/conf/x.properties":            "",
		"app/src/main/java/a/A.java":        "",
		"app/src/test/java/a/ATest.java":    "",
		"app/src/main/resources/a.txt":      "",
		"app/src/site/java/s/Site.java":     "",
		"extra/src/main/java/e/E.java":      "",
		"core/src/main/java/c/Ignored.java": "",
	})
	if m.Kind != Maven {
		t.Fatalf("kind %s", m.Kind)
	}
	if got, want := m.ModuleDirs(), []string{"", "app", "core", "extra"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("modules %v, want %v", got, want)
	}
	roles := map[string]Role{
		"core/src/c/C.java":               Main,
		"core/tests/c/CTest.java":         Test,
		"core/conf/x.properties":          Resource,
		"app/src/main/java/a/A.java":      Main,
		"app/src/test/java/a/ATest.java":  Test,
		"app/src/main/resources/a.txt":    Resource,
		"app/src/site/java/s/Site.java":   Outside,
		"src/userguide/java/g/Guide.java": Outside,
		"src/userguide/pom.xml":           Outside,
		"core/pom.xml":                    Build,
		"pom.xml":                         Build,
		"extra/src/main/java/e/E.java":    Main,
		// A module of a profile that is not active by default is not built.
		"examples/src/main/java/x/X.java": Outside,
		// The root is a pom-packaged aggregator: Maven compiles nothing of its own.
		"src/main/java/r/R.java": Outside,
		// core's own sourceDirectory is src, so src/main/java is just a folder below it.
		"core/src/main/java/c/Ignored.java": Main,
	}
	for p, want := range roles {
		if got := m.Role(p); got != want {
			t.Errorf("Role(%s) = %d, want %d", p, got, want)
		}
	}
	if got := m.ModuleOf("core/tests/c/CTest.java"); got != "core" {
		t.Errorf("ModuleOf = %q", got)
	}
	if got := m.ModuleOf("src/userguide/java/g/Guide.java"); got != "" {
		t.Errorf("ModuleOf(outside) = %q", got)
	}
	out := m.Outside([]string{"src/userguide/java/g/Guide.java", "app/src/site/java/s/Site.java", "app/src/main/java/a/A.java"})
	if want := []string{"app/src/site/java", "src/userguide/java"}; !reflect.DeepEqual(out, want) {
		t.Errorf("Outside = %v, want %v", out, want)
	}
}

// TestMavenJavaTemplates: templating-maven-plugin's template folders are sources (gson's
// GsonBuildConfig lives in one; everything using it fails to compile without it).
func TestMavenJavaTemplates(t *testing.T) {
	m := load(map[string]string{
		"pom.xml": `<project><artifactId>g</artifactId><build><plugins>
			<plugin><artifactId>templating-maven-plugin</artifactId><executions>
			<execution><goals><goal>filter-sources</goal></goals>
			<configuration><sourceDirectory>${basedir}/src/main/java-templates</sourceDirectory></configuration></execution>
			<execution><goals><goal>filter-test-sources</goal></goals></execution>
			</executions></plugin></plugins></build></project>`,
		"src/main/java-templates/g/BuildConfig.java": "",
		"src/test/java-templates/g/TestConfig.java":  "",
		"src/site/java-templates/g/Other.java":       "",
	})
	for p, want := range map[string]Role{
		"src/main/java-templates/g/BuildConfig.java": Main,
		"src/test/java-templates/g/TestConfig.java":  Test,
		"src/site/java-templates/g/Other.java":       Outside,
	} {
		if got := m.Role(p); got != want {
			t.Errorf("Role(%s) = %d, want %d", p, got, want)
		}
	}
}

// TestMavenGeneratedSources: a module declaring a source generator (commons-jexl's JavaCC,
// jackson-core's replacer) compiles what it wrote into target/generated-sources and
// generated-test-sources; a module without one does not, nor does a plain tree.
func TestMavenGeneratedSources(t *testing.T) {
	m := load(map[string]string{
		"pom.xml":      `<project><artifactId>p</artifactId><packaging>pom</packaging><modules><module>a</module><module>b</module></modules></project>`,
		"a/pom.xml":    `<project><artifactId>a</artifactId><build><plugins><plugin><groupId>com.google.code.maven-replacer-plugin</groupId><artifactId>replacer</artifactId></plugin></plugins></build></project>`,
		"b/pom.xml":    `<project><artifactId>b</artifactId></project>`,
		"a/src/A.java": "",
	})
	for p, want := range map[string]Role{
		"a/target/generated-sources/x/PackageVersion.java": Main,
		"a/target/generated-test-sources/x/T.java":         Test,
		"a/target/classes/x/Old.java":                      Outside,
		"b/target/generated-sources/x/G.java":              Outside,
		// What annotation processors wrote: read in every module, never compiled.
		"b/target/generated-sources/annotations/x/P.java":            Main,
		"b/target/generated-test-sources/test-annotations/x/TP.java": Test,
	} {
		if got := m.Role(p); got != want {
			t.Errorf("Role(%s) = %d, want %d", p, got, want)
		}
	}
	for p, want := range map[string]bool{
		"b/target/generated-sources/annotations/x/P.java":            true,
		"a/target/generated-sources/annotations/x/P.java":            true,
		"b/target/generated-test-sources/test-annotations/x/TP.java": true,
		"a/target/generated-sources/x/PackageVersion.java":           false,
		"b/src/main/java/x/B.java":                                   false,
	} {
		if got := m.ProcessorOutput(p); got != want {
			t.Errorf("ProcessorOutput(%s) = %v, want %v", p, got, want)
		}
	}
	if got := m.Modules[1].Generators; !slices.Equal(got, []string{"replacer"}) {
		t.Errorf("module a's generators %v, want [replacer]", got)
	}
	plain := load(map[string]string{"src/A.java": "", "target/generated-sources/G.java": ""})
	if got := plain.Role("target/generated-sources/G.java"); got != Outside {
		t.Errorf("a plain tree's generated source: role %d, want Outside", got)
	}
}

// TestMavenInheritedPlugins: a module takes the executions of a plugin it declares bare
// from its parent's <pluginManagement> (vavr's build-helper adds src-gen that way), and
// inherits the plugins its parent declares in <build><plugins>, unless they are not
// inherited; a sibling that declares nothing gets nothing.
func TestMavenInheritedPlugins(t *testing.T) {
	m := load(map[string]string{
		"pom.xml": `<project><artifactId>root</artifactId><packaging>pom</packaging>
			<modules><module>core</module><module>other</module></modules>
			<properties><gen.dir>src-gen</gen.dir></properties>
			<build><pluginManagement><plugins><plugin><artifactId>build-helper-maven-plugin</artifactId><executions>
			<execution><id>add-source</id><goals><goal>add-source</goal></goals><configuration><sources>
				<source>${project.basedir}/${gen.dir}/main/java</source>
				<source>${project.build.directory}/generated-sources/annotations</source></sources></configuration></execution>
			<execution><id>add-test-source</id><goals><goal>add-test-source</goal></goals><configuration><sources>
				<source>${project.basedir}/src-gen/test/java</source></sources></configuration></execution>
			</executions></plugin></plugins></pluginManagement>
			<plugins>
				<plugin><artifactId>antlr4-maven-plugin</artifactId></plugin>
				<plugin><artifactId>javacc-maven-plugin</artifactId><inherited>false</inherited></plugin>
			</plugins></build></project>`,
		"core/pom.xml": `<project><parent><artifactId>root</artifactId></parent><artifactId>core</artifactId>
			<build><plugins><plugin><artifactId>build-helper-maven-plugin</artifactId></plugin></plugins></build></project>`,
		"other/pom.xml": `<project><parent><artifactId>root</artifactId></parent><artifactId>other</artifactId></project>`,
	})
	for p, want := range map[string]Role{
		"core/src-gen/main/java/io/API.java":                  Main,
		"core/src-gen/test/java/io/APITest.java":              Test,
		"core/src/main/java/io/Value.java":                    Main,
		"other/src-gen/main/java/io/API.java":                 Outside,
		"core/target/generated-sources/antlr4/io/P.java":      Main,
		"core/target/generated-sources/annotations/io/X.java": Main,
	} {
		if got := m.Role(p); got != want {
			t.Errorf("Role(%s) = %d, want %d", p, got, want)
		}
	}
	for _, mod := range m.Modules {
		if mod.Dir != "" && !slices.Equal(mod.Generators, []string{"antlr4-maven-plugin"}) {
			t.Errorf("module %s's generators %v, want the inherited antlr4 only", mod.Dir, mod.Generators)
		}
	}
}

func TestMavenMissingModuleAndBadPOM(t *testing.T) {
	m := load(map[string]string{
		"pom.xml":     `<project><modules><module>gone</module><module>bad</module></modules></project>`,
		"bad/pom.xml": `<project><build>`,
	})
	if len(m.Notes) != 2 {
		t.Fatalf("notes %v", m.Notes)
	}
	// A broken POM still gets Maven's default folders: its sources are not dropped.
	if m.Role("bad/src/test/java/T.java") != Test {
		t.Errorf("bad module's tests not found")
	}
}

func TestGradleIncludes(t *testing.T) {
	m := load(map[string]string{
		"settings.gradle.kts": `rootProject.name = "x"
include("lib", ":tools:cli")
include 'moved'
project(":moved").projectDir = file("elsewhere/moved")`,
		// Groovy lists projects over several lines; builds may name build files after
		// their project.
		"settings.gradle": `include 'core', // the API
        'extra'
include(
    ":kts"
)
include 'last'

rootProject.children.each { it.buildFileName = it.name + '.gradle' }`,
		"core/core.gradle":                       "",
		"core/src/main/java/c/C.java":            "",
		"extra/src/test/java/e/ET.java":          "",
		"kts/src/main/java/k/K.java":             "",
		"last/src/main/java/l/Last.java":         "",
		"gradle/versioning.gradle":               "",
		"gradle/libs.versions.toml":              "",
		"gradle.properties":                      "",
		"build.gradle.kts":                       "",
		"lib/build.gradle.kts":                   "",
		"lib/src/main/java/l/L.java":             "",
		"lib/src/integrationTest/java/l/IT.java": "",
		"tools/cli/src/test/java/c/CT.java":      "",
		"elsewhere/moved/src/main/java/m/M.java": "",
		"samples/src/main/java/s/S.java":         "",
	})
	if m.Kind != Gradle {
		t.Fatalf("kind %s", m.Kind)
	}
	if got, want := m.ModuleDirs(), []string{"", "core", "elsewhere/moved", "extra", "kts", "last", "lib", "tools/cli"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("modules %v, want %v", got, want)
	}
	for p, want := range map[string]Role{
		"lib/src/main/java/l/L.java":             Main,
		"lib/src/integrationTest/java/l/IT.java": Test,
		"tools/cli/src/test/java/c/CT.java":      Test,
		"elsewhere/moved/src/main/java/m/M.java": Main,
		"samples/src/main/java/s/S.java":         Outside,
		"lib/build.gradle.kts":                   Build,
		"core/src/main/java/c/C.java":            Main,
		"extra/src/test/java/e/ET.java":          Test,
		"kts/src/main/java/k/K.java":             Main,
		"last/src/main/java/l/Last.java":         Main,
		"core/core.gradle":                       Build,
		"gradle/versioning.gradle":               Build,
		"gradle/libs.versions.toml":              Build,
		"gradle.properties":                      Build,
		"gradle/wrapper/gradle-wrapper.jar":      Outside,
	} {
		if got := m.Role(p); got != want {
			t.Errorf("Role(%s) = %d, want %d", p, got, want)
		}
	}
	for p, want := range map[string]string{"core/core.gradle": "core", "gradle/versioning.gradle": "", "gradle/libs.versions.toml": ""} {
		if got := m.ModuleOf(p); got != want {
			t.Errorf("ModuleOf(%s) = %q, want %q", p, got, want)
		}
	}
	if got := m.Modules[slices.IndexFunc(m.Modules, func(mod Module) bool { return mod.Dir == "core" })].BuildFile; got != "core/core.gradle" {
		t.Errorf("core's build file %q, want core/core.gradle", got)
	}
}

func TestPlainTree(t *testing.T) {
	m := load(map[string]string{"a/A.java": "", "test/a/ATest.java": ""})
	for p, want := range map[string]Role{
		"a/A.java":             Main,
		"test/a/ATest.java":    Test,
		"target/gen/G.java":    Outside,
		".hidden/H.java":       Outside,
		"src/main/resources/x": Resource,
	} {
		if got := m.Role(p); got != want {
			t.Errorf("Role(%s) = %d, want %d", p, got, want)
		}
	}
}

func TestDeclaresJUnit(t *testing.T) {
	p, err := ParsePOM([]byte(`<project><dependencies><dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId></dependency></dependencies></project>`))
	if err != nil || !p.DeclaresJUnit() {
		t.Fatalf("DeclaresJUnit false (%v)", err)
	}
	p, _ = ParsePOM([]byte(`<project><dependencies><dependency><groupId>org.x</groupId><artifactId>y</artifactId></dependency></dependencies></project>`))
	if p.DeclaresJUnit() {
		t.Fatalf("DeclaresJUnit true without JUnit")
	}
}

// TestMavenCompilerExcludes: commons-csv's pom leaves **/*Benchmark* out of the test
// compile (the benchmarks need a profile's libraries); surefire's <excludes> only say which
// tests run, so they leave the file a source.
func TestMavenCompilerExcludes(t *testing.T) {
	m := load(map[string]string{
		"pom.xml": `<project><artifactId>c</artifactId><build><plugins>
			<plugin><artifactId>maven-compiler-plugin</artifactId><configuration>
			<excludes><exclude>c/gen/**</exclude></excludes>
			<testExcludes><testExclude>**/*Benchmark*</testExclude></testExcludes></configuration></plugin>
			<plugin><artifactId>maven-surefire-plugin</artifactId><configuration>
			<excludes><exclude>**/perf/PerformanceTest.java</exclude></excludes></configuration></plugin>
			</plugins></build></project>`,
	})
	for p, want := range map[string]Role{
		"src/test/java/c/CSVBenchmark.java":           Outside,
		"src/test/java/c/deep/er/MoreBenchmarks.java": Outside,
		"src/test/java/c/CSVParserTest.java":          Test,
		"src/test/java/c/perf/PerformanceTest.java":   Test,
		"src/main/java/c/gen/Made.java":               Outside,
		"src/main/java/c/Benchmark.java":              Main,
		"src/main/java/c/general/Kept.java":           Main,
	} {
		if got := m.Role(p); got != want {
			t.Errorf("Role(%s) = %d, want %d", p, got, want)
		}
	}
	got := m.Outside([]string{"src/test/java/c/CSVBenchmark.java", "src/test/java/c/CSVParserTest.java", "src/site/java/c/Example.java"})
	if want := []string{"src/site/java", "src/test/java/c/CSVBenchmark.java"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Outside = %v, want %v", got, want)
	}
}

func TestAntMatch(t *testing.T) {
	cases := []struct {
		pattern, path string
		want          bool
	}{
		{"**/*Benchmark*", "CSVBenchmark.java", true},
		{"**/*Benchmark*", "a/b/CSVBenchmark.java", true},
		{"a/**/X.java", "a/X.java", true},
		{"a/**/X.java", "a/b/c/X.java", true},
		{"a/*.java", "a/b/X.java", false},
		{"a/", "a/b/X.java", true},
		{"X?.java", "XY.java", true},
		{"b/X.java", "a/b/X.java", false},
	}
	for _, c := range cases {
		if got := excluded([]string{c.pattern}, c.path); got != c.want {
			t.Errorf("%q matches %q = %v, want %v", c.pattern, c.path, got, c.want)
		}
	}
}

// TestMavenParentsOutsideModules: parent POMs found the way Maven finds them on disk
// (<relativePath>, by default ../pom.xml; a folder means its pom.xml; only when the
// artifactId matches; not for an empty <relativePath/>) that are no module's own pom.xml
// are build files of the workspace, above it or not.
func TestMavenParentsOutsideModules(t *testing.T) {
	parent := func(artifact, extra string) string {
		return `<project><artifactId>` + artifact + `</artifactId>` + extra + `</project>`
	}
	child := func(rel string) string {
		return `<project><artifactId>app</artifactId><parent><artifactId>base</artifactId>` + rel + `</parent></project>`
	}
	cases := []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"default ../pom.xml, and its own parent", map[string]string{
			"pom.xml":       child(""),
			"../pom.xml":    parent("base", `<parent><artifactId>top</artifactId></parent>`),
			"../../pom.xml": parent("top", ""),
		}, []string{"../../pom.xml", "../pom.xml"}},
		{"a folder", map[string]string{
			"pom.xml":             child("<relativePath>../build</relativePath>"),
			"../build/pom.xml":    parent("base", ""),
			"../pom.xml":          parent("base", ""),
			"src/main/java/A.txt": "",
		}, []string{"../build/pom.xml"}},
		{"another artifact is not the parent", map[string]string{
			"pom.xml":    child(""),
			"../pom.xml": parent("unrelated", ""),
		}, nil},
		{"an empty relativePath asks for no local lookup", map[string]string{
			"pom.xml":    child("<relativePath/>"),
			"../pom.xml": parent("base", ""),
		}, nil},
		{"a module's parent that is the root module is no extra build file", map[string]string{
			"pom.xml":      parent("base", `<modules><module>core</module></modules>`),
			"core/pom.xml": `<project><artifactId>core</artifactId><parent><artifactId>base</artifactId></parent></project>`,
		}, nil},
		{"a parent folder inside the workspace that is no module", map[string]string{
			"pom.xml":        child("<relativePath>parent/pom.xml</relativePath>"),
			"parent/pom.xml": parent("base", ""),
		}, []string{"parent/pom.xml"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var paths []string
			for p := range c.files {
				if !strings.HasPrefix(p, "../") {
					paths = append(paths, p)
				}
			}
			m := Load(paths, func(rel string) ([]byte, error) {
				s, ok := c.files[rel]
				if !ok {
					return nil, fmt.Errorf("no %s", rel)
				}
				return []byte(s), nil
			})
			if !reflect.DeepEqual(m.Parents, c.want) {
				t.Errorf("parents %v, want %v", m.Parents, c.want)
			}
			for _, p := range c.want {
				if !m.Wanted(p) || m.Role(p) != Build {
					t.Errorf("%s is not a wanted build file", p)
				}
			}
		})
	}
}

// TestSkipDirKeepsPackagesNamedLikeOutputs: commons-io has a package
// org.apache.commons.io.build; skipping every folder named build dropped its 60 sources,
// and the project no longer compiled. Outputs beside src stay skipped.
func TestSkipDirKeepsPackagesNamedLikeOutputs(t *testing.T) {
	cases := []struct {
		rel  string
		skip bool
	}{
		{"build", true},
		{"target", false}, // walked into for its generated sources, and only those
		{"core/target/classes", true},
		{"core/target/generated-sources/javacc", false},
		{"module/build/generated/src/main/java", true},
		{".git", true},
		{"src/main/java/.hidden", true},
		{"src/main/java/org/apache/commons/io/build", false},
		{"src/test/java/app/out", false},
		{"core/src/main/java/app/bin/target", false},
		{"src/main/java/org/apache", false},
	}
	for _, c := range cases {
		if got := SkipDir(c.rel); got != c.skip {
			t.Errorf("SkipDir(%q) = %v, want %v", c.rel, got, c.skip)
		}
	}
	if Skipped("src/main/java/org/apache/commons/io/build/AbstractOrigin.java") {
		t.Error("a source in a package named build is skipped")
	}
	for rel, skip := range map[string]bool{
		"target/classes/X.java": true, "target/X.java": true, "core/target/site/X.java": true,
		// generated sources are read; the project model decides whether they belong to the build
		"target/generated-sources/javacc/X.java": false, "core/target/generated-test-sources/X.java": false,
	} {
		if Skipped(rel) != skip {
			t.Errorf("Skipped(%q) = %v, want %v", rel, !skip, skip)
		}
	}
}

func TestJDKActivates(t *testing.T) {
	cases := []struct {
		spec string
		jdk  int
		want bool
	}{
		{"[9,)", 17, true}, {"[9,)", 8, false}, {"[1.8,10)", 8, true}, {"[1.8,10)", 10, false},
		{"[11,22)", 17, true}, {"(,1.8]", 8, true}, {"(,1.8]", 9, false}, {"[9,24]", 24, true},
		{"1.8", 8, true}, {"1.8", 17, false}, {"17", 17, true}, {"!1.8", 17, true}, {"!1.8", 8, false},
		{"(17,)", 17, false}, {"", 17, false},
	}
	for _, c := range cases {
		if got := JDKActivates(c.spec, c.jdk); got != c.want {
			t.Errorf("JDKActivates(%q, %d) = %v, want %v", c.spec, c.jdk, got, c.want)
		}
	}
}
