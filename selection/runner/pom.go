package runner

import (
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// pomFile is the part of a Maven POM the resolver reads.
type pomFile struct {
	GroupID    string `xml:"groupId"`
	ArtifactID string `xml:"artifactId"`
	Version    string `xml:"version"`
	Parent     struct {
		GroupID      string `xml:"groupId"`
		ArtifactID   string `xml:"artifactId"`
		Version      string `xml:"version"`
		RelativePath string `xml:"relativePath"`
	} `xml:"parent"`
	Properties struct {
		Entries []struct {
			XMLName xml.Name
			Value   string `xml:",chardata"`
		} `xml:",any"`
	} `xml:"properties"`
	Dependencies         []pomDep `xml:"dependencies>dependency"`
	DependencyManagement []pomDep `xml:"dependencyManagement>dependencies>dependency"`
	Modules              []string `xml:"modules>module"`
	Build                struct {
		Plugins []struct {
			ArtifactID    string `xml:"artifactId"`
			Configuration struct {
				Release string `xml:"release"`
				Source  string `xml:"source"`
				Target  string `xml:"target"`
			} `xml:"configuration"`
		} `xml:"plugins>plugin"`
	} `xml:"build"`
	Relocation struct {
		GroupID    string `xml:"groupId"`
		ArtifactID string `xml:"artifactId"`
		Version    string `xml:"version"`
	} `xml:"distributionManagement>relocation"`
}

// pomDep is one <dependency>.
type pomDep struct {
	GroupID    string `xml:"groupId"`
	ArtifactID string `xml:"artifactId"`
	Version    string `xml:"version"`
	Scope      string `xml:"scope"`
	Type       string `xml:"type"`
	Classifier string `xml:"classifier"`
	Optional   string `xml:"optional"`
	SystemPath string `xml:"systemPath"`
}

// readPOM parses a POM file.
func readPOM(path string) (*pomFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	var p pomFile
	if err := xml.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("parse %s: %w", path, err)
	}
	return &p, nil
}

// pomProps holds the properties visible in a POM (its own over its parents').
type pomProps map[string]string

// addPOM adds p's own properties and project coordinates, keeping existing (child) values.
func (pp pomProps) addPOM(p *pomFile) {
	for _, e := range p.Properties.Entries {
		if _, ok := pp[e.XMLName.Local]; !ok {
			pp[e.XMLName.Local] = strings.TrimSpace(e.Value)
		}
	}
	set := func(k, v string) {
		if _, ok := pp[k]; !ok && v != "" {
			pp[k] = v
		}
	}
	g, v := p.GroupID, p.Version
	if g == "" {
		g = p.Parent.GroupID
	}
	if v == "" {
		v = p.Parent.Version
	}
	set("project.groupId", g)
	set("project.artifactId", p.ArtifactID)
	set("project.version", v)
	set("pom.version", v)
	set("project.parent.version", p.Parent.Version)
	set("project.parent.groupId", p.Parent.GroupID)
}

var propRe = regexp.MustCompile(`\$\{([^}]+)\}`)

// expand substitutes ${name} references (a few rounds, for properties of properties).
func (pp pomProps) expand(s string) string {
	for i := 0; i < 5 && strings.Contains(s, "${"); i++ {
		s = propRe.ReplaceAllStringFunc(s, func(m string) string {
			if v, ok := pp[m[2:len(m)-1]]; ok {
				return v
			}
			return m
		})
	}
	return strings.TrimSpace(s)
}

// projectRelease reads the Java release a Maven or Gradle project targets (0 if unknown).
func projectRelease(root string) int {
	if p, err := readPOM(filepath.Join(root, "pom.xml")); err == nil {
		pp := pomProps{}
		pp.addPOM(p)
		for _, k := range []string{"maven.compiler.release", "maven.compiler.target", "maven.compiler.source", "java.version"} {
			if n := parseRelease(pp.expand(pp[k])); n > 0 {
				return n
			}
		}
		for _, pl := range p.Build.Plugins {
			if pl.ArtifactID != "maven-compiler-plugin" {
				continue
			}
			c := pl.Configuration
			for _, v := range []string{c.Release, c.Target, c.Source} {
				if n := parseRelease(pp.expand(v)); n > 0 {
					return n
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
					return n
				}
			}
		}
	}
	return 0
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
