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
