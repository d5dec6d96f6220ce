package selection

import (
	"encoding/xml"
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/assertlens/assertlens/analysis/project"
	"github.com/assertlens/assertlens/slicing"
)

// Surefire is the test-class filter of Maven Surefire for one module: which test classes
// `mvn test` runs. The zero value is Surefire's default.
type Surefire struct {
	Includes []string // patterns over class paths relative to the test classes folder
	Excludes []string
	// Groups and ExcludedGroups are JUnit 4 categories (or Jupiter tags) by simple name:
	// with Groups set only classes in one of them run; ExcludedGroups never run.
	Groups, ExcludedGroups []string
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
		ArtifactID     string   `xml:"artifactId"`
		Includes       []string `xml:"configuration>includes>include"`
		Excludes       []string `xml:"configuration>excludes>exclude"`
		Groups         string   `xml:"configuration>groups"`
		ExcludedGroups string   `xml:"configuration>excludedGroups"`
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
		if g := simpleNames(pl.Groups); len(g) > 0 {
			s.Groups = g
		}
		if g := simpleNames(pl.ExcludedGroups); len(g) > 0 {
			s.ExcludedGroups = g
		}
	}
	return s, nil
}

// simpleNames splits a comma-separated list of (qualified) class names into simple names.
func simpleNames(list string) []string {
	var out []string
	for _, n := range trimAll([]string{list}) {
		if strings.HasPrefix(n, "${") {
			continue // an unresolved property: not a filter we can read
		}
		out = append(out, lastName(n))
	}
	return out
}

// groupsRun applies the category filter to a class's categories.
func (s Surefire) groupsRun(categories []string) (bool, string) {
	for _, c := range categories {
		for _, g := range s.ExcludedGroups {
			if c == g {
				return false, "category " + c + " is in surefire's excludedGroups"
			}
		}
	}
	if len(s.Groups) == 0 {
		return true, ""
	}
	for _, c := range categories {
		for _, g := range s.Groups {
			if c == g {
				return true, ""
			}
		}
	}
	return false, "no category of the class is in surefire's groups (" + strings.Join(s.Groups, ", ") + ")"
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
	return project.AntMatch(strings.Split(pattern, "/"), strings.Split(name, "/"))
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
	abstract := map[string]bool{}
	for _, tc := range classes {
		abstract[tc.ID] = tc.Abstract
	}
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
		case inner && tc.Nested && abstract[topClass(tc.ID, strings.TrimSuffix(top, ".java"))]:
			// Jupiter runs it inside every concrete subclass of its abstract outer class,
			// which the build runs under their own names.
			out[tc.ID] = BuildRun{Runs: true}
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
		if br := out[tc.ID]; br.Runs {
			if ok, why := sf.groupsRun(tc.Categories); !ok {
				out[tc.ID] = BuildRun{Runs: false, Why: why}
			}
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

// topClass returns the id of the top-level class of id, given its simple name.
func topClass(id, top string) string {
	if i := strings.Index(id, "."+top+"."); i >= 0 {
		return id[:i+1+len(top)]
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
