package selection

import (
	"encoding/xml"
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/assertlens/assertlens/slicing"
)

// Surefire is the test-class filter of Maven Surefire for one module: which test classes
// `mvn test` runs. The zero value is Surefire's default.
type Surefire struct {
	Includes []string // patterns over class paths relative to the test classes folder
	Excludes []string
}

// surefireDefaultIncludes and surefireDefaultExcludes are Surefire's defaults.
var (
	surefireDefaultIncludes = []string{"**/Test*.java", "**/*Test.java", "**/*Tests.java", "**/*TestCase.java"}
	surefireDefaultExcludes = []string{"**/*$*"}
)

// ParseSurefire reads the <includes>/<excludes> of the maven-surefire-plugin configuration
// of a pom.xml (in <build><plugins> or <build><pluginManagement><plugins>); absent lists
// keep Surefire's defaults. This is the one place that parses Surefire's filter.
func ParseSurefire(pom []byte) (Surefire, error) {
	type plugin struct {
		ArtifactID string   `xml:"artifactId"`
		Includes   []string `xml:"configuration>includes>include"`
		Excludes   []string `xml:"configuration>excludes>exclude"`
	}
	var p struct {
		Plugins    []plugin `xml:"build>plugins>plugin"`
		Management []plugin `xml:"build>pluginManagement>plugins>plugin"`
	}
	if err := xml.Unmarshal(pom, &p); err != nil {
		return Surefire{}, fmt.Errorf("parse pom.xml: %w", err)
	}
	var s Surefire
	for _, pl := range append(p.Management, p.Plugins...) { // the plugin section wins
		if strings.TrimSpace(pl.ArtifactID) != "maven-surefire-plugin" {
			continue
		}
		if inc := trimAll(pl.Includes); len(inc) > 0 {
			s.Includes = inc
		}
		if exc := trimAll(pl.Excludes); len(exc) > 0 {
			s.Excludes = exc
		}
	}
	return s, nil
}

func trimAll(list []string) []string {
	var out []string
	for _, s := range list {
		for _, part := range strings.Split(s, ",") {
			if part = strings.TrimSpace(part); part != "" {
				out = append(out, part)
			}
		}
	}
	return out
}

// Runs reports whether Surefire runs the top-level class whose source path, relative to the
// test source root, is rel ("org/foo/BarTest.java"), and why not when it does not.
func (s Surefire) Runs(rel string) (bool, string) {
	inc, exc := s.Includes, s.Excludes
	if len(inc) == 0 {
		inc = surefireDefaultIncludes
	}
	if len(exc) == 0 {
		exc = surefireDefaultExcludes
	}
	matched := false
	for _, p := range inc {
		if surefireMatch(p, rel) {
			matched = true
			break
		}
	}
	if !matched {
		return false, "no surefire include matches " + path.Base(rel) + " (" + strings.Join(inc, ", ") + ")"
	}
	for _, p := range exc {
		if surefireMatch(p, rel) {
			return false, "excluded by surefire pattern " + p
		}
	}
	return true, ""
}

// surefireMatch matches one Surefire pattern (Ant style, or %regex[…]) against a class
// source path. Patterns written for .class files match the .java path too.
func surefireMatch(pattern, rel string) bool {
	pattern = strings.TrimSpace(pattern)
	if strings.HasPrefix(pattern, "%regex[") && strings.HasSuffix(pattern, "]") {
		re, err := regexp.Compile(pattern[len("%regex[") : len(pattern)-1])
		if err != nil {
			return false
		}
		cls := strings.TrimSuffix(rel, ".java") + ".class"
		return re.MatchString(rel) || re.MatchString(cls)
	}
	pattern = strings.TrimSuffix(strings.TrimSuffix(pattern, ".java"), ".class")
	name := strings.TrimSuffix(rel, ".java")
	if !strings.Contains(pattern, "/") {
		pattern = "**/" + pattern // a bare class pattern matches in any package
	}
	return antMatch(strings.Split(pattern, "/"), strings.Split(name, "/"))
}

// antMatch matches path segments against Ant pattern segments ("**" spans any number).
func antMatch(pat, segs []string) bool {
	if len(pat) == 0 {
		return len(segs) == 0
	}
	if pat[0] == "**" {
		for i := 0; i <= len(segs); i++ {
			if antMatch(pat[1:], segs[i:]) {
				return true
			}
		}
		return false
	}
	if len(segs) == 0 {
		return false
	}
	ok, err := path.Match(pat[0], segs[0])
	return err == nil && ok && antMatch(pat[1:], segs[1:])
}

// BuildRun says whether the project's build runs a test class.
type BuildRun struct {
	Runs bool   `json:"runs"`
	Why  string `json:"why,omitempty"` // why the build does not run it
}

// BuildRuns decides, for each concrete test class, whether the build runs it. surefire
// returns the filter of the Maven module holding a file (ok false when the file is not in a
// Maven module: Gradle and plain trees run every class with tests); testRoot returns the
// test source root of a file ("src/test/java/") so class paths can be matched. @Nested and
// Enclosed inner classes run when their outermost class does.
func BuildRuns(classes []*slicing.TestClass, surefire func(file string) (Surefire, bool), testRoot func(file string) string) map[string]BuildRun {
	out := map[string]BuildRun{}
	enclosed := map[string]string{} // inner class -> Enclosed outer
	for _, tc := range classes {
		for _, inner := range tc.Suite {
			if strings.HasPrefix(inner, tc.ID+".") {
				enclosed[inner] = tc.ID
			}
		}
	}
	for _, tc := range classes {
		if tc.Abstract {
			continue
		}
		sf, maven := surefire(tc.File)
		if !maven {
			out[tc.ID] = BuildRun{Runs: true}
			continue
		}
		rel := strings.TrimPrefix(tc.File, testRoot(tc.File))
		top := path.Base(rel)
		inner := strings.TrimSuffix(top, ".java") != lastName(tc.ID)
		switch {
		case inner && enclosed[tc.ID] != "":
			r, why := sf.Runs(rel)
			out[tc.ID] = BuildRun{Runs: r, Why: why}
		case inner && tc.Nested:
			r, why := sf.Runs(rel)
			out[tc.ID] = BuildRun{Runs: r, Why: why}
		case inner:
			// Surefire matches the class file Outer$Inner.class against its patterns.
			dir := path.Dir(rel)
			cls := outerChain(tc.ID, strings.TrimSuffix(top, ".java"))
			p := cls + ".java"
			if dir != "." {
				p = dir + "/" + p
			}
			r, why := sf.Runs(p)
			out[tc.ID] = BuildRun{Runs: r, Why: why}
		default:
			r, why := sf.Runs(rel)
			out[tc.ID] = BuildRun{Runs: r, Why: why}
		}
	}
	return out
}

func lastName(id string) string {
	if i := strings.LastIndexByte(id, '.'); i >= 0 {
		return id[i+1:]
	}
	return id
}

// outerChain turns pkg.Outer.Inner into Outer$Inner given the file's top-level name.
func outerChain(id, top string) string {
	i := strings.Index(id, "."+top+".")
	if i < 0 {
		return lastName(id)
	}
	return strings.ReplaceAll(id[i+1:], ".", "$")
}
