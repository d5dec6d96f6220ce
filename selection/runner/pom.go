package runner

import (
	"fmt"
	"github.com/assertlens/assertlens/analysis/project"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// pomFile is a parsed pom.xml (the project model's reader).
type pomFile = project.POM

// pomDep is one <dependency>.
type pomDep = project.Dependency

// readPOM parses a POM file.
func readPOM(path string) (*pomFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	p, err := project.ParsePOM(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return p, nil
}

// pomProps holds the properties visible in a POM (its own over its parents').
type pomProps = project.Props

// projectRelease reads the Java release a Maven or Gradle project targets (0 if unknown),
// and whether a Maven build asks for --release (maven.compiler.release, or the compiler
// plugin's <release>), in its properties or a profile the running JDK activates.
func projectRelease(root string) (release int, api bool) {
	if p, err := readPOM(filepath.Join(root, "pom.xml")); err == nil {
		pp := pomProps{}
		pp.AddProfiles(p, maxRelease())
		pp.Add(p)
		for _, k := range []string{"maven.compiler.release", "maven.compiler.target", "maven.compiler.source", "java.version"} {
			if n := parseRelease(pp.Expand(pp[k])); n > 0 {
				return n, k == "maven.compiler.release"
			}
		}
		for _, pl := range p.Build.Plugins {
			if pl.ArtifactID != "maven-compiler-plugin" {
				continue
			}
			c := pl.Configuration
			for i, v := range []string{c.Release, c.Target, c.Source} {
				if n := parseRelease(pp.Expand(v)); n > 0 {
					return n, i == 0
				}
			}
		}
	}
	for _, name := range []string{"build.gradle", "build.gradle.kts"} {
		data, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			continue
		}
		if m := gradleReleaseRe.FindSubmatch(data); m != nil {
			for _, g := range m[1:] {
				if n := parseRelease(string(g)); n > 0 {
					return n, false
				}
			}
		}
	}
	return 0, false
}

// projectTestRelease reads the Java release a Maven build compiles tests for when it
// differs from the main sources' (maven.compiler.testRelease, or the compiler plugin's
// <testRelease>), the highest over the root and every module, profiles the running JDK
// activates included (gson's module compiles its record tests for 17); 0 when none says.
func projectTestRelease(root string, model *project.Model) int {
	best := 0
	files := []string{"pom.xml"}
	if model != nil {
		for _, mod := range model.Modules {
			if strings.HasSuffix(mod.BuildFile, "pom.xml") {
				files = append(files, mod.BuildFile)
			}
		}
	}
	var rootProps pomProps
	for i, rel := range files {
		p, err := readPOM(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			continue
		}
		pp := pomProps{}
		pp.AddProfiles(p, maxRelease())
		pp.Add(p)
		if i == 0 {
			rootProps = pp
		}
		for k, v := range rootProps {
			if _, own := pp[k]; !own {
				pp[k] = v // a module sees its parent's properties (the root's, at least)
			}
		}
		best = max(best, parseRelease(pp.Expand(pp["maven.compiler.testRelease"])))
		for _, pl := range p.Build.Plugins {
			if pl.ArtifactID == "maven-compiler-plugin" {
				best = max(best, parseRelease(pp.Expand(pl.Configuration.TestRelease)))
			}
		}
	}
	return best
}

var gradleReleaseRe = regexp.MustCompile(`(?:JavaLanguageVersion\.of\(\s*(\d+)\s*\)|(?:sourceCompatibility|targetCompatibility|release)\s*=\s*['"]?(?:JavaVersion\.VERSION_)?([\d._]+)['"]?)`)

// parseRelease reads "1.8", "8", "11", "VERSION_1_8" style versions.
func parseRelease(v string) int {
	v = strings.TrimSpace(strings.ReplaceAll(v, "_", "."))
	v = strings.TrimPrefix(v, "1.")
	if i := strings.IndexByte(v, '.'); i >= 0 {
		v = v[:i]
	}
	n := 0
	for _, c := range v {
		if c < '0' || c > '9' {
			return 0
		}
		n = n*10 + int(c-'0')
	}
	return n
}
